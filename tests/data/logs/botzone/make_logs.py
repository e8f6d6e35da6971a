"""Write the hand-made Botzone logs of this folder (``python make_logs.py``; needs PyMahjongGB).

Each game is scripted here line by line: the deals of the players that matter, their draws,
discards, claims and the win. Only filler is mechanical: the other players' dealt tiles and the
draws of players who play the tile they drew, taken from the tiles left (never a kind the game's
point depends on). The ``Fan`` line of a win is what PyMahjongGB (the engine of the Botzone
judge) scores for the hand with the flags stated in the script (not inferred: the tests check
that the reader infers the same), named as Botzone names fans (嵌张 for 坎张); the ``Score`` line
is the judge's settlement (8 from each player plus the fan total, the discarder, or the robbed
kong's player, paying the fan total). ``seat_walls.txt`` is played on Botzone's per-seat walls
(each player's own wall of 34: the last-tile flag is stated per game, as the judge's ``checkHu``
sets it), ``shared_walls.txt`` on one wall of 136 past the point where per-seat walls end."""

from __future__ import annotations

import random
from pathlib import Path

import MahjongGB

from suanfan.mcr import FANS

HERE = Path(__file__).resolve().parent
CODES = [f"{s}{v}" for s in "WBT" for v in range(1, 10)] + [f"F{v}" for v in range(1, 5)] + \
    [f"J{v}" for v in range(1, 4)]
VALUE = {f.zh: f.value for f in FANS} | {"嵌张": 1, "边张": 1, "单钓将": 1}
NAME = {"独听・嵌张": "嵌张", "独听・边张": "边张", "独听・单钓": "单钓将"}


