"""``convert`` verifies what it writes (issue 31 item 4): every log of tests/data converted to
every riichi format reads back, with its own reader, as the same rounds, wins and scores; a
written log that would not is refused; and the faults that made convert write logs its reader
refused are gone (a draw out of turn, a riichi accepted with no declaration, a declared riichi
never accepted)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from suanfan.commands.convert import TARGETS, convert_file
from suanfan.errors import MahjongError
from suanfan.logs import Game, LogError, detect, mjai, parse, tenhou, tenhou6
from suanfan.logs.tenhou import read_bytes
from suanfan.logs.verify import round_trip

DATA = Path(__file__).resolve().parents[1] / "data"
PAO = DATA / "tenhou" / "logs" / "dnovikoff" / "pao.xml"
RIICHI = ("tenhou-xml", "tenhou6", "mjai")
WRITERS = {"tenhou-xml": tenhou.dumps, "tenhou6": tenhou6.dumps, "mjai": mjai.dumps}


def _riichi_logs() -> list[tuple[Path, str]]:
    out = []
    for path in sorted(DATA.rglob("*")):
        if path.is_file():
            fmt = detect(read_bytes(path)[1])
            if fmt in RIICHI:
                out.append((path, fmt))
    return out


LOGS = _riichi_logs()


def test_the_data_has_every_format() -> None:
    assert {fmt for _, fmt in LOGS} == set(RIICHI)
    assert set(RIICHI) <= set(TARGETS)


@pytest.mark.parametrize(("path", "fmt"), LOGS, ids=lambda x: getattr(x, "name", x))
def test_every_log_converts_to_every_format_and_reads_back_the_same(path: Path, fmt: str) -> None:
    try:
        game = parse(read_bytes(path)[1], path.name, fmt)
    except LogError:
        return  # a log its reader refuses (tests/data keeps bad logs): nothing to convert
    for to in RIICHI:
        try:
            chunks, _ = convert_file(str(path), fmt, to)
        except MahjongError as exc:
            # what the target cannot hold is refused, never a log that does not read back
            assert "does not read back" not in str(exc)
            continue
        text = "".join(chunks)
        assert round_trip(game, text, to, path.name) == []
        back = parse(text, path.name, to)
        assert sum(len(r.wins) for r in back.rounds) == sum(
            len(r.wins) for r in game.rounds if to == "tenhou-xml" or r.complete)


def test_a_written_log_that_reads_back_otherwise_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    real = tenhou6.dumps

    def lossy(game: Game) -> str:
        obj = json.loads(real(game))
        for rnd in obj["log"]:
            if rnd[-1][0] == "和了":
                rnd[-1][1] = [0] * len(rnd[-1][1])  # the first winner's score changes lost
                break
        return json.dumps(obj)

    monkeypatch.setattr(tenhou6, "dumps", lossy)
    with pytest.raises(MahjongError, match=r"does not read back as the same game.*score changes"):
        convert_file(str(PAO), "auto", "tenhou6")


def test_round_trip_names_a_lost_round() -> None:
    game = tenhou.read(PAO)
    obj = json.loads(tenhou6.dumps(game))
    obj["log"] = obj["log"][:-1]
    assert round_trip(game, json.dumps(obj), "tenhou6", "pao.json") == [
        f"{len(game.rounds)} rounds written, {len(game.rounds) - 1} read back"]
    assert "does not read back" in round_trip(game, "{}", "tenhou6", "x.json")[0]


def _without(text: str, pattern: str) -> str:
    m = re.search(pattern, text)
    assert m is not None
    return text[:m.start()] + text[m.end():]


def test_a_draw_out_of_turn_is_refused() -> None:
    # the first discard taken out: the next seat would draw while the dealer holds 14 tiles
    text = _without(PAO.read_text(encoding="utf-8"), r"<[DEFG]\d+/>")
    with pytest.raises(LogError, match="draws before seat 0 has discarded"):
        parse(text, "cut.xml")


def test_a_riichi_accepted_with_no_declaration_is_refused() -> None:
    text = _without(PAO.read_text(encoding="utf-8"), r'<REACH who="2" step="1"/>')
    with pytest.raises(LogError, match="riichi is accepted without its riichi discard"):
        parse(text, "reach.xml")


def test_a_riichi_never_accepted_lapses_and_converts() -> None:
    text = _without(PAO.read_text(encoding="utf-8"), r'<REACH who="2" step="2"/>')
    game = parse(text, "lapsed.xml")
    for to in RIICHI:
        assert round_trip(game, WRITERS[to](game), to, "lapsed") == []
