"""The mjlog XML writer (suanfan.logs.tenhou.dumps): every vendored mjlog written and read back is
the same game event for event and win for win; written as tenhou.net/6 or mjai and back, the same
replay (modulo what a format does not record); hand-written and real edge cases (three players
with nuki, a double ron, abortive draws); what cannot be written is refused."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from suanfan.logs import Game, mjai, read, replay, table_rules, tenhou, tenhou6
from suanfan.logs.tenhou_write import unknown_fu

DATA = Path(__file__).resolve().parents[1] / "data"
LOGS = DATA / "tenhou" / "logs"
FIXTURES = DATA / "logs"
FILES = sorted(p for p in LOGS.glob("*/*") if p.is_file())


def _events(game: Game) -> list[list[tuple[Any, ...]]]:
    """Every event of every round but its position among the log's elements (the writer leaves
    out <SHUFFLE>, <BYE> ...)."""
    return [[(e.tag, e.kind, e.seat, e.tile, e.step, e.meld) for e in r.events]
            for r in game.rounds]


def _rounds(game: Game, dice: bool = True) -> list[tuple[Any, ...]]:
    """The rounds' facts (the dice of the seed: not in tenhou.net/6 and mjai logs)."""
    return [(r.seed if dice else r.seed.split(",")[5], r.round_wind, r.kyoku, r.honba, r.sticks,
             r.dealer, r.scores, r.draw_game, r.complete, r.deltas, r.dealt) for r in game.rounds]


def _wins(game: Game) -> list[dict[str, Any]]:
    return [{k: getattr(w, k) for k in w.__slots__ if k not in ("index", "file")}
            for w in game.wins]


def _complete(game: Game) -> Game:
    return Game(game.file, game.players, game.rules, game.names,
                tuple(r for r in game.rounds if r.complete))


def _replayed(game: Game, rules: Any) -> list[tuple[Any, ...]]:
    return [(r.round, r.winner, r.from_seat, r.hand, r.recorded.to_dict(),
             None if r.scored is None else r.scored.to_dict(), r.equal)
            for r in replay(game, rules)]


def test_every_mjlog_written_back_is_the_same_game() -> None:
    wins = rounds = unfinished = 0
    for path in FILES:
        g = tenhou.read(path)
        text = tenhou.dumps(g)
        back = tenhou.parse(text, path.name)
        assert (back.players, back.rules, back.names) == (g.players, g.rules, g.names), path
        assert _rounds(back) == _rounds(g), path
        assert _events(back) == _events(g), path
        assert _wins(back) == _wins(g), path  # the recorded scores, the flags, the conflicts
        assert tenhou.dumps(back) == text, path  # a fixed point
        wins += len(g.wins)
        rounds += len(g.rounds)
        unfinished += sum(1 for r in back.rounds if not r.complete)
    assert (wins, rounds, unfinished) == (808, 1040, 53)  # the rounds a log ends inside too


def test_the_written_xml_has_what_tenhou_writes() -> None:
    path = LOGS / "mjx" / "tests_cpp_resources_mjlog_double-ron.mjlog"
    text = tenhou.dumps(tenhou.read(path))
    original = path.read_text(encoding="utf-8")

    def agaris(xml: str) -> list[str]:  # without owari (final scores and uma: not in the records)
        return [re.sub(r' owari="[^"]*"', "", a).replace(" />", "/>")
                for a in re.findall(r"<AGARI [^>]*>", xml)]

    assert agaris(text) == agaris(original)
    assert re.findall(r"<INIT [^>]*>", text) == [x.replace(" />", "/>").replace("\"/>", '"/>')
                                                 for x in re.findall(r"<INIT [^>]*>", original)]
    assert re.findall(r'<REACH who="\d" ten="[^"]*" step="2"/>', text) == \
        [x.replace(" />", "/>") for x in re.findall(r'<REACH who="\d" ten="[^"]*" step="2" ?/>',
                                                     original)]


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_other_formats_to_xml_same_replay(fmt: str) -> None:
    """mjlog -> tenhou.net/6 -> mjlog: the same replay as the tenhou.net/6 log's and the mjlog's
    but the fu of the limit hands (tenhou.net/6 records none: written 0, not compared). mjai
    records no yaku: an mjlog cannot be written from it."""
    module: Any = {"tenhou6": tenhou6, "mjai": mjai}[fmt]
    compared = 0
    for path in FILES:
        if path.parent.name == "mjx":  # mjx's fragments: written and read, not replayed (time)
            continue
        if fmt == "mjai" and path.parent.name != "mjlog2json":  # the refusal: six games (time)
            continue
        g = _complete(tenhou.read(path))
        other = module.parse(module.dumps(g), path.name)
        if fmt == "mjai":
            if other.wins:
                with pytest.raises(ValueError, match="no recorded yaku"):
                    tenhou.dumps(other)
            continue
        back = tenhou.parse(tenhou.dumps(other), path.name)
        assert _events(back) == _events(other), path
        rules = table_rules(g.rules)
        via = _replayed(back, rules)
        assert via == _replayed(other, rules), path
        direct = _replayed(g, rules)
        for a, b in zip(direct, via, strict=True):
            rec_a, rec_b = dict(a[4]), dict(b[4])
            if "fu" not in rec_b:
                assert rec_a["limit"], (path, a[0])  # only a limit hand loses its fu
                del rec_a["fu"]
            assert (a[:4], rec_a, a[5], a[6]) == (b[:4], rec_b, b[5], b[6]), (path, a[0])
            compared += 1
        assert unknown_fu(other) == sum(1 for x in via if "fu" not in x[4])
    assert compared == (0 if fmt == "mjai" else 187)


