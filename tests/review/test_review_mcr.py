"""``suanfan review`` of Botzone (MCR) logs (issue 33, part 3: "For MCR logs (Botzone), the same
with fan-aware analysis"): each match replayed on the MCR table, the discards judged by the
fan-aware expected-value search, the wins by their settlement."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from suanfan.analysis import expected_values
from suanfan.cli import main
from suanfan.logs import botzone
from suanfan.mcr import shanten
from suanfan.review import review_file
from suanfan.review.mcr import DEFAULT_MCR_THRESHOLD, review_matches

DATA = Path(__file__).resolve().parents[1] / "data" / "logs" / "botzone"
SAMPLE = Path(__file__).resolve().parents[3] / "shared" / "data" / "real" / "botzone_sample.txt"
LOGS = sorted(DATA.glob("*.txt")) + ([SAMPLE] if SAMPLE.exists() else [])

#: player 1's deal: a pure straight in characters, 1p, 23s and a Red Dragon (J1)
DEAL1 = ["W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "B1", "T2", "T3", "J1"]


def _match(first_discard: str = "T9") -> str:
    """A match that cuts off after player 1's first discard: player 0 draws and throws
    ``first_discard``, player 1 draws East (F1) and throws it."""
    pool = [f"{s}{n}" for s in "WBT" for n in range(1, 10) for _ in range(4)]
    pool += [f"F{n}" for n in range(1, 5) for _ in range(4)]
    pool += [f"J{n}" for n in range(1, 4) for _ in range(4)]
    hand1 = DEAL1
    for t in [*hand1, "F1", first_discard, "F2"]:
        pool.remove(t)
    deals = [pool[0:13], hand1, pool[13:26], pool[26:39]]
    lines = ["Match test1", "Wind 0"]
    lines += [f"Player {i} Deal " + " ".join(d) for i, d in enumerate(deals)]
    lines += [f"Player 0 Draw {first_discard}", f"Player 0 Play {first_discard}",
              "Player 1 Draw F1", "Player 1 Play F1", "Player 2 Draw F2"]
    return "\n".join(lines) + "\n"


def test_a_discard_judged_by_the_fan_aware_search_with_the_seen_tiles_removed() -> None:
    r = review_matches(botzone.parse(_match(), "cut.txt"), seat=1)
    assert r.system == "mcr" and r.player == "player 1" and r.summary.rounds == 1
    d = next(x for x in r.decisions if x.kind == "discard")
    assert d.hand == "123456789m1p23s17z" and d.actual == "1z" and d.model == "exact (fan-aware)"
    # the same search by hand: South, East round, 9s seen in player 0's river, 20 own-wall
    # tiles left (34 - 13 dealt - 1 drawn), so the first turn
    ev = expected_values("123456789m1p23s17z", "mcr", turn=1, shanten_down=False,
                         tegawari=False, details=False, model="table", visible="9s",
                         seat_wind="S", prevalent_wind="E", minimum=8)
    assert d.choices[0].action == ev.options[0].discard
    assert d.choices[0].value == pytest.approx(ev.options[0].expected_score[0])
    mine = next(c for c in d.choices if c.action == "1z")
    assert d.loss == pytest.approx((d.choices[0].value or 0.0) - (mine.value or 0.0))
    assert d.agree == (d.loss is not None and d.loss < 0.5)
    # the wall really is the player's: without the 9s seen the figure differs
    blind = expected_values("123456789m1p23s17z", "mcr", turn=1, shanten_down=False,
                            tegawari=False, details=False, model="table", seat_wind="S",
                            prevalent_wind="E", minimum=8)
    assert blind.options[0].expected_score[0] != pytest.approx(ev.options[0].expected_score[0])
    # the match cuts off: reviewed up to the fault, which is named
    assert len(r.errors) == 1 and "cut.txt" in r.errors[0]


def test_a_hand_far_from_eight_fans_gets_the_fan_aware_useful_tiles() -> None:
    r = review_matches(botzone.parse(_match(), "cut.txt"), seat=1, max_shanten=0)
    d = next(x for x in r.decisions if x.kind == "discard")
    assert shanten("123456789m1p23s17z", minimum=8, seat_wind="S") > 0
    assert d.model == "useful tiles (fan-aware)" and d.loss is None
    assert "8 fans" in d.note and d.choices and d.choices[0].shanten is not None


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_real_and_made_matches(path: Path) -> None:
    """Every decision is consistent, and every win taken is worth what the log's own Score line
    paid the winner (the real outcome, not an oracle)."""
    matches = {m.match: m for m in botzone.read(path)}
    for seat in range(4):
        r = review_file(path, seat=seat, max_shanten=1)
        assert r.system == "mcr" and r.summary.rounds == len(matches)
        assert r.summary.threshold == DEFAULT_MCR_THRESHOLD
        wins = 0
        for d in r.decisions:
            values = [c.value for c in d.choices if c.value is not None]
            assert values == sorted(values, reverse=True)
            if d.loss is not None:
                mine = next(c for c in d.choices if c.action == d.actual)
                assert d.loss == pytest.approx((d.choices[0].value or 0) - (mine.value or 0))
            if d.kind == "win" and d.actual == "hu":
                m = matches[d.round]
                assert m.scores is not None and m.win is not None
                if m.win.seat == seat:
                    hu = next(c for c in d.choices if c.action == "hu")
                    assert hu.value == m.scores[seat]
                    wins += 1
                else:  # a Hu claimed at once with the winner's and ignored on priority
                    assert any(c.seat == seat and c.kind == "hu"
                               for e in m.events for c in e.ignored)
        taken = sum(1 for m in matches.values() if m.win is not None and m.win.seat == seat
                    and m.scores is not None and m.scores[seat] > 0)
        assert wins == taken
        assert r.summary.agreed == sum(1 for d in r.decisions if d.loss is not None and d.agree)


def test_cli_json_text_html_and_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = DATA / "seat_walls.txt"
    assert main(["review", str(log), "--seat", "2", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["system"] == "mcr" and r["names"] == [f"player {i}" for i in range(4)]
    assert r["summary"]["decisions"] == len(r["decisions"]) > 0
    assert main(["review", str(log), "--seat", "2"]) == 0
    assert "agreement" in capsys.readouterr().out
    out = tmp_path / "r.html"
    assert main(["review", str(log), "--seat", "2", "--html", str(out)]) == 0
    capsys.readouterr()
    page = out.read_text()
    assert "player 2" in page and '<symbol id="sf-t0"' in page
    assert main(["review", str(log), "--player", "Bob"]) == 2
    out_, err = capsys.readouterr()
    assert err.count("\n") == 1 and "names no players" in err
    cut = tmp_path / "cut.txt"
    cut.write_text(_match())
    assert main(["review", str(cut), "--seat", "1"]) == 2  # reviewed up to the fault
    out_, err = capsys.readouterr()
    assert "cut.txt" in err and err.count("\n") == 1 and "judged in points 1," in out_