class Game:
    def __init__(self, match: str, wind: int, deals: dict[int, str], avoid: str = "",
                 seed: int = 0, flowers: dict[int, str] | None = None) -> None:
        self.rng = random.Random(seed)
        self.lines = [f"Match {match}", f"Wind {wind}"]
        self.wind = wind
        self.pool = {c: 4 for c in CODES}
        self.avoid = set(avoid.split())
        self.hands: list[list[str]] = [[], [], [], []]
        self.packs: list[list[tuple[str, str, int]]] = [[], [], [], []]
        self.flowers = [list((flowers or {}).get(s, "").split()) for s in range(4)]
        self.left = 136 - 52  # the playing tiles left once the four hands are dealt
        self.own = [13] * 4  # per-seat walls: the tiles each player took from its own wall of 34
        self.last: str = ""
        for s in range(4):
            for c in deals.get(s, "").split():
                self._take(c)
                self.hands[s].append(c)
        for s in range(4):
            while len(self.hands[s]) < 13:
                self.hands[s].append(self._take(self._filler()))
            self.lines.append(f"Player {s} Deal " + " ".join(self.hands[s] + self.flowers[s]))

    def _take(self, c: str) -> str:
        assert self.pool[c] > 0, f"a fifth {c}"
        self.pool[c] -= 1
        return c

    def _filler(self) -> str:
        """A tile left, of a kind not avoided while there are such (then one of an avoided kind,
        keeping its last copy for the script, then any: the wall's last tiles)."""
        free = [c for c in CODES if self.pool[c] and c not in self.avoid]
        return self.rng.choice(free or [c for c in CODES if self.pool[c] > 1]
                               or [c for c in CODES if self.pool[c]])

    def draw(self, s: int, c: str | None = None) -> str:
        c = self._take(c or self._filler())
        self.left -= 1
        self.own[s] += 1
        assert self.left >= 0
        self.hands[s].append(c)
        self.lines.append(f"Player {s} Draw {c}")
        self.last = c
        return c

    def flower(self, s: int, h: str) -> None:
        self.flowers[s].append(h)
        self.lines.append(f"Player {s} BuHua {h}")

    def play(self, s: int, c: str | None = None) -> None:
        c = c or self.last
        self.hands[s].remove(c)
        self.lines.append(f"Player {s} Play {c}")
        self.last = c

    def idle(self, seats: list[int]) -> None:
        """Each of ``seats`` draws a filler tile and plays it."""
        for s in seats:
            self.draw(s)
            self.play(s)

    def claim(self, s: int, op: str, c: str, frm: int, ignore: str = "") -> None:
        d = self.last
        if op == "Chi":
            i = int(c[1])
            for v in (i - 1, i, i + 1):
                t = f"{c[0]}{v}"
                if t != d:
                    self.hands[s].remove(t)
            self.packs[s].append(("CHI", c, int(d[1]) - i + 2))
        elif op == "Peng":
            self.hands[s].remove(c)
            self.hands[s].remove(c)
            self.packs[s].append(("PENG", c, (frm - s) % 4))
        else:
            for _ in range(3):
                self.hands[s].remove(c)
            self.packs[s].append(("GANG", c, (frm - s) % 4))
        self.lines.append(f"Player {s} {op} {c}" + (" " + ignore if ignore else ""))

    def angang(self, s: int, c: str) -> None:
        for _ in range(4):
            self.hands[s].remove(c)
        self.packs[s].append(("GANG", c, 0))
        self.lines.append(f"Player {s} AnGang {c}")

    def bugang(self, s: int, c: str) -> None:
        self.hands[s].remove(c)
        i = next(i for i, p in enumerate(self.packs[s]) if p[0] == "PENG" and p[1] == c)
        self.packs[s][i] = ("GANG", c, self.packs[s][i][2])
        self.lines.append(f"Player {s} BuGang {c}")
        self.last = c

    def hu(self, s: int, tile: str, frm: int | None, written: str | None = None,
           ignore: str = "", fourth: bool = False, kong: bool = False,
           last: bool | None = None) -> None:
        """A win; ``last`` the last-tile flag (default: one shared wall, no tile left)."""
        hand = list(self.hands[s])
        if frm is None:
            hand.remove(tile)
        res = MahjongGB.MahjongFanCalculator(
            pack=tuple(self.packs[s]), hand=tuple(hand), winTile=tile,
            flowerCount=len(self.flowers[s]), isSelfDrawn=frm is None, is4thTile=fourth,
            isAboutKong=kong, isWallLast=self.left == 0 if last is None else last, seatWind=s,
            prevalentWind=self.wind)
        total = sum(p for p, _ in res)
        names = [f"{NAME.get(n, n)}*{p // VALUE[NAME.get(n, n)]}" for p, n in res]
        self.lines.append(f"Player {s} Hu {written or tile}" + (" " + ignore if ignore else ""))
        self.lines.append(f"Fan {total} {'+'.join(names)}")
        score = [-(8 + total) if frm is None or x == frm else -8 for x in range(4)]
        score[s] = 0
        score[s] = -sum(score)
        self.lines.append("Score " + " ".join(map(str, score)))

    def huang(self, seat: int | None = None) -> None:
        """A drawn game: one shared wall empty, or (per-seat walls) ``seat``'s own wall."""
        assert self.left == 0 if seat is None else self.own[seat] == 34
        self.lines += ["Huang", "Score 0 0 0 0"]

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def ignore() -> str:
    # the README example: player 2 plays B3, player 3 chows, 0 pungs and 1 wins: 1 wins
    g = Game("ignore-1", 1, {0: "B3 B3", 1: "W1 W2 W3 W4 W5 W6 W7 W8 W9 F3 F3 B4 B5",
                             3: "B2 B4"}, avoid="B3 B6 B2 B5 B4", seed=1)
    g.idle([0, 1])
    g.draw(2, "B3")
    g.play(2)
    g.hu(1, "B3", 2, ignore="Ignore Player 0 PENG B3 Ignore Player 3 CHI B4")
    # two players win on one discard: the first counter-clockwise from the discarder wins (截胡)
    h = Game("ignore-2", 0, {0: "B1 B2 B3 B4 B5 B6 B7 B8 B9 J1 J1 W8 W9",
                             2: "T1 T2 T3 T4 T5 T6 T7 T8 T9 J2 J2 W8 W9"}, avoid="W7", seed=2)
    h.idle([0])
    h.draw(1, "W7")
    h.play(1)
    h.hu(2, "W7", 1, ignore="Ignore Player 0 HU W7")
    # a pung ignores a chow; the pung's player plays and waits, and wins on the next discard
    k = Game("ignore-3", 2, {0: "F2", 1: "B6", 2: "B5 B7",
                             3: "B6 B6 B1 B2 B3 B7 B8 B9 J3 J3 J3 F2 F2"},
             avoid="B5 B6 B7 F2 J3", seed=3)
    k.idle([0])
    k.draw(1)
    k.play(1, "B6")
    k.claim(3, "Peng", "B6", 1, ignore="Ignore Player 2 CHI B6")
    k.play(3, "F2")
    k.draw(0)
    k.play(0, "F2")
    k.hu(3, "F2", 0)
    return g.text + h.text + k.text


