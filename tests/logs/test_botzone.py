"""Botzone MCR logs: the hand-made edge cases (tests/data/logs/botzone/, written by its
make_logs.py with PyMahjongGB's Fan lines), simulated games read back event by event and win by
win, replay against the recorded fans and Score lines, and PyMahjongGB on simulated wins.

The walls follow the Botzone judge (judge/main.cpp): per-seat walls in the duplicate-format
judge (tanzaku/Chinese-Standard-Mahjong c97443d2, a fork of ailab-pku's; ailab-pku's
ijcai_mahjong/core.py plays alike), one shared wall in the earlier one (ailab-pku 5ecaccc3)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from suanfan import MahjongError, parse_hand
from suanfan.logs import LogError, botzone
from suanfan.logs.botzone import Claim, Match, Win, fan_names, tile_code
from suanfan.logs.botzone_replay import replay
from suanfan.logs.mcr_sim import SimGame, simulate, simulate_log
from suanfan.mcr import score
from suanfan.notation import parse_tile

DATA = Path(__file__).resolve().parents[1] / "data" / "logs" / "botzone"


def matches(name: str, walls: str = "auto") -> dict[str, Match]:
    out = {m.match: m for m in botzone.read(DATA / f"{name}.txt", strict=True, walls=walls)}
    assert all(m.error is None for m in out.values())
    return out


def win(name: str, match: str) -> Win:
    w = matches(name)[match].win
    assert w is not None
    return w


def test_tile_codes() -> None:
    # the Botzone judge (judge/main.cpp): W characters, B dots, T bamboo, F1-F4 E S W N,
    # J1 J2 J3 = MahjongGB's honours 5 6 7 (red, green, white)
    assert [tile_code(t) for t in (0, 9, 18, 27, 30, 31, 32, 33)] == \
        ["W1", "B1", "T1", "F1", "F4", "J3", "J2", "J1"]
    assert str(parse_hand("W1W2W3B4B5B6T7T8T9F1F1F1J1J1")) == "123m456p789s1117z 7z"
    for t in range(34):  # the reader and the notation read the codes alike
        assert botzone.tile_id(tile_code(t)) == parse_tile(tile_code(t)) == t


def test_every_hand_made_win_is_reproduced() -> None:
    wins = 0
    for path in sorted(DATA.glob("*.txt")):
        for r in replay(botzone.read(path, strict=True)):
            assert r.equal, (path.name, r)
            wins += 1
    assert wins == 18


def test_ignored_claims() -> None:
    m = matches("ignore")
    # player 2 plays B3; 3 chows, 0 pungs and 1 wins: 1 wins, the others are ignored
    hu = m["ignore-1"].events[-1]
    assert (hu.kind, hu.seat, hu.tile) == ("hu", 1, 9 + 2)
    assert hu.ignored == (Claim(0, "peng", 11), Claim(3, "chi", 12))
    w = win("ignore", "ignore-1")
    assert (w.seat, w.from_seat, w.self_drawn) == (1, 2, False)
    assert w.recorded is not None and w.recorded.deltas == (-8, 43, -27, -8)
    # two players win on one discard: the first counter-clockwise from the discarder wins
    assert m["ignore-2"].events[-1].ignored == (Claim(0, "hu", 6),)
    # a pung beats a chow, and the pung is a meld of the winner's hand (claimed from the left)
    peng = next(e for e in m["ignore-3"].events if e.kind == "peng")
    assert peng.ignored == (Claim(2, "chi", 14),)
    assert str(win("ignore", "ignore-3").hand) == "[666p2]123789p2555z 2z"


def test_robbing_a_kong() -> None:
    # seed 001: 抢杠和 "和别人自抓开明杠的牌。不计和绝张" — player 0 promotes its pung of T5 and
    # player 2 wins on the tile: the kong's player pays the fan total
    w = win("robbing_kong", "robbing")
    assert (w.seat, w.from_seat, w.robbing, w.kong, w.self_drawn) == (2, 0, True, True, False)
    assert not w.last_of_kind  # a robbed kong shows all four copies
    assert w.hand.winning_tile == 18 + 4
    r = score(w.hand, rules="mcr-botzone", **w.situation())
    assert "robbing_the_kong" in {f.id for f in r.fans}
    assert r.settlement(winner=2, discarder=0) == w.recorded.deltas if w.recorded else False
    assert matches("robbing_kong")["robbing"].events[-1].ignored == (Claim(3, "hu", 22),)


def test_kong_replacement_wins() -> None:
    # seed 001: 杠上开花 "开杠抓进的牌成和牌(不包括补花)"
    a = win("kong_replacement", "angang")  # after a concealed kong
    assert (a.self_drawn, a.kong, a.robbing) == (True, True, False)
    assert str(a.hand) == "[7777p]1237899m456s 6m"
    # the tile written after Hu on a self-drawn win is not the drawn tile: the Draw line is
    assert a.hu_tile == 0 and a.winning_tile == 5
    g = win("kong_replacement", "gang")  # after a claimed kong (from the player before: 1)
    assert g.kong and g.self_drawn and str(g.hand).startswith("[3333z1]")
    k = win("kong_replacement", "bugang-flower")  # a flower drawn in between: no 杠上开花
    assert k.self_drawn and not k.kong
    assert k.hand.flowers == (5,) and str(k.hand).startswith("[6666z5]")


def test_last_tile_of_the_wall() -> None:
    # nobody claims: each player draws its 21 tiles, and the 84th draw after the deal empties
    # the last wall: the last tile on per-seat walls and on one shared wall of 136 alike
    for walls in ("auto", "seat", "shared"):
        m = matches("last_tile", walls)
        assert [(x.walls, x.win and x.win.last_tile_of_wall) for x in m.values()] == \
            [("shared" if walls == "shared" else "seat", True)] * 2
    d = win("last_tile", "last-draw")
    assert d.self_drawn and d.last_tile_of_wall and d.seat == 3
    assert "last_tile_draw" in {f.id for f in score(d.hand, **d.situation()).fans}
    c = win("last_tile", "last-discard")
    assert not c.self_drawn and c.last_tile_of_wall and c.from_seat == 3
    assert "last_tile_claim" in {f.id for f in score(c.hand, **c.situation()).fans}
    assert sum(e.kind == "draw" for e in matches("last_tile")["last-draw"].events) == 84


# -- per-seat walls -----------------------------------------------------------------------------
# The judge of Botzone's duplicate format (judge/main.cpp of tanzaku/Chinese-Standard-Mahjong at
# c97443d2): main() gives player i the i-th 34 of the 136 shuffled tiles (pTileWall, no flowers);
# roundOutput deals 13 from a player's own wall, draws every tile (a kong's replacement too) from
# the drawing player's own wall and declares HUANG when that wall is empty; checkHu sets
# WIN_FLAG_WALL_LAST when the wall of the player after roundStage (the drawer, the discarder, the
# konger) is empty. In seat_walls.txt player 2 pungs player 0's first discard, so player 1 skips
# a draw: after 20 rounds of draws player 0 has drawn its 21 tiles, players 1, 2, 3 have 1 left.


def test_a_drawn_game_with_tiles_left_in_other_walls() -> None:
    m = matches("seat_walls")["seat-huang"]
    assert m.huang and m.walls == "seat" and m.scores == (0, 0, 0, 0)
    drawn = [13 + sum(e.kind == "draw" and e.seat == s for e in m.events) for s in range(4)]
    assert drawn == [34, 33, 33, 34]  # player 0 is to draw: its wall is empty, two tiles are left
    with pytest.raises(LogError, match="line 173: Huang with 2 tiles still in the wall"):
        matches("seat_walls", "shared")
    # the kong's replacement was the konger's last tile, and its next turn finds the wall empty
    k = matches("seat_walls")["seat-kong-huang"]
    assert k.huang and [(e.seat, e.kind) for e in k.events[-9:]] == [
        (3, "angang"), (3, "draw"), (3, "play"), (0, "draw"), (0, "play"), (1, "draw"),
        (1, "play"), (2, "draw"), (2, "play")]
    assert [13 + sum(e.kind == "draw" and e.seat == s for e in k.events) for s in range(4)] == \
        [34, 33, 33, 34]
    # a player with an empty wall may still claim a kong (the judge checks the wall of the player
    # after the discarder); its replacement draw ends the game
    g = matches("seat_walls")["seat-gang-huang"]
    assert g.huang and (g.events[-1].kind, g.events[-1].seat) == ("gang", 0)


@pytest.mark.parametrize(("match", "last"), [
    ("seat-last-draw", True),        # player 3's 21st tile, player 0's wall empty: 妙手回春
    ("seat-last-discard", True),     # its discard, won on by player 1: 海底捞月
    ("seat-draw-before", False),     # player 2's 20th draw: player 3 has a tile left
    ("seat-discard-before", False),  # player 2's discard before it
    ("seat-own-wall-empty", False),  # player 0's own wall empty, the next player's is not
    ("seat-kong-win", False),        # 杠上开花 on the konger's last tile, player 0 has one left
])
def test_last_tile_on_per_seat_walls(match: str, last: bool) -> None:
    w = matches("seat_walls")[match].win
    assert w is not None and w.last_tile_of_wall is last
    fans = {f.id for f in score(w.hand, rules="mcr-botzone", **w.situation()).fans}
    assert ("last_tile_draw" in fans) is (last and w.self_drawn)
    assert ("last_tile_claim" in fans) is (last and not w.self_drawn)
    assert w.recorded is not None and ("妙手回春" in dict(w.recorded.names)) is (
        last and w.self_drawn)
    if match == "seat-kong-win":
        assert w.kong and w.self_drawn
    # one shared wall of 136 would still hold tiles: no last tile (and the record disagrees)
    on_one = {m.match: m for m in botzone.read(DATA / "seat_walls.txt", walls="shared")}
    shared = on_one[match].win
    assert shared is not None and not shared.last_tile_of_wall


def test_walls_inferred_from_the_events() -> None:
    # flowers: only the shared wall (ailab-pku judge/main.cpp, main() pushes H1-H8) holds them
    assert matches("flowers")["flowers"].walls == "shared"
    assert matches("kong_replacement")["bugang-flower"].walls == "shared"
    assert {m.walls for m in matches("robbing_kong").values()} == {"seat"}
    # a kong with the konger's wall empty, a pung of the last discard: the per-seat judge refuses
    # both (checkInputDRAW; roundOutput's claim stages), so the match is one of a shared wall
    for m in matches("shared_walls").values():
        assert m.walls == "shared" and m.huang
    with pytest.raises(LogError, match="line 172: AnGang F1 with its own wall empty: the judge "
                                       "refuses a kong"):
        matches("shared_walls", "seat")
    bad = botzone.parse((DATA / "shared_walls.txt").read_bytes(), "w.txt", walls="seat")
    assert [m.error for m in bad] == [
        "w.txt: line 172: AnGang F1 with its own wall empty: the judge refuses a kong once the "
        "konger's or the next player's wall is empty",
        "w.txt: line 351: Peng B9 of the last tile: the wall of player 0, who would draw next, is "
        "empty, and the judge then allows only a Hu of the discard"]
    assert [m.walls for m in bad] == ["seat", "seat"]
    assert [e.line for e in bad[0].events][-1] == 171  # the events up to the fault
    with pytest.raises(MahjongError, match="walls='both': Botzone's walls are 'auto'"):
        botzone.parse("", walls="both")


def test_last_of_its_kind() -> None:
    # seed 001: 和绝张 "和牌池、桌面已亮明的3张牌所剩的第4张牌": two B5 in the river, one in a chow
    assert win("last_of_kind", "juezhang").last_of_kind
    assert not win("last_of_kind", "not-juezhang").last_of_kind  # two on view


def test_drawn_game() -> None:
    m = matches("huang")["huang"]
    assert m.huang and m.win is None and m.scores == (0, 0, 0, 0)
    assert list(replay(m)) == []


def test_flowers() -> None:
    w = win("flowers", "flowers")
    assert w.hand.flowers == (1, 6)  # H1 H6 dealt
    assert w.recorded is not None and ("花牌", 2) in w.recorded.names
    assert w.recorded.deltas == (-20, 36, -8, -8)  # flowers count in the fan paid


def test_fan_names() -> None:
    assert fan_names("清龙*1+嵌张*1+花牌*2") == (("清龙", 1), ("嵌张", 1), ("花牌", 2))
    rec = botzone.Recorded(19, fan_names("清龙*1+嵌张*1+独听・单钓*1+幺九刻*2"), (0, 0, 0, 0))
    assert rec.fans == (("closed_wait", 1), ("pung_of_terminals_or_honors", 2),
                        ("pure_straight", 1), ("single_wait", 1))
    assert botzone.Recorded(8, (("不是番", 1),), (0, 0, 0, 0)).fans == (("?不是番", 1),)


# -- simulated games --------------------------------------------------------------------------

SIM_SEED = 20240607


@pytest.fixture(scope="module")
def simulated() -> tuple[str, list[SimGame]]:
    """Games on per-seat walls (as Botzone plays today), on one wall with flowers (the earlier
    judge) and on one wall without them."""
    text, games = simulate_log(48, SIM_SEED)
    rng = random.Random(SIM_SEED + 1)
    flowery = [simulate(rng, f"flowers-{i}", flowers=True) for i in range(24)]
    return text + "".join(g.text for g in flowery), games + flowery


@pytest.fixture(scope="module")
def simulated_shared() -> tuple[str, list[SimGame]]:
    return simulate_log(16, SIM_SEED + 2, walls="shared")


def read_back(text: str, games: list[SimGame], walls: str) -> list[Match]:
    read = botzone.parse(text, "sim.txt", strict=True, walls=walls)
    assert [m.match for m in read] == [g.match for g in games]
    for m, g in zip(read, games, strict=True):
        assert m.walls == g.walls
        if g.win is None:
            assert m.huang and m.win is None
            continue
        w = m.win
        assert w is not None
        assert w.situation() == g.win.flags  # every flag inferred as the table knew it
    return read


def test_simulated_per_seat_walls(simulated: tuple[str, list[SimGame]],
                                  simulated_shared: tuple[str, list[SimGame]]) -> None:
    text, games = simulated
    read = read_back(text, games, "auto")
    seat = [(m, g) for m, g in zip(read, games, strict=True) if g.walls == "seat"]
    assert len(seat) == 48
    # drawn games: the player to draw has drawn its 21 tiles, tiles are left in other walls
    left = 0
    for m, _ in seat:
        if m.huang:
            drawn = [13 + sum(e.kind == "draw" and e.seat == s for e in m.events)
                     for s in range(4)]
            assert max(drawn) == 34 and sum(drawn) <= 136
            left += sum(drawn) < 136
    assert left >= 10
    assert sum(g.win is not None and g.win.flags["last_tile_of_wall"] for _, g in seat) >= 1
    # the same games read on per-seat walls asked for; one shared wall refuses their drawn games
    read_back("".join(g.text for _, g in seat), [g for _, g in seat], "seat")
    shared = botzone.parse("".join(g.text for _, g in seat), "sim.txt", walls="shared")
    assert sum(m.error is not None and "Huang with" in m.error for m in shared) == left
    # games on one wall without flowers, read as such
    read_back(*simulated_shared, "shared")


def test_simulated_games_read_back(simulated: tuple[str, list[SimGame]]) -> None:
    text, games = simulated
    read = botzone.parse(text, "sim.txt", strict=True)
    assert [m.match for m in read] == [g.match for g in games]
    kinds: set[str] = set()
    wins = 0
    for m, g in zip(read, games, strict=True):
        got = [(e.seat, e.kind, e.tile, tuple((c.seat, c.kind, c.tile) for c in e.ignored))
               for e in m.events]
        assert got == g.events, m.match
        kinds.update(e.kind for e in m.events)
        assert m.prevalent_wind == "ESWN"[g.wind]
        if g.win is None:
            assert m.huang and m.win is None
            continue
        wins += 1
        w = m.win
        assert w is not None
        assert w.hand == g.win.hand
        assert (w.seat, w.from_seat) == (g.win.seat, g.win.from_seat)
        assert w.situation() == g.win.flags  # every flag inferred as the table knew it
        assert w.recorded is not None
        assert (w.recorded.total, w.recorded.fans, w.recorded.deltas) == \
            (g.win.total, g.win.fans, g.win.deltas)
    assert wins >= 20
    # every kind of event happens in the sample
    assert kinds >= {"deal", "draw", "play", "chi", "peng", "gang", "angang", "bugang", "hu",
                     "flower"}
    assert any(e.ignored for m in read for e in m.events)


def test_simulated_wins_replay_equal(simulated: tuple[str, list[SimGame]],
                                     simulated_shared: tuple[str, list[SimGame]]) -> None:
    for (text, games), walls in ((simulated, "auto"), (simulated_shared, "shared")):
        results = list(replay(botzone.parse(text, "sim.txt", walls=walls)))
        assert len(results) == sum(g.win is not None for g in games)
        assert all(r.equal for r in results), [r for r in results if not r.equal][:1]


def test_simulated_wins_against_pymahjonggb(simulated: tuple[str, list[SimGame]]) -> None:
    """The Botzone judge's engine scores each simulated win as suanfan does: the total and the
    points of every fan (PyMahjongGB names the wait fans 独听・…)."""
    mgb = pytest.importorskip("MahjongGB")
    from suanfan.mcr.generate import to_botzone

    checked = 0
    for g in simulated[1]:
        if g.win is None:
            continue
        w = g.win
        sit = {k: v for k, v in w.flags.items()}
        ref = mgb.MahjongFanCalculator(**to_botzone(w.hand, sit))
        theirs: dict[str, int] = {}
        for points, name in ref:
            fid = botzone._fan_id(name)
            theirs[fid] = theirs.get(fid, 0) + points
        res = score(w.hand, rules="mcr-botzone", **sit)
        ours: dict[str, int] = {}
        for f in res.fans:
            ours[f.id] = ours.get(f.id, 0) + f.points
        assert ours == theirs, (str(w.hand), sit)
        assert res.total == sum(p for p, _ in ref) == w.total
        checked += 1
    assert checked >= 20
