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

The simulator is a referee on :class:`suanfan.game.MCRTable`: it holds the hidden wall (or the four
own walls) and the players' choices; the table applies every action it writes (so a refused one is
an error of the simulator) and gives each win's hand and situation flags. It keeps its own account
of what happened (:class:`SimGame`: every event, and for a win the hand, the flags, the fans and
the settlement) so that a test can check a reader against it; the flags are the table's, the same
the Botzone reader infers, so that the independent checks of the flags are the real logs and
PyMahjongGB's scores.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..errors import InvalidArgument
from ..game import MCRDeal, MCRDrawGame
from ..hand import Hand, MeldKind
from ..mcr import get_rules, score
from .botzone import Event, botzone_fan_name, new_table, table_event, tile_code, tile_id

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


def _shanten(counts: list[int], melds: int) -> int:
    from ..shanten import mcr_shanten_counts

    return mcr_shanten_counts(counts, melds)


def _best_discard(counts: list[int], melds: int, rng: random.Random) -> tuple[int, int]:
    """(tile, shanten after it) of the greedy discard from the standing tiles ``counts`` with
    ``melds`` melds."""
    held = [k for k in range(34) if counts[k]]
    if rng.random() < P_RANDOM_DISCARD:
        k = rng.choice(held)
        counts[k] -= 1
        s = _shanten(counts, melds)
        counts[k] += 1
        return k, s
    best: list[int] = []
    low = 99
    for k in held:
        counts[k] -= 1
        s = _shanten(counts, melds)
        counts[k] += 1
        if s < low:
            low, best = s, [k]
        elif s == low:
            best.append(k)
    return rng.choice(best), low


