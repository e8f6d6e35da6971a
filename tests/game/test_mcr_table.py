"""suanfan.game.MCRTable: the MCR table applies typed events on Botzone's walls and refuses those
that do not fit, naming the event and leaving the table as it was; real Botzone matches replay on
it (suanfan.logs.botzone.tables), hands, rivers and the counts of visible tiles as the log says.

The rules are the Botzone judge's (judge/main.cpp of ailab-pku/Chinese-Standard-Mahjong and its
forks, as suanfan.logs.botzone's docstring states them): per-seat walls of 34 (13 dealt, 21
drawn, no flowers) or one shared wall of 136 (+8 flowers); a chow only of the left seat's
discard; a promoted kong of a pung held; a win on a discard, a robbed kong or after one's own
draw."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from suanfan.errors import MahjongError
from suanfan.game import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    Discard,
    Draw,
    FlowerDraw,
    GameError,
    Kong,
    MCRDeal,
    MCRDrawGame,
    MCRGameEvent,
    MCRTable,
    MCRWin,
    Pung,
    RiverTile,
    TileError,
    TurnError,
    WallError,
)
from suanfan.hand import MeldKind
from suanfan.logs import LogError, botzone

DATA = Path(__file__).resolve().parents[1] / "data" / "logs" / "botzone"
REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "real" / "botzone_sample.txt"

# seat 0: 1-9m 1-4p; seat 1: 5-9p 1-8s; seat 2: 9s S W N and the dragons, 1m 1p 1s 9m 9p 8p;
# seat 3: 234m 234p 234s and four East
HANDS = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
    (13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25),
    (26, 28, 29, 30, 31, 32, 33, 0, 9, 18, 8, 17, 16),
    (1, 2, 3, 10, 11, 12, 19, 20, 21, 27, 27, 27, 27),
)


def dealt(walls: str = "seat") -> MCRTable:
    t = MCRTable(0, walls)
    for s in range(4):
        t.apply(MCRDeal(s, HANDS[s]))
    return t


def refused(table: MCRTable, event: MCRGameEvent, kind: type[GameError] = GameError) -> str:
    """The refusal of ``event``; the table is left as it was."""
    before = (table.phase, table.turn, [table.hand(s) for s in range(4)],
              [table.discards(s) for s in range(4)], [table.melds(s) for s in range(4)],
              len(table.events))
    with pytest.raises(kind) as info:
        table.apply(event)
    assert isinstance(info.value, MahjongError)
    after = (table.phase, table.turn, [table.hand(s) for s in range(4)],
             [table.discards(s) for s in range(4)], [table.melds(s) for s in range(4)],
             len(table.events))
    assert after == before
    return str(info.value)


def test_a_go_around_is_applied() -> None:
    t = dealt()
    assert (t.phase, t.to_act(), t.prevalent_wind, t.seat_wind(2)) == ("draw", 0, "E", "W")
    assert t.hand(0) == HANDS[0] and t.wall_left(0) == 21
    t.apply(Draw(0, 13))
    assert (t.phase, t.turn, t.wall_left(0), t.wall_left(1)) == ("act", 0, 20, 21)
    t.apply(Discard(0, 13))
    assert t.phase == "claim" and t.to_act() == 1 and t.last_discard == (0, 13)
    # seat 1 chows 5p with 6p 7p (the chow's middle tile 6p = 14)
    t.apply(Chow(1, 14))
    assert t.melds(1)[0].kind is MeldKind.CHOW and t.melds(1)[0].source == 1
    assert t.discards(0) == (RiverTile(13, called=True),) and t.river(0) == ()
    assert (t.phase, t.to_act()) == ("discard", 1)
    t.apply(Discard(1, 25))
    t.apply(Draw(2, 4))
    t.apply(Discard(2, 4))
    assert t.river(2) == (4,)
    t.apply(Draw(3, 5))
    # a concealed kong of East, then its replacement draw
    t.apply(ConcealedKong(3, 27))
    assert t.phase == "draw" and t.melds(3)[0].concealed and t.meld_sources(3) == (None,)
    t.apply(Draw(3, 6))
    t.apply(Discard(3, 6))
    assert t.hand(3) == (1, 2, 3, 10, 11, 12, 19, 20, 21, 5)
    assert t.wall_left(3) == 19


def test_refusals_name_the_event() -> None:
    t = dealt()
    # out of turn: seat 0 draws first once seat 1 has drawn
    t.apply(Draw(1, 26))
    assert "a draw by player 0 out of turn: player 1 discards" in refused(t, Draw(0, 13),
                                                                           TurnError)
    # a discard of a tile not held
    assert "discard 1m: player 1 holds 0 1m, not 1" in refused(t, Discard(1, 0))
    t.apply(Discard(1, 13))
    # a claim of one's own discard; a chow by a seat not after the discarder; a pung of another
    # tile; a chow whose tiles are not held
    assert "player 1 claims their own discard" in refused(t, Pung(1, 13))
    assert "only the next player (2) may" in refused(t, Chow(3, 14))
    assert "pung 6p: the discard is 5p" in refused(t, Pung(3, 14))
    assert "player 2 holds 0 3p, not 1" in refused(t, Chow(2, 12))
    # a win on the discard that names another tile; a fifth copy drawn
    assert "win 1m on player 1's discard 5p" in refused(t, MCRWin(2, 0))
    t.apply(Draw(2, 0))
    t.apply(Discard(2, 0))
    t.apply(Draw(3, 0))
    t.apply(Discard(3, 0))
    assert "a fifth 1m" in refused(t, Draw(0, 0))
    # no tile, no flower; a kong of tiles not held; a drawn game with tiles left; after the end
    assert refused(t, Draw(0, 34), TileError).startswith("tile 34 is not a playing tile")
    t.apply(Draw(0, 13))
    assert "concealed kong 1m: player 0 holds 1 1m, not 4" in refused(t, ConcealedKong(0, 0))
    assert "player 0 has no pung of 2m" in refused(t, AddedKong(0, 1))
    assert "a claim by player 2 out of turn" in refused(t, Kong(2, 13), TurnError)
    t.apply(Discard(0, 13))
    assert "a drawn game with 20 tiles still in the own wall of player 1" in \
        refused(t, MCRDrawGame(), WallError)
    assert "flower 9 is not a flower" in refused(t, FlowerDraw(1, 9), TileError)
    assert "a win by player 0 out of turn" in refused(t, MCRWin(0, 13), TurnError)


def test_walls() -> None:
    # per-seat walls hold no flowers; the shared wall does
    t = MCRTable(0, "seat")
    assert "per-seat walls hold no flowers" in refused(t, MCRDeal(0, HANDS[0], (1,)), WallError)
    s = MCRTable(0, "shared")
    s.apply(MCRDeal(0, HANDS[0], (1,)))
    assert s.flowers(0) == (1,) and s.wall_left(0) == 136 - 13
    for seat in range(1, 4):
        s.apply(MCRDeal(seat, HANDS[seat]))
    assert "flower 1f a second time" in refused(s, FlowerDraw(0, 1))
    s.apply(FlowerDraw(0, 2))
    assert s.phase == "draw" and s.flowers(0) == (1, 2)
    s.apply(Draw(0, 13))
    assert s.wall_left(3) == 136 - 53
    with pytest.raises(Exception, match="walls="):
        MCRTable(0, "dead")
    with pytest.raises(Exception, match="prevalent_wind="):
        MCRTable(4)


def _matches(path: Path, walls: str = "auto") -> list[botzone.Match]:
    return list(botzone.read(path, strict=True, walls=walls))


def _real() -> Path:
    if not REAL.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{REAL} is missing (the shared data sits beside the repository)")
        pytest.skip(f"{REAL} is missing")
    return REAL


def test_real_matches_replay_on_the_table() -> None:
    matches = _matches(_real()) + [m for p in sorted(DATA.glob("*.txt")) for m in _matches(p)]
    assert len(matches) >= 16 + 18
    plays = 0
    for m in matches:
        last = None
        for e, table in botzone.tables(m):
            last = table
            if e.kind == "play":
                # a discard is made holding 14 tiles, a meld counting three
                assert len(table.hand(e.seat)) + 3 * len(table.melds(e.seat)) == 14
                plays += 1
            elif e.kind in ("draw", "flower") and table.phase != "deal":
                assert len(table.hand(e.seat)) + 3 * len(table.melds(e.seat)) == 13
            seen = table.visible(0)
            assert all(0 <= c <= 4 for c in seen)
        assert last is not None and last.ended
        if m.win is not None:
            f = last.win
            assert f is not None and f.hand() == m.win.hand
            assert (f.seat, f.from_seat, f.last_of_kind, f.last_tile_of_wall) == \
                (m.win.seat, m.win.from_seat, m.win.last_of_kind, m.win.last_tile_of_wall)
        else:
            assert m.huang and last.drawn
    assert plays > 500


def test_hands_and_rivers_at_known_points() -> None:
    # Botzone match 61602cb45ddc087351c04358 (the sample's first): the deal, and player 0's
    # river before the win
    m = _matches(_real())[0]
    assert m.match == "61602cb45ddc087351c04358"
    steps = list((e, table.hand(0), table.river(0), table.discards(0), table.visible(1),
                  table.hand(1), table.melds(1)) for e, table in botzone.tables(m))
    e, hand0, river0, _, _, _, _ = steps[4]  # before the first draw: player 0's dealt tiles
    assert e.kind == "draw" and hand0 == m.events[0].tiles and river0 == ()
    # at every point: player 0's river is its plays less the ones claimed or won on
    plays: list[int] = []
    river: list[int] = []
    prev = None
    for e, _, river0, discards0, vis1, hand1, melds1 in steps:
        # (the table as it stands before e)
        assert tuple(r.tile for r in discards0) == tuple(plays)
        assert river0 == tuple(river)
        # what player 1 sees: at least its hand and its melds
        assert sum(vis1) >= len(hand1) + sum(len(x.tiles) for x in melds1)
        if prev is not None and prev.kind == "play" and prev.seat == 0 and \
                e.kind in ("chi", "peng", "gang", "hu"):
            river.pop()
        if e.kind == "play" and e.seat == 0:
            assert e.tile is not None
            plays.append(e.tile)
            river.append(e.tile)
        prev = e
    assert len(plays) > 5 and len(river) < len(plays)


def test_visible_counts() -> None:
    # a concealed kong is seen by its owner only
    kongs = 0
    for m in _matches(DATA / "kong_replacement.txt") + _matches(_real()):
        prev = None
        for e, table in botzone.tables(m):
            if prev is not None and prev.kind == "angang":
                assert prev.tile is not None
                assert table.visible(prev.seat)[prev.tile] == 4
                for other in range(4):
                    if other != prev.seat:
                        assert table.visible(other)[prev.tile] == 0
                kongs += 1
            prev = e
    assert kongs >= 2


def test_counts_worked_by_hand() -> None:
    t = dealt()
    t.apply(Draw(0, 13))
    t.apply(Discard(0, 13))  # 5p to the river
    t.apply(Chow(1, 14))  # 567p: the 5p leaves the river for the meld
    t.apply(Discard(1, 25))  # 8s
    t.apply(Draw(2, 4))
    t.apply(Discard(2, 4))  # 5m
    t.apply(Draw(3, 5))
    t.apply(ConcealedKong(3, 27))
    v0, v2, v3 = t.visible(0), t.visible(2), t.visible(3)
    # seat 0: its hand (1-9m 1-4p), the chow 567p, the rivers 8s and 5m; not the East kong
    assert (v0[13], v0[14], v0[15], v0[25], v0[4], v0[0], v0[27]) == (1, 1, 1, 1, 2, 1, 0)
    # seat 2 holds 8p (16) and 1m; it sees 5m in its own river only
    assert (v2[16], v2[4], v2[0], v2[27]) == (1, 1, 1, 0)
    # seat 3 sees its own kong, its hand and the same table
    assert (v3[27], v3[5], v3[13], v3[25]) == (4, 1, 1, 1)
    assert sum(v0) == 13 + 3 + 2 and sum(v3) == 10 + 4 + 3 + 2


def test_tables_of_a_bad_match_stop_at_the_fault() -> None:
    lines = (DATA / "robbing_kong.txt").read_text(encoding="utf-8").splitlines()
    draw = next(i for i, x in enumerate(lines) if " Draw " in x)
    lines.insert(draw + 1, lines[draw])  # the same player draws twice
    m = botzone.parse("\n".join(lines) + "\n", "bad.txt")[0]
    assert m.error is not None and f"line {draw + 2}: " in m.error
    events = [e for e, _ in botzone.tables(m)]
    assert events == list(m.events) and len(events) == 5
    # a good match whose events the table refuses (a second deal) raises naming the line
    good = _matches(DATA / "robbing_kong.txt")[0]
    broken = botzone.Match(good.file, good.match, good.line, good.prevalent_wind,
                           (*good.events, good.events[0]), good.win, good.huang, good.scores,
                           None, good.walls)
    with pytest.raises(LogError, match=f"line {good.events[0].line}: player 0 is dealt twice"):
        list(botzone.tables(broken))


def _action(e: botzone.Event) -> Action | None:
    """The legal action a match's event is (``None`` for a deal)."""
    kinds = {"draw": "draw", "flower": "draw", "play": "discard", "chi": "chow", "peng": "pung",
             "gang": "kong", "angang": "concealed_kong", "bugang": "added_kong", "hu": "win"}
    if e.kind == "deal":
        return None
    kind = kinds[e.kind]
    assert e.tile is not None
    return Action(kind, e.seat, -1 if kind in ("draw", "win") else e.tile)


