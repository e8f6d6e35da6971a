"""A small seeded simulator of MCR games that writes Botzone logs (for tests and examples).

Four greedy players play one hand on Botzone's walls (no dead wall, kong replacements are ordinary
draws), as :mod:`suanfan.logs.botzone` describes them: per-seat walls by default (``walls="seat"``,
Botzone's judge today: each player's own wall of 34, 13 dealt and 21 drawn, a game drawn when the
player to draw has an empty wall, no kong once the konger's or the next player's wall is empty, no
chow, pung or kong of a discard once the wall of the player after the discarder is empty), or one
shared wall (``walls="shared"``: 136 playing tiles, plus the 8 flowers with ``flowers=True``): each
discards a tile that
keeps its shanten lowest, chows, pungs and kongs when that does not set it back (at random, so
that every kind of claim happens), declares concealed and promoted kongs, and wins, by self-draw,
on a discard or by robbing a promoted kong, whenever its hand reaches the 8-fan minimum
(scored with :func:`suanfan.mcr.score`, ``mcr-botzone``). Claims made at the same time that lose
on priority (和 > 碰/杠 > 吃, then counter-clockwise from the discarder) are written as ``Ignore``
claims. The game ends with ``Fan`` and ``Score`` lines, or ``Huang`` when a player must draw from
an empty wall. The last-tile flag is the judge's: one shared wall, no playing tile left; per-seat
walls, the wall of the player after the drawer, discarder or konger is empty.

The simulator keeps its own account of what happened (:class:`SimGame`: every event, and for a
win the hand, the flags as the table knew them, the fans and the settlement) so that a test can
check a reader against it.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..errors import InvalidArgument
from ..hand import Hand, Meld, MeldKind
from ..mcr import get_rules, score
from .botzone import botzone_fan_name, tile_code, tile_id

__all__ = ["SimGame", "SimWin", "simulate", "simulate_log"]

_RULES: Final = "mcr-botzone"
_WINDS: Final = "ESWN"

#: what the players do: the chance to take a claim or a kong that does not set them back, and to
#: discard at random instead of greedily
P_CHOW: Final = 0.6
P_PUNG: Final = 0.7
P_KONG: Final = 0.8
P_RANDOM_DISCARD: Final = 0.05


class SimWin:
    """A simulated win: ``seat``, ``from_seat`` (who pays the fan total; ``None`` self-drawn),
    ``hand``, the situation ``flags`` (the keyword arguments the scorer was given), ``total``,
    ``fans`` ``(fan id, count)`` sorted and ``deltas``."""

    __slots__ = ("deltas", "fan_line", "fans", "flags", "from_seat", "hand", "seat", "total")

    def __init__(self, seat: int, from_seat: int | None, hand: Hand, flags: dict[str, Any],
                 total: int, fans: tuple[tuple[str, int], ...], deltas: tuple[int, ...],
                 fan_line: str) -> None:
        self.fan_line = fan_line
        self.seat = seat
        self.from_seat = from_seat
        self.hand = hand
        self.flags = flags
        self.total = total
        self.fans = fans
        self.deltas = deltas


class SimGame:
    """A simulated game: ``match`` id, ``wind`` (0-3), ``walls`` (``"seat"`` or ``"shared"``),
    ``lines`` of its Botzone log, ``events``
    as ``(seat, kind, tile, ignored)`` (kinds and tiles as :class:`suanfan.logs.botzone.Event`
    has them, a deal's tile ``None``; ``ignored`` ``(seat, kind, tile)`` triples), ``win`` or
    ``None`` for a drawn game."""

    __slots__ = ("events", "lines", "match", "walls", "win", "wind")

    def __init__(self, match: str, wind: int, walls: str = "seat") -> None:
        self.match = match
        self.wind = wind
        self.walls = walls
        self.lines: list[str] = [f"Match {match}", f"Wind {wind}"]
        self.events: list[tuple[int, str, int | None, tuple[tuple[int, str, int], ...]]] = []
        self.win: SimWin | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


class _Player:
    __slots__ = ("counts", "flowers", "melds", "river")

    def __init__(self) -> None:
        self.counts = [0] * 34
        #: (kind, tile (a chow's middle), from seat, the tile claimed, promoted)
        self.melds: list[tuple[str, int, int | None, int | None, bool]] = []
        self.flowers: list[int] = []
        self.river: list[int] = []  # discards nobody claimed


def _shanten(counts: list[int], melds: int) -> int:
    from ..shanten import mcr_shanten_counts

    return mcr_shanten_counts(counts, melds)


def _best_discard(p: _Player, rng: random.Random) -> tuple[int, int]:
    """(tile, shanten after it) of the greedy discard."""
    held = [k for k in range(34) if p.counts[k]]
    if rng.random() < P_RANDOM_DISCARD:
        k = rng.choice(held)
        p.counts[k] -= 1
        s = _shanten(p.counts, len(p.melds))
        p.counts[k] += 1
        return k, s
    best: list[int] = []
    low = 99
    for k in held:
        p.counts[k] -= 1
        s = _shanten(p.counts, len(p.melds))
        p.counts[k] += 1
        if s < low:
            low, best = s, [k]
        elif s == low:
            best.append(k)
    return rng.choice(best), low


class _Table:
    def __init__(self, rng: random.Random, match: str, flowers: bool, walls: str) -> None:
        self.rng = rng
        self.rules = get_rules(_RULES)
        self.game = SimGame(match, rng.randrange(4), walls)
        wall: list[int] = [k for k in range(34) for _ in range(4)]
        if flowers:
            wall += [100 + v for v in range(1, 9)]
        rng.shuffle(wall)
        self.seats = walls == "seat"
        self.wall = wall
        # per-seat walls: player i's own wall is the i-th quarter of the shuffled tiles
        self.walls = [wall[34 * i:34 * i + 34] for i in range(4)] if self.seats else []
        self.left = 136  # playing tiles in the wall(s)
        self.players = [_Player() for _ in range(4)]

    def may_kong(self, seat: int) -> bool:
        """A concealed or promoted kong of ``seat`` is allowed (tiles left to replace it; per-seat
        walls, the judge's checkInputDRAW: the konger's and the next player's walls not empty)."""
        if self.seats:
            return bool(self.walls[seat]) and bool(self.walls[(seat + 1) % 4])
        return self.left > 0

    def may_claim(self, frm: int) -> bool:
        """A chow, pung or kong of ``frm``'s discard is allowed (per-seat walls: the wall of the
        player after the discarder is not empty; one shared wall: always)."""
        return bool(self.walls[(frm + 1) % 4]) if self.seats else True

    def last(self, ref: int) -> bool:
        """The tile is the last of the wall: per-seat walls, the player after ``ref`` (the
        drawer, discarder or konger) has an empty wall; one shared wall, it is empty."""
        return not self.walls[(ref + 1) % 4] if self.seats else self.left == 0

    # -- logging --------------------------------------------------------------------------------
    def log(self, seat: int, op: str, kind: str, tile: int | None, code: str,
            ignored: tuple[tuple[int, str, int], ...] = ()) -> None:
        line = f"Player {seat} {op} {code}"
        for who, k, t in ignored:
            line += f" Ignore Player {who} {k.upper()} {tile_code(t)}"
        self.game.lines.append(line)
        self.game.events.append((seat, kind, tile, ignored))

    # -- the wall -------------------------------------------------------------------------------
    def take(self, seat: int) -> tuple[int | None, bool]:
        """The next playing tile for ``seat`` (``None`` when no playing tile is left) and whether
        flowers were drawn (set aside and logged) on the way."""
        p = self.players[seat]
        flowered = False
        if self.seats:
            if not self.walls[seat]:
                return None, False
            self.left -= 1
            return self.walls[seat].pop(), False
        while self.left:
            t = self.wall.pop()
            if t >= 100:
                p.flowers.append(t - 100)
                self.log(seat, "BuHua", "flower", t - 100, f"H{t - 100}")
                flowered = True
                continue
            self.left -= 1
            return t, flowered
        return None, flowered

    def deal(self) -> None:
        for seat, p in enumerate(self.players):
            tiles: list[int] = []
            fl: list[int] = []
            while len(tiles) < 13:
                t = self.walls[seat].pop() if self.seats else self.wall.pop()
                if t >= 100:
                    fl.append(t - 100)
                else:
                    tiles.append(t)
                    self.left -= 1
            for t in tiles:
                p.counts[t] += 1
            p.flowers = fl
            codes = " ".join([tile_code(t) for t in tiles] + [f"H{v}" for v in fl])
            self.game.lines.append(f"Player {seat} Deal {codes}")
            self.game.events.append((seat, "deal", None, ()))

    # -- winning --------------------------------------------------------------------------------
    def visible(self, t: int) -> int:
        """Copies of ``t`` on view: rivers and exposed melds."""
        n = 0
        for p in self.players:
            n += p.river.count(t)
            for kind, tile, frm, _claimed, _promoted in p.melds:
                if kind == "chow":
                    n += t in (tile - 1, tile, tile + 1)
                elif tile == t and frm is not None:
                    n += 4 if kind == "kong" else 3
        return n

    def hand(self, seat: int, tile: int, drawn: bool) -> Hand:
        p = self.players[seat]
        melds = []
        for kind, k, frm, claimed, promoted in p.melds:
            if kind == "chow":
                assert claimed is not None
                melds.append(Meld(MeldKind.CHOW, [k - 1, k, k + 1], claimed - k + 2))
            elif frm is None:
                melds.append(Meld(MeldKind.KONG, [k] * 4, concealed=True))
            else:
                src = {3: 1, 2: 2, 1: 3}[(frm - seat) % 4]
                melds.append(Meld(MeldKind.PUNG if kind == "pung" else MeldKind.KONG,
                                  [k] * (3 if kind == "pung" else 4), src, promoted=promoted))
        counts = list(p.counts)
        if drawn:
            counts[tile] -= 1
        concealed = [k for k in range(34) for _ in range(counts[k])]
        return Hand(melds, concealed, tile, sorted(p.flowers))

    def try_win(self, seat: int, tile: int, frm: int | None, kong: bool,
                robbing: bool = False) -> SimWin | None:
        p = self.players[seat]
        counts = list(p.counts)
        if frm is not None:
            counts[tile] += 1
        if _shanten(counts, len(p.melds)) != -1:
            return None
        flags: dict[str, Any] = {
            "self_drawn": frm is None, "kong": kong,
            "last_tile_of_wall": self.last(seat if frm is None else frm),
            "last_of_kind": not robbing and self.visible(tile) == 3,
            "seat_wind": _WINDS[seat], "prevalent_wind": _WINDS[self.game.wind],
        }
        hand = self.hand(seat, tile, frm is None)
        res = score(hand, rules=self.rules, **flags)
        if not res.meets_minimum:
            return None
        merged: dict[str, int] = {}
        names: list[str] = []
        for f in res.fans:
            merged[f.id] = merged.get(f.id, 0) + f.count
            names.append(f"{botzone_fan_name(f.id, f.name_zh)}*{f.count}")
        deltas = res.settlement(winner=seat, discarder=frm)
        return SimWin(seat, frm, hand, flags, res.total, tuple(sorted(merged.items())), deltas,
                      f"Fan {res.total} {'+'.join(names)}")

    def finish(self, win: SimWin, hu_code: str,
               ignored: tuple[tuple[int, str, int], ...] = ()) -> None:
        self.log(win.seat, "Hu", "hu", _tile_of(hu_code), hu_code, ignored)
        self.game.lines.append(win.fan_line)
        self.game.lines.append("Score " + " ".join(map(str, win.deltas)))
        self.game.win = win

    # -- the game -------------------------------------------------------------------------------
    def run(self) -> SimGame:
        self.deal()
        rng = self.rng
        turn = 0
        replacement = False
        while True:
            t, flowered = self.take(turn)
            if t is None:
                self.game.lines += ["Huang", "Score 0 0 0 0"]
                return self.game
            p = self.players[turn]
            p.counts[t] += 1
            self.log(turn, "Draw", "draw", t, tile_code(t))
            # a flower replacement is not a kong's (no 杠上开花 after it)
            kong_draw, replacement = replacement and not flowered, False
            win = self.try_win(turn, t, None, kong_draw)
            if win is not None:
                # on a self-drawn win Botzone's Hu line does not name the drawn tile: write
                # another tile of the hand, as the logs do
                self.finish(win, tile_code(self.rng.choice(win.hand.concealed or (t,))))
                return self.game
            # a concealed or promoted kong (only while the judge allows one)
            if self.may_kong(turn):
                fours = [k for k in range(34) if p.counts[k] == 4]
                pungs = [m[1] for m in p.melds if m[0] == "pung" and p.counts[m[1]]]
                if fours and rng.random() < P_KONG:
                    k = rng.choice(fours)
                    p.counts[k] = 0
                    p.melds.append(("kong", k, None, None, False))
                    self.log(turn, "AnGang", "angang", k, tile_code(k))
                    replacement = True
                    continue
                if pungs and rng.random() < P_KONG:
                    k = rng.choice(pungs)
                    p.counts[k] -= 1
                    i = next(i for i, m in enumerate(p.melds) if m[0] == "pung" and m[1] == k)
                    _, _, frm, claimed, _ = p.melds[i]
                    p.melds[i] = ("kong", k, frm, claimed, True)
                    self.log(turn, "BuGang", "bugang", k, tile_code(k))
                    robbers = [w for w in (self.try_win(s, k, turn, True, robbing=True)
                                           for s in _after(turn)) if w is not None]
                    if robbers:
                        ign = tuple((w.seat, "hu", k) for w in robbers[1:])
                        self.finish(robbers[0], tile_code(k), ign)
                        return self.game
                    replacement = True
                    continue
            # discard, then the claims of it (a chow or pung is followed by another discard)
            seat = turn
            while True:
                d, _ = _best_discard(self.players[seat], rng)
                self.players[seat].counts[d] -= 1
                self.log(seat, "Play", "play", d, tile_code(d))
                claim = self.claims(seat, d)
                if claim is None:
                    self.players[seat].river.append(d)
                    turn = (seat + 1) % 4
                    break
                if isinstance(claim, str):  # "end": a win
                    return self.game
                seat, kind = claim
                if kind == "gang":
                    turn = seat
                    replacement = True
                    break

    def claims(self, frm: int, d: int) -> tuple[int, str] | str | None:
        """The claims of the discard ``d``: ``"end"`` on a win, ``(seat, kind)`` of a claim taken
        (chi, peng or gang), ``None`` when nobody claims."""
        rng = self.rng
        wins = [w for w in (self.try_win(s, d, frm, False) for s in _after(frm)) if w is not None]
        pung: tuple[int, str] | None = None
        claims = self.may_claim(frm)
        for s in _after(frm):
            if not claims:
                break
            q = self.players[s]
            if q.counts[d] >= 2:
                now = _shanten(q.counts, len(q.melds))
                # a claimed kong: per-seat walls, even with the claimer's own wall empty (its
                # replacement draw then ends the game: Huang)
                if q.counts[d] == 3 and (self.seats or self.left) and rng.random() < P_KONG * 0.5:
                    pung = (s, "gang")
                else:
                    q.counts[d] -= 2
                    q.melds.append(("pung", d, frm, d, False))
                    _, after = _best_discard(q, rng)
                    q.melds.pop()
                    q.counts[d] += 2
                    if after <= now and rng.random() < P_PUNG:
                        pung = (s, "peng")
        chow: int | None = None
        nxt = (frm + 1) % 4
        q = self.players[nxt]
        if d < 27 and claims:
            options = [m for m in (d - 1, d, d + 1)
                       if m % 9 not in (0, 8) and m // 9 == d // 9 and 0 <= m < 27
                       and all(q.counts[x] for x in (m - 1, m, m + 1) if x != d)]
            if options and rng.random() < P_CHOW:
                m = rng.choice(options)
                now = _shanten(q.counts, len(q.melds))
                for x in (m - 1, m, m + 1):
                    if x != d:
                        q.counts[x] -= 1
                q.melds.append(("chow", m, frm, d, False))
                _, after = _best_discard(q, rng)
                q.melds.pop()
                for x in (m - 1, m, m + 1):
                    if x != d:
                        q.counts[x] += 1
                if after <= now:
                    chow = m
        if wins:
            ign: list[tuple[int, str, int]] = [(w.seat, "hu", d) for w in wins[1:]]
            if pung is not None and pung[0] != wins[0].seat:
                ign.append((pung[0], pung[1], d))
            if chow is not None and nxt != wins[0].seat:
                ign.append((nxt, "chi", chow))
            self.finish(wins[0], tile_code(d), tuple(ign))
            return "end"
        if pung is not None:
            s, kind = pung
            q = self.players[s]
            q.counts[d] -= 3 if kind == "gang" else 2
            q.melds.append(("kong" if kind == "gang" else "pung", d, frm, d, False))
            ign2 = ((nxt, "chi", chow),) if chow is not None and nxt != s else ()
            self.log(s, "Gang" if kind == "gang" else "Peng", kind, d, tile_code(d), ign2)
            return s, kind
        if chow is not None:
            for x in (chow - 1, chow, chow + 1):
                if x != d:
                    q.counts[x] -= 1
            q.melds.append(("chow", chow, frm, d, False))
            self.log(nxt, "Chi", "chi", chow, tile_code(chow))
            return nxt, "chi"
        return None


def _after(seat: int) -> tuple[int, int, int]:
    """The other seats in priority order: counter-clockwise from ``seat`` (the next one first)."""
    return ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4)


def _tile_of(code: str) -> int:
    return tile_id(code)


def simulate(rng: random.Random | int, match: str | None = None, flowers: bool = False,
             walls: str | None = None) -> SimGame:
    """One simulated game (``rng`` a :class:`random.Random` or a seed) on ``walls``: ``"seat"``
    (each player's own wall of 34, Botzone's judge today; the default without flowers) or
    ``"shared"`` (one wall; the default with ``flowers``, which only a shared wall holds)."""
    model = walls if walls is not None else "shared" if flowers else "seat"
    if model not in ("seat", "shared") or (flowers and model == "seat"):
        raise InvalidArgument(f"walls={model!r}: 'seat' (no flowers) or 'shared'")
    r = rng if isinstance(rng, random.Random) else random.Random(rng)
    mid = match if match is not None else f"sim{r.getrandbits(32):08x}"
    return _Table(r, mid, flowers, model).run()


def simulate_log(games: int, seed: int = 0, flowers: bool = False,
                 walls: str | None = None) -> tuple[str, list[SimGame]]:
    """A Botzone log of ``games`` simulated games (one after another, as the corpora hold them)
    and the games."""
    rng = random.Random(seed)
    out = [simulate(rng, f"sim{seed}-{i}", flowers, walls) for i in range(games)]
    return "".join(g.text for g in out), out
