"""``suanfan review`` (issue 33, part 3): every decision of one player, judged by the exact
expected-value search with what the player could see taken out of the wall."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest

from suanfan.analysis import expected_values
from suanfan.cli import main
from suanfan.logs import parse
from suanfan.review import Review, review

DATA = Path(__file__).resolve().parents[1] / "data"
REAL = sorted((DATA / "tenhou" / "logs" / "mjlog2json").glob("*.xml"))[:2]

#: seat 1's hand: three sets, 23s and three lone honours; it draws East (1z) at its first turn
HAND = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2s", "3s", "P", "F"]


def _mjai(discard: str, hand: list[str] = HAND, riichi: bool = False) -> str:
    """A log that cuts off after seat 1's first discard (``discard``, declaring riichi if asked):
    seat 0 (the dealer) throws 1s first, which seat 1 sees."""
    pool = [f"{n}{s}" for s in "mps" for n in range(1, 10) for _ in range(4)]
    for s in "mps":  # one red five of each suit (the table has red fives)
        pool[pool.index(f"5{s}")] = f"5{s}r"
    pool += [h for h in "ESWNPFC" for _ in range(4)]
    for t in [*hand, "E", "1s", "1s", "9p"]:
        pool.remove(t)
    others = [pool[i * 13:(i + 1) * 13] for i in range(3)]
    dealer = [*others[0][:12], "1s"]
    tehais = [dealer, hand, others[1], others[2]]
    lines = [
        {"type": "start_game", "names": ["A", "B", "C", "D"]},
        {"type": "start_kyoku", "bakaze": "E", "dora_marker": "9p", "kyoku": 1, "honba": 0,
         "kyotaku": 0, "oya": 0, "scores": [25000] * 4, "tehais": tehais},
        {"type": "tsumo", "actor": 0, "pai": "1s"},
        {"type": "dahai", "actor": 0, "pai": "1s", "tsumogiri": True},
        {"type": "tsumo", "actor": 1, "pai": "E"},
        *([{"type": "reach", "actor": 1}] if riichi else []),
        {"type": "dahai", "actor": 1, "pai": discard, "tsumogiri": discard == "E"},
        *([{"type": "reach_accepted", "actor": 1}] if riichi else []),
    ]
    return "\n".join(json.dumps(x) for x in lines) + "\n"


def _first(r: Review):
    return next(d for d in r.decisions if d.kind == "discard")


def test_a_discard_judged_by_the_exact_search_with_the_seen_tiles_removed() -> None:
    r = review(parse(_mjai("2s"), "bad.mjson", strict=False), player="B")
    d = _first(r)
    assert d.hand == "123m456p23789s156z" and d.actual == "2s" and d.model == "exact"
    # the same search by hand: seat 1 (South) at turn 1, 1s seen in the dealer's river
    situation = {"seat_wind": "S", "round_wind": "E", "dora_indicators": "9p"}
    ev = expected_values("123m456p23789s156z", "riichi", turn=1, shanten_down=False, tegawari=False,
                         details=False, visible="1s", **situation)
    best = ev.options[0]
    assert d.best == best.discard and d.choices[0].value == pytest.approx(best.expected_score[0])
    # 2s breaks 23s: the hand it leaves, searched on its own, is worth less
    left = expected_values("123m456p3789s156z", "riichi", turn=1, shanten_down=False,
                           tegawari=False, details=False, visible="1s", **situation).options[0]
    assert d.loss == pytest.approx(best.expected_score[0] - left.expected_score[0]) and d.loss > 0
    assert not d.agree and r.summary.judged == 1 and r.summary.agreed == 0
    assert r.summary.expected_loss == pytest.approx(d.loss)
    # without the 1s seen the figures differ: the wall really is the player's
    blind = expected_values("123m456p23789s156z", "riichi", turn=1, shanten_down=False,
                            tegawari=False, details=False, **situation).options[0]
    assert blind.expected_score[0] != pytest.approx(best.expected_score[0])


def test_the_best_discard_agrees() -> None:
    r = review(parse(_mjai("F"), "good.mjson", strict=False), seat=1)
    d = _first(r)
    assert d.agree and d.loss == pytest.approx(0.0, abs=0.5) and r.summary.agreement_rate == 1.0


#: seat 1 ready on 1s-4s with a pair of White (a yaku-less hand: dama wins by self-draw only)
READY = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2s", "3s", "P", "P"]


@pytest.mark.parametrize("declared", [True, False], ids=["riichi", "dama"])
def test_riichi_or_dama_by_the_table_models_two_lines(declared: bool) -> None:
    r = review(parse(_mjai("E", READY, declared), "ready.mjson", strict=False), seat=1)
    d = next(x for x in r.decisions if x.kind == "riichi_or_dama")
    assert d.actual == ("riichi" if declared else "dama") and d.model == "exact (table model)"
    assert "after the discard 1z" in d.note
    situation = {"seat_wind": "S", "round_wind": "E", "dora_indicators": "9p"}
    ev = expected_values("123m456p23789s155z", "riichi", turn=1, shanten_down=False,
                         tegawari=False, details=False, visible="1s", model="table", **situation)
    o = next(x for x in ev.options if x.discard == "1z")
    assert o.riichi_expected_score is not None and o.dama_expected_score is not None
    # the better line is the option's figure; riichi adds a han but fixes the wait and risks
    # the 1000-point deposit
    assert o.expected_score[0] == max(o.riichi_expected_score[0], o.dama_expected_score[0])
    values = {c.action: c.value or 0.0 for c in d.choices}
    assert values["riichi"] == pytest.approx(o.riichi_expected_score[0])
    assert values["dama"] == pytest.approx(o.dama_expected_score[0])
    best = max(values, key=lambda a: values[a])
    assert d.best == best and d.agree == (d.actual == best or d.loss < 0.5)
    assert d.loss == pytest.approx(max(values.values()) - values[d.actual])
    # the reference model always declares: it gives no two lines
    ref = expected_values("123m456p23789s155z", "riichi", turn=1, shanten_down=False,
                          tegawari=False, details=False, visible="1s", **situation)
    assert all(x.riichi_expected_score is None for x in ref.options)


def test_results_pickle_and_serialise() -> None:
    r = review(parse(_mjai("2s"), "x.mjson", strict=False), seat=1)
    assert pickle.loads(pickle.dumps(r)) == r
    d = json.loads(json.dumps(r.to_dict()))
    assert set(d["summary"]) >= {"decisions", "judged", "agreed", "agreement_rate", "threshold",
                                 "big_losses", "big_loss_rate", "expected_loss", "rounds",
                                 "loss_per_round"}
    assert d["names"] == ["A", "B", "C", "D"]


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_real_games(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(path), "--seat", "2", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    s = r["summary"]
    assert s["decisions"] == len(r["decisions"]) > 20 and 0 < s["judged"] <= s["decisions"]
    for d in r["decisions"]:
        values = [c["value"] for c in d["choices"] if c["value"] is not None]
        assert values == sorted(values, reverse=True)
        if d["loss"] is not None:
            assert d["loss"] >= 0 and d["best"] == d["choices"][0]["action"]
            mine = next(c for c in d["choices"] if c["action"] == d["actual"])
            assert d["loss"] == pytest.approx(d["choices"][0]["value"] - mine["value"])
        if d["model"] == "exact+defence":
            assert d["threats"]
    assert s["agreed"] == sum(1 for d in r["decisions"] if d["loss"] is not None and d["agree"])


def test_bad_input_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "cut.mjson"
    log.write_text(_mjai("2s"))
    assert main(["review", str(log), "--player", "Nobody"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "'Nobody' is not in the log" in err
    bad = tmp_path / "bad.mjson"
    bad.write_text(_mjai("2s") + '{"type":"dahai","actor":1,"pai":"9z","tsumogiri":false}\n')
    assert main(["review", str(bad), "--seat", "1"]) == 2
    out, err = capsys.readouterr()
    assert "9z" in err and err.count("\n") == 1
    assert "judged in points 1," in out  # the round read up to the fault is reviewed
    assert main(["review", str(log)]) == 2
    assert "--player NAME or --seat N" in capsys.readouterr().err


def test_html_report_in_a_browser(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.web.test_browser import CHROMIUM  # the suite's Debian chromium

    playwright = pytest.importorskip("playwright.sync_api")
    out = tmp_path / "review.html"
    assert main(["review", str(REAL[0]), "--seat", "0", "--html", str(out)]) == 0
    capsys.readouterr()
    assert len(re.findall(r'<symbol id="sf-t\d+"', out.read_text())) == 37  # the tiles, once
    assert main(["review", str(REAL[0]), "--seat", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    shown = [d for d in data["decisions"] if d["kind"] in ("discard", "riichi", "riichi_or_dama", "win")
             or d["actual"] != d["best"]]
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.goto(out.as_uri())
        assert page.locator(".d").count() == len(shown)
        assert page.locator("svg.plot").count() >= 1
        assert page.locator(".d svg").count() >= len(shown)  # each hand drawn
        # the tiles are <use> of the page's one set of symbols, and they render at full size
        box = page.locator(".d svg use").first.bounding_box()
        assert box is not None and box["width"] > 20 and box["height"] > 30
        assert "agreement" in page.inner_text("table.summary")
        assert all(u.startswith("file:") for u in requests)  # no network
        browser.close()


def test_jobs_give_the_one_process_answer(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(p) for p in REAL]
    assert main(["review", *files, "--seat", "3", "--json", "--max-shanten", "1"]) == 0
    one = capsys.readouterr().out
    assert main(["review", *files, "--seat", "3", "--json", "--max-shanten", "1", "--jobs", "2"]) == 0
    assert capsys.readouterr().out == one and one.count("\n") == len(files)