# a hand-written three-player game: the dealer draws a second North, sets one aside (nuki),
# draws its replacement and discards the other; seat 1 draws and declares nine terminals (yao9)
SANMA_NUKI = """<mjloggm ver="2.3"><GO type="25" lobby="0"/><UN n0="A" n1="B" n2="C" n3=""/>
<TAIKYOKU oya="0"/>
<INIT seed="0,0,0,1,2,124" ten="350,350,350,0" oya="0"
 hai0="120,0,1,32,36,40,44,48,72,76,80,84,108"
 hai1="2,33,37,41,45,49,73,77,81,85,109,112,116"
 hai2="3,34,38,42,46,50,74,78,82,86,110,113,117" hai3=""/>
<T121/><N who="0" m="30752"/><T56/><D121/><U88/>
<RYUUKYOKU type="yao9" ba="0,0" sc="350,0,350,0,350,0,0,0"/>
</mjloggm>"""


def test_three_players_nuki_and_an_abortive_draw() -> None:
    g = tenhou.parse(SANMA_NUKI, "sanma.xml")
    assert g.players == 3 and g.rules.sanma
    (rnd,) = g.rounds
    assert [e.kind for e in rnd.events] == ["deal", "draw", "call", "draw", "discard", "draw",
                                            "draw_game"]
    nuki = rnd.events[2].meld
    assert nuki is not None and nuki.kind == "nuki" and nuki.tiles == (120,)
    assert rnd.draw_game == "yao9" and rnd.deltas == (0, 0, 0)
    text = tenhou.dumps(g)
    assert '<N who="0" m="30752"/>' in text and 'hai3=""' in text and 'n3=""' in text
    assert '<RYUUKYOKU type="yao9" ba="0,0" sc="350,0,350,0,350,0,0,0"/>' in text
    for module in (tenhou, tenhou6, mjai):
        back = module.parse(module.dumps(g), "sanma")
        assert back.players == 3 and _events(back) == _events(g), module.__name__
        assert _rounds(back, module is tenhou) == _rounds(g, module is tenhou), module.__name__
    # the real three-player log: North tiles set aside in play and counted in the wins
    real = tenhou.read(LOGS / "dnovikoff" / "sanma2.xml")
    back = tenhou.parse(tenhou.dumps(real))
    assert sum(w.nuki for w in back.wins) == 4
    assert _events(back) == _events(real) and _wins(back) == _wins(real)


# a hand-written double ron (E1, 1 honba, 1 stick on the table): the dealer draws 4m and
# discards it; seat 1 (234m 456m 678p 345s 77s) and seat 2 (456m 234p 567p 234s 88s) both win on
# it with tanyao and pinfu, 2 han 30 fu, 2000 each (a non-dealer's ron, 30 fu x 2^4 x 4 = 1920,
# rounded up); the first after the discarder, seat 1, also collects the honba (300) and the stick
DOUBLE_RON = """<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D"/>
<TAIKYOKU oya="0"/>
<INIT seed="0,1,1,3,4,109" ten="240,250,250,250" oya="0"
 hai0="0,32,36,68,72,104,108,112,116,120,124,128,132"
 hai1="4,8,12,17,20,56,60,64,80,84,89,96,97"
 hai2="18,21,40,44,48,53,57,61,76,81,85,100,101"
 hai3="1,2,3,5,6,7,9,10,11,24,25,26,28"/>
<T13/><D13/>
<AGARI ba="1,1" hai="4,8,12,13,17,20,56,60,64,80,84,89,96,97" machi="13" ten="30,2000,0"
 yaku="7,1,8,1" doraHai="109" who="1" fromWho="0" sc="240,-23,250,33,250,0,250,0"/>
<AGARI ba="1,0" hai="13,18,21,40,44,48,53,57,61,76,81,85,100,101" machi="13" ten="30,2000,0"
 yaku="7,1,8,1" doraHai="109" who="2" fromWho="0" sc="217,-20,283,0,250,20,250,0"/>
</mjloggm>"""