def robbing() -> str:
    # 0 pungs T5 from 3, draws the fourth T5 and promotes the pung: 2 robs the kong (3, also
    # waiting on T5, comes after 2 counter-clockwise from 0 and is ignored)
    g = Game("robbing", 3, {0: "T5 T5", 2: "W1 W2 W3 W4 W5 W6 B7 B8 B9 T4 T6 F1 F2",
                            3: "T5 B1 B1 B1 B2 B3 B4 B6 B6 B6 T4 T6 T9"},
             avoid="T5 F1 T4 T6 B1 B6", seed=4)
    g.idle([0, 1])
    g.draw(2, "F1")
    g.play(2, "F2")
    g.draw(3)
    g.play(3, "T5")
    g.claim(0, "Peng", "T5", 3)
    g.play(0, g.hands[0][0])
    g.draw(1)
    g.play(1)
    g.idle([2])
    g.draw(3)
    g.play(3, "T9")
    g.draw(0, "T5")
    g.bugang(0, "T5")
    g.hu(2, "T5", 0, ignore="Ignore Player 3 HU T5", kong=True)
    return g.text


def kong_replacement() -> str:
    # a concealed kong, the replacement completes the hand: 杠上开花
    g = Game("angang", 0, {0: "B7 B7 B7 W1 W2 W3 T4 T5 T6 W9 W9 W7 W8"}, avoid="B7 W6 W9", seed=5)
    g.draw(0, "B7")
    g.angang(0, "B7")
    g.draw(0, "W6")
    g.hu(0, "W6", None, written="W1", kong=True)
    # a claimed kong, the replacement completes the hand
    h = Game("gang", 1, {2: "F3 F3 F3 W1 W2 W3 T4 T5 T6 B9 B9 B5 B6",
                         1: "F3"}, avoid="F3 B4 B7 B9", seed=6)
    h.idle([0])
    h.draw(1)
    h.play(1, "F3")
    h.claim(2, "Gang", "F3", 1)
    h.draw(2, "B4")
    h.hu(2, "B4", None, kong=True)
    # a promoted kong, a flower drawn as its replacement, then the tile that completes the
    # hand: a flower replacement is not a kong's, so no 杠上开花
    k = Game("bugang-flower", 2, {3: "J2 J2 W1 W2 W3 T4 T5 T6 B2 B3 F4 F4 W5", 2: "J2"},
             avoid="J2 B1 B4 F4", seed=7, flowers={0: "H3"})
    k.idle([0, 1])
    k.draw(2)
    k.play(2, "J2")
    k.claim(3, "Peng", "J2", 2)
    k.play(3, "W5")
    k.idle([0, 1, 2])
    k.draw(3, "J2")
    k.bugang(3, "J2")
    k.flower(3, "H5")
    k.draw(3, "B4")
    k.hu(3, "B4", None)
    return g.text + h.text + k.text


def last_tile() -> str:
    # nobody claims: draw 84 (the 136th playing tile out of the wall) is player 3's, who wins
    # on it by self-draw (妙手回春)
    g = Game("last-draw", 0, {3: "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 J3"}, avoid="J3", seed=8)
    for i in range(83):
        g.idle([i % 4])
    g.draw(3, "J3")
    g.hu(3, "J3", None)
    # player 3 plays the last tile drawn and player 1 wins on it (海底捞月)
    h = Game("last-discard", 1, {1: "T1 T2 T3 T4 T5 T6 T7 T8 T9 B5 B5 B5 J1"}, avoid="J1",
             seed=9)
    for i in range(83):
        h.idle([i % 4])
    h.draw(3, "J1")
    h.play(3)
    h.hu(1, "J1", 3)
    return g.text + h.text