def test_legal_actions_at_a_known_point() -> None:
    t = dealt()
    assert t.legal_actions(0) == [Action("draw", 0)]  # (the first draw may be any seat's)
    t.apply(Draw(0, 13))
    assert t.legal_actions(1) == []
    acts = t.legal_actions(0)
    assert acts == [Action("discard", 0, k) for k in range(14)]
    t.apply(Discard(0, 13))
    # seat 1 (the next) may draw, chow 567p (its 6p 7p) or pass; it holds one 5p: no pung
    assert t.legal_actions(1) == [Action("draw", 1), Action("chow", 1, 14), Action("pass", 1)]
    assert t.legal_actions(2) == t.legal_actions(3) == t.legal_actions(0) == []
    t.apply(Chow(1, 14))
    assert Action("discard", 1, 16) in t.legal_actions(1) and t.legal_actions(2) == []
    t.apply(Discard(1, 25))
    t.apply(Draw(2, 4))
    t.apply(Discard(2, 4))
    t.apply(Draw(3, 5))
    assert Action("concealed_kong", 3, 27) in t.legal_actions(3)
    # no win: seat 3's hand is not complete
    assert all(a.kind != "win" for a in t.legal_actions(3))
    t.apply(ConcealedKong(3, 27))
    assert t.legal_actions(3) == [Action("draw", 3)]
    assert t.legal_actions(0) == []


def test_every_logged_event_is_a_legal_action() -> None:
    # real matches (the Botzone sample) and the hand-made ones: every action a player took was
    # among the legal actions of its seat at that point, wins scoring the 8-fan minimum
    # (mcr-botzone)
    matches = _matches(_real()) + [m for p in sorted(DATA.glob("*.txt")) for m in _matches(p)]
    checked = 0
    for m in matches:
        for e, table in botzone.tables(m):
            a = _action(e)
            if a is None:
                continue
            legal = table.legal_actions(e.seat)
            assert a in legal, (m.match, e.line, a, legal)
            checked += 1
    assert checked > 1000