def test_a_hand_written_double_ron() -> None:
    g = tenhou.parse(DOUBLE_RON, "double-ron.xml")
    (rnd,) = g.rounds
    assert [(w.seat, w.from_seat, w.honba, w.sticks, w.recorded.deltas) for w in rnd.wins] == \
        [(1, 0, 1, 1, (-2300, 3300, 0, 0)), (2, 0, 0, 0, (-2000, 0, 2000, 0))]
    assert [r.equal for r in replay(g)] == [True, True] and not any(w.conflicts for w in g.wins)
    text = tenhou.dumps(g)
    assert text.count("<AGARI ") == 2 and 'ba="1,0"' in text
    for module in (tenhou, tenhou6, mjai):
        back = module.parse(module.dumps(g), "double-ron")
        assert _events(back) == _events(g), module.__name__
        assert [(w.seat, w.honba, w.sticks, w.recorded.deltas, w.hand) for w in back.wins] == \
            [(w.seat, w.honba, w.sticks, w.recorded.deltas, w.hand) for w in g.wins]
        assert [r.equal for r in replay(back)] == [True, True], module.__name__
    assert tenhou.parse(tenhou.dumps(tenhou6.parse(tenhou6.dumps(g))), "x").wins[1].recorded.yaku \
        == ((7, 1), (8, 1))


def test_a_double_ron() -> None:
    g = tenhou.read(LOGS / "mjx" / "tests_cpp_resources_mjlog_double-ron.mjlog")
    (rnd,) = [r for r in g.rounds if len(r.wins) == 2]
    for text in (tenhou.dumps(g), tenhou.dumps(tenhou6.parse(tenhou6.dumps(g)))):
        back = tenhou.parse(text)
        (brnd,) = [r for r in back.rounds if len(r.wins) == 2]
        w1, w2 = brnd.wins
        assert w1.from_seat == w2.from_seat == 3
        # the first winner after the discarder collects the sticks, the other none
        assert (w1.recorded.sticks, w2.recorded.sticks) == (2, 0)
        assert [w.recorded.deltas for w in brnd.wins] == [w.recorded.deltas for w in rnd.wins]
        assert all(r.equal for r in replay(back) if r.round == rnd.label)
    # the tenhou.net/6 fixture of the same double ron (written by tenhou6.dumps) as an mjlog
    fixture = read(FIXTURES / "tenhou6" / "double-ron.json")
    back = tenhou.parse(tenhou.dumps(fixture))
    assert len(back.rounds[0].wins) == 2 and all(r.equal for r in replay(back))


def test_every_abortive_draw() -> None:
    g = read(FIXTURES / "tenhou6" / "abortive-draws.json")
    text = tenhou.dumps(g)
    assert [m for m in re.findall(r'<RYUUKYOKU type="(\w+)"', text)] == \
        ["yao9", "kaze4", "kan4", "reach4", "ron3"]
    back = tenhou.parse(text)
    assert _rounds(back) == _rounds(g) and _events(back) == _events(g)
    nm = tenhou.parse(tenhou.dumps(read(FIXTURES / "tenhou6" / "nagashi-mangan.json")))
    assert nm.rounds[0].draw_game == "nm" and max(nm.rounds[0].deltas) >= 8000


def test_what_cannot_be_written() -> None:
    with pytest.raises(ValueError, match="no recorded yaku"):
        tenhou.dumps(read(FIXTURES / "mjai" / "double-ron.jsonl"))
    g = tenhou.parse(SANMA_NUKI)
    no_deal = Game(g.file, g.players, g.rules, g.names, tuple(
        type(r)(r.index, r.seed, r.round_wind, r.kyoku, r.honba, r.sticks, r.dealer, r.scores,
                r.events, r.wins, r.draw_game, r.complete, r.deltas, ()) for r in g.rounds))
    with pytest.raises(ValueError, match="no dealt tiles"):
        tenhou.dumps(no_deal)