def last_of_kind() -> str:
    # B5's other three copies are on view when player 1 wins on it: two in the river, one in
    # player 3's chow
    g = Game("juezhang", 2, {0: "B5", 1: "W1 W2 W3 W4 W5 W6 T7 T8 T9 F1 F1 B4 B6",
                             2: "B5 B7", 3: "B5 B6"}, avoid="B4 B5 B6 B7 F1", seed=10)
    g.draw(0)
    g.play(0, "B5")  # on view: 1
    g.idle([1])
    g.draw(2)
    g.play(2, "B7")
    g.claim(3, "Chi", "B6", 2)  # B5 B6 B7: on view 2
    g.play(3, g.hands[3][0])
    g.idle([0, 1])
    g.draw(2)
    g.play(2, "B5")  # on view 3
    g.idle([3])
    g.draw(0, "B5")
    g.play(0)
    g.hu(1, "B5", 0, fourth=True)
    # the same tiles with one copy fewer on view: not the last of its kind
    h = Game("not-juezhang", 2, {0: "B5", 1: "W1 W2 W3 W4 W5 W6 T7 T8 T9 F1 F1 B4 B6",
                                 2: "B5 B7", 3: "B5 B6"}, avoid="B4 B5 B6 B7 F1", seed=10)
    h.draw(0)
    h.play(0, "B5")
    h.idle([1])
    h.draw(2)
    h.play(2, "B7")
    h.claim(3, "Chi", "B6", 2)
    h.play(3, h.hands[3][0])
    h.idle([0, 1])
    h.draw(2)
    h.play(2, h.hands[2][-1] if h.hands[2][-1] != "B5" else h.hands[2][0])
    h.idle([3])
    h.draw(0, "B5")
    h.play(0)
    h.hu(1, "B5", 0)
    return g.text + h.text


def huang() -> str:
    g = Game("huang", 3, {}, seed=11)
    for i in range(84):
        g.idle([i % 4])
    g.huang()
    return g.text


def flowers() -> str:
    g = Game("flowers", 0, {1: "W1 W1 W1 W2 W3 W4 W5 W6 W7 J1 J1 J1 T9"}, avoid="T9", seed=12,
             flowers={1: "H1 H6", 2: "H2"})
    g.idle([0])
    g.draw(1, "B1")
    g.play(1)
    g.idle([2])
    g.flower(3, "H8")
    g.draw(3)
    g.play(3)
    g.draw(0, "T9")
    g.play(0)
    g.hu(1, "T9", 0)
    return g.text


def _skew(match: str, wind: int, deals: dict[int, str], avoid: str, seed: int,
          cycles: int) -> Game:
    """Per-seat walls (Botzone's judge today: each player's own wall of 34, 13 dealt, 21 drawn):
    player 0 draws and plays W5, player 2 pungs it and plays, so player 1 skips a draw; then
    ``cycles`` rounds of draws 3 0 1 2 with nobody claiming. After 20 rounds player 0 has drawn
    its 21 tiles, players 1 and 2 have 1 left, player 3 has 1 left."""
    d = dict(deals)
    d[2] = "W5 W5 " + d.get(2, "")
    g = Game(match, wind, d, avoid="W5 " + avoid, seed=seed)
    g.draw(0, "W5")
    g.play(0)
    g.claim(2, "Peng", "W5", 0)
    g.play(2, g.hands[2][0])
    for _ in range(cycles):
        g.idle([3, 0, 1, 2])
    return g