class _Referee:
    """The game's referee: the hidden wall(s), the players' choices, and the table
    (:class:`~suanfan.game.MCRTable`) that holds everything the players do."""

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
        self.table = new_table(self.game.wind, walls)

    def counts(self, seat: int) -> list[int]:
        """The standing tiles of ``seat`` as 34 counts."""
        c = [0] * 34
        for t in self.table.hand(seat):
            c[t] += 1
        return c

    def may_kong(self, seat: int) -> bool:
        """A concealed or promoted kong of ``seat`` is allowed (tiles left to replace it; per-seat
        walls, the judge's checkInputDRAW: the konger's and the next player's walls not empty)."""
        left = self.table.wall_left
        if self.seats:
            return left(seat) > 0 and left((seat + 1) % 4) > 0
        return left(seat) > 0

    def may_claim(self, frm: int) -> bool:
        """A chow, pung or kong of ``frm``'s discard is allowed (per-seat walls: the wall of the
        player after the discarder is not empty; one shared wall: always)."""
        return self.table.wall_left((frm + 1) % 4) > 0 if self.seats else True

    # -- logging --------------------------------------------------------------------------------
    def log(self, seat: int, op: str, kind: str, tile: int | None, code: str,
            ignored: tuple[tuple[int, str, int], ...] = ()) -> None:
        """Write the action and let the table apply it."""
        line = f"Player {seat} {op} {code}"
        for who, k, t in ignored:
            line += f" Ignore Player {who} {k.upper()} {tile_code(t)}"
        self.game.lines.append(line)
        self.game.events.append((seat, kind, tile, ignored))
        self.table.apply(table_event(Event(len(self.game.lines), seat, kind, tile)))

    # -- the wall -------------------------------------------------------------------------------
    def take(self, seat: int) -> int | None:
        """The next playing tile for ``seat`` (``None`` when no playing tile is left); flowers
        drawn on the way are set aside and logged."""
        if self.table.wall_left(seat) == 0:
            return None
        if self.seats:
            return self.walls[seat].pop()
        while True:
            t = self.wall.pop()
            if t < 100:
                return t
            self.log(seat, "BuHua", "flower", t - 100, f"H{t - 100}")

    def deal(self) -> None:
        for seat in range(4):
            tiles: list[int] = []
            fl: list[int] = []
            while len(tiles) < 13:
                t = self.walls[seat].pop() if self.seats else self.wall.pop()
                if t >= 100:
                    fl.append(t - 100)
                else:
                    tiles.append(t)
            codes = " ".join([tile_code(t) for t in tiles] + [f"H{v}" for v in fl])
            self.game.lines.append(f"Player {seat} Deal {codes}")
            self.game.events.append((seat, "deal", None, ()))
            self.table.apply(MCRDeal(seat, tuple(tiles), tuple(fl)))

    # -- winning --------------------------------------------------------------------------------
    def try_win(self, seat: int, tile: int, frm: int | None) -> SimWin | None:
        """The win ``seat`` may declare now (on ``tile``, drawn or ``frm``'s), if its hand is
        complete and reaches the minimum."""
        counts = self.counts(seat)
        if frm is not None:
            counts[tile] += 1
        if _shanten(counts, len(self.table.melds(seat))) != -1:
            return None
        facts = self.table.win_facts(seat)
        flags: dict[str, Any] = dict(facts.situation())
        hand = facts.hand()
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
        self.log(win.seat, "Hu", "hu", tile_id(hu_code), hu_code, ignored)
        self.game.lines.append(win.fan_line)
        self.game.lines.append("Score " + " ".join(map(str, win.deltas)))
        self.game.win = win

    # -- the game -------------------------------------------------------------------------------
    def run(self) -> SimGame:
        self.deal()
        rng = self.rng
        table = self.table
        turn = 0
        while True:
            t = self.take(turn)
            if t is None:
                self.game.lines += ["Huang", "Score 0 0 0 0"]
                table.apply(MCRDrawGame())
                return self.game
            self.log(turn, "Draw", "draw", t, tile_code(t))
            win = self.try_win(turn, t, None)
            if win is not None:
                # on a self-drawn win Botzone's Hu line does not name the drawn tile: write
                # another tile of the hand, as the logs do
                self.finish(win, tile_code(self.rng.choice(win.hand.concealed or (t,))))
                return self.game
            # a concealed or promoted kong (only while the judge allows one)
            if self.may_kong(turn):
                counts = self.counts(turn)
                fours = [k for k in range(34) if counts[k] == 4]
                pungs = [m.tiles[0] for m in table.melds(turn)
                         if m.kind is MeldKind.PUNG and counts[m.tiles[0]]]
                if fours and rng.random() < P_KONG:
                    k = rng.choice(fours)
                    self.log(turn, "AnGang", "angang", k, tile_code(k))
                    continue
                if pungs and rng.random() < P_KONG:
                    k = rng.choice(pungs)
                    self.log(turn, "BuGang", "bugang", k, tile_code(k))
                    robbers = [w for w in (self.try_win(s, k, turn) for s in _after(turn))
                               if w is not None]
                    if robbers:
                        ign = tuple((w.seat, "hu", k) for w in robbers[1:])
                        self.finish(robbers[0], tile_code(k), ign)
                        return self.game
                    continue
            # discard, then the claims of it (a chow or pung is followed by another discard)
            seat = turn
            while True:
                d, _ = _best_discard(self.counts(seat), len(table.melds(seat)), rng)
                self.log(seat, "Play", "play", d, tile_code(d))
                claim = self.claims(seat, d)
                if claim is None:
                    turn = (seat + 1) % 4
                    break
                if isinstance(claim, str):  # "end": a win
                    return self.game
                seat, kind = claim
                if kind == "gang":
                    turn = seat
                    break

    def claims(self, frm: int, d: int) -> tuple[int, str] | str | None:
        """The claims of the discard ``d``: ``"end"`` on a win, ``(seat, kind)`` of a claim taken
        (chi, peng or gang), ``None`` when nobody claims."""
        rng = self.rng
        table = self.table
        wins = [w for w in (self.try_win(s, d, frm) for s in _after(frm)) if w is not None]
        pung: tuple[int, str] | None = None
        claims = self.may_claim(frm)
        for s in _after(frm):
            if not claims:
                break
            counts = self.counts(s)
            melds = len(table.melds(s))
            if counts[d] >= 2:
                now = _shanten(counts, melds)
                # a claimed kong: per-seat walls, even with the claimer's own wall empty (its
                # replacement draw then ends the game: Huang)
                if counts[d] == 3 and (self.seats or table.wall_left(s) > 0) \
                        and rng.random() < P_KONG * 0.5:
                    pung = (s, "gang")
                else:
                    counts[d] -= 2
                    _, after = _best_discard(counts, melds + 1, rng)
                    if after <= now and rng.random() < P_PUNG:
                        pung = (s, "peng")
        chow: int | None = None
        nxt = (frm + 1) % 4
        if d < 27 and claims:
            counts = self.counts(nxt)
            melds = len(table.melds(nxt))
            options = [m for m in (d - 1, d, d + 1)
                       if m % 9 not in (0, 8) and m // 9 == d // 9 and 0 <= m < 27
                       and all(counts[x] for x in (m - 1, m, m + 1) if x != d)]
            if options and rng.random() < P_CHOW:
                m = rng.choice(options)
                now = _shanten(counts, melds)
                for x in (m - 1, m, m + 1):
                    if x != d:
                        counts[x] -= 1
                _, after = _best_discard(counts, melds + 1, rng)
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
            ign2 = ((nxt, "chi", chow),) if chow is not None and nxt != s else ()
            self.log(s, "Gang" if kind == "gang" else "Peng", kind, d, tile_code(d), ign2)
            return s, kind
        if chow is not None:
            self.log(nxt, "Chi", "chi", chow, tile_code(chow))
            return nxt, "chi"
        return None


def _after(seat: int) -> tuple[int, int, int]:
    """The other seats in priority order: counter-clockwise from ``seat`` (the next one first)."""
    return ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4)


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
    return _Referee(r, mid, flowers, model).run()


def simulate_log(games: int, seed: int = 0, flowers: bool = False,
                 walls: str | None = None) -> tuple[str, list[SimGame]]:
    """A Botzone log of ``games`` simulated games (one after another, as the corpora hold them)
    and the games."""
    rng = random.Random(seed)
    out = [simulate(rng, f"sim{seed}-{i}", flowers, walls) for i in range(games)]
    return "".join(g.text for g in out), out