def seat_walls() -> str:
    out = []
    # the player to draw (0) has an empty wall: a drawn game, with a tile left in the walls of
    # players 1 and 2 (134 of the 136 tiles out)
    g = _skew("seat-huang", 2, {}, "", 20, 20)
    g.idle([3])
    assert g.own == [34, 33, 33, 34] and g.left == 2
    g.huang(0)
    out.append(g.text)
    # player 3 draws its 21st tile, the wall of the next player (0) is empty: the last tile of the
    # game, won on by self-draw (妙手回春) ...
    hand3 = "B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 J3"
    g = _skew("seat-last-draw", 0, {3: hand3}, "J3", 21, 20)
    g.draw(3, "J3")
    assert g.own[0] == 34 and g.left == 2
    g.hu(3, "J3", None, last=True)
    out.append(g.text)
    # ... and on a discard (海底捞月)
    hand1 = "T1 T2 T3 T4 T5 T6 T7 T8 T9 B5 B5 B5 J1"
    g = _skew("seat-last-discard", 1, {1: hand1}, "J1", 22, 20)
    g.draw(3, "J1")
    g.play(3)
    g.hu(1, "J1", 3, last=True)
    out.append(g.text)
    # one tile before: player 2's 20th draw (the next player, 3, has a tile left) ...
    g = _skew("seat-draw-before", 3, {2: "F4 W1 W2 W3 W6 W7 W8 W2 W3 W4 W9"}, "W9", 23, 19)
    g.idle([3, 0, 1])
    g.draw(2, "W9")
    assert g.own == [34, 33, 33, 33]
    g.hu(2, "W9", None, last=False)
    out.append(g.text)
    # ... and its discard, won on by player 1
    g = _skew("seat-discard-before", 0, {1: hand1}, "J1", 24, 19)
    g.idle([3, 0, 1])
    g.draw(2, "J1")
    g.play(2)
    g.hu(1, "J1", 2, last=False)
    out.append(g.text)
    # player 0 draws its 21st and last tile and wins on it: its own wall is empty, the next
    # player's is not, and the judge looks at the next player's: no 妙手回春
    g = _skew("seat-own-wall-empty", 1, {0: "T1 T2 T3 T4 T5 T6 T7 T8 T9 B2 B3 B4 J2"}, "J2", 25,
              19)
    g.idle([3])
    g.draw(0, "J2")
    assert g.own == [34, 32, 32, 33]
    g.hu(0, "J2", None, last=False)
    out.append(g.text)
    # a concealed kong on player 3's 20th draw: its replacement, the last tile of its own wall,
    # completes the hand (杠上开花; the next player, 0, still has a tile: not 妙手回春)
    g = _skew("seat-kong-win", 2, {3: "F1 F1 F1 B1 B2 B3 T4 T5 T6 W7 W8 W9 J1"}, "F1 J1", 26, 19)
    g.draw(3, "F1")
    g.angang(3, "F1")
    g.draw(3, "J1")
    assert g.own == [33, 32, 32, 34]
    g.hu(3, "J1", None, kong=True, last=False)
    out.append(g.text)
    # the same kong, the replacement played: players 0, 1 and 2 draw, then player 3 has an empty
    # wall: a drawn game with a tile left in the walls of players 1 and 2
    g = _skew("seat-kong-huang", 3, {3: "F1 F1 F1"}, "F1", 27, 19)
    g.draw(3, "F1")
    g.angang(3, "F1")
    g.draw(3)
    g.play(3)
    g.idle([0, 1, 2])
    assert g.own == [34, 33, 33, 34]
    g.huang(3)
    out.append(g.text)
    # player 0, its own wall empty, claims a kong of player 1's discard (allowed: the wall of the
    # player after the discarder, 2, is not empty); its replacement draw finds the wall empty
    g = _skew("seat-gang-huang", 0, {0: "J3 J3 J3", 1: "J3"}, "J3", 28, 19)
    g.idle([3, 0])
    g.draw(1)
    g.play(1, "J3")
    g.claim(0, "Gang", "J3", 1)
    assert g.own == [34, 33, 32, 33]
    g.huang(0)
    out.append(g.text)
    return "".join(out)


def shared_walls() -> str:
    """Games on one shared wall of 136 (no flowers) that Botzone's per-seat walls would refuse:
    the same deals as seat_walls' and play past the point where player 0's own wall is empty."""
    out = []
    # player 3 draws the 134th tile and makes a concealed kong: on per-seat walls its own wall
    # and the next player's are empty (the judge refuses the kong); on one wall, tiles are left
    # to replace it; player 0 draws the 136th tile, then player 1 finds the wall empty
    g = _skew("shared-kong-late", 1, {3: "F1 F1 F1"}, "F1", 29, 20)
    g.draw(3, "F1")
    g.angang(3, "F1")
    g.draw(3)
    g.play(3)
    g.idle([0])
    assert g.left == 0
    g.huang()
    out.append(g.text)
    # player 3 plays after its 21st draw and player 1 pungs the discard: on per-seat walls the
    # wall of the player after the discarder (0) is empty and the judge allows only a Hu of it;
    # on one wall, players 2 and 3 then draw the last two tiles
    g = _skew("shared-peng-last", 2, {1: "B9 B9"}, "B9", 30, 20)
    g.draw(3, "B9")
    g.play(3)
    g.claim(1, "Peng", "B9", 3)
    g.play(1, g.hands[1][0])
    g.idle([2, 3])
    assert g.left == 0
    g.huang()
    out.append(g.text)
    return "".join(out)


if __name__ == "__main__":
    for name, make in (("ignore", ignore), ("robbing_kong", robbing),
                       ("kong_replacement", kong_replacement), ("last_tile", last_tile),
                       ("last_of_kind", last_of_kind), ("huang", huang), ("flowers", flowers),
                       ("seat_walls", seat_walls), ("shared_walls", shared_walls)):
        (HERE / f"{name}.txt").write_text(make(), encoding="utf-8")
