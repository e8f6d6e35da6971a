"""Per-player statistics over riichi game logs (``suanfan stats``; docs/stats.md).

:func:`game_counts` counts one :class:`~suanfan.game.Game`; :class:`Counts` add up (``+``), so
files can be counted apart, in parallel, and merged in order; :func:`player_stats` gives the
figures of every player and table size."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..game import Game, Round

__all__ = ["Counts", "game_counts", "player_stats", "ready"]

_CALLS = frozenset({"chi", "pon", "daiminkan"})
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass(frozen=True, slots=True)
class Counts:
    """The counters of one player at one table size (``seats``): every figure is a count or a
    sum, so two ``Counts`` of the same player add up."""

    name: str
    seats: int
    games: int = 0
    rounds: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    draws: int = 0
    tenpai_at_draw: int = 0
    win_points: int = 0
    deal_in_wins: int = 0
    deal_in_points: int = 0
    placements: tuple[int, ...] = field(default=())

    def __add__(self, other: Counts) -> Counts:
        if (self.name, self.seats) != (other.name, other.seats):
            raise ValueError("counts of different players do not add up")
        places = tuple(a + b for a, b in zip(self._places(), other._places(), strict=True))
        return Counts(self.name, self.seats, self.games + other.games,
                      self.rounds + other.rounds, self.wins + other.wins,
                      self.tsumo_wins + other.tsumo_wins, self.deal_ins + other.deal_ins,
                      self.riichi + other.riichi, self.calls + other.calls,
                      self.draws + other.draws, self.tenpai_at_draw + other.tenpai_at_draw,
                      self.win_points + other.win_points, self.deal_in_wins + other.deal_in_wins,
                      self.deal_in_points + other.deal_in_points, places)

    def _places(self) -> tuple[int, ...]:
        return self.placements or (0,) * self.seats

    def to_dict(self) -> dict[str, object]:
        """The figures of docs/stats.md (the JSON of ``suanfan stats``)."""
        places = self._places()
        placed = sum(places)
        return {
            "name": self.name, "seats": self.seats, "games": self.games, "rounds": self.rounds,
            "wins": self.wins, "tsumo_wins": self.tsumo_wins, "deal_ins": self.deal_ins,
            "riichi": self.riichi, "calls": self.calls, "draws": self.draws,
            "tenpai_at_draw": self.tenpai_at_draw,
            "win_rate": _rate(self.wins, self.rounds),
            "deal_in_rate": _rate(self.deal_ins, self.rounds),
            "riichi_rate": _rate(self.riichi, self.rounds),
            "call_rate": _rate(self.calls, self.rounds),
            "tsumo_rate": _rate(self.tsumo_wins, self.wins),
            "average_win": _rate(self.win_points, self.wins),
            "average_deal_in": _rate(self.deal_in_points, self.deal_in_wins),
            "placements": list(places),
            "average_placement": _rate(sum((i + 1) * n for i, n in enumerate(places)), placed),
        }


def _rate(a: int, b: int) -> float:
    return a / b if b else 0.0


def ready(concealed: list[int], melds: int) -> bool:
    """Whether standing tiles ``concealed`` (34 counts; ``melds`` calls) are ready (tenpai), by
    Tenhou's rule: a hand waiting only on a tile it holds all four of is not ready."""
    for k in range(34):
        if concealed[k] >= 4:
            continue
        concealed[k] += 1
        done = _complete(concealed, melds)
        concealed[k] -= 1
        if done:
            return True
    return False


def _complete(c: list[int], melds: int) -> bool:
    if melds == 0:
        if all(n in (0, 2) for n in c) and sum(1 for n in c if n == 2) == 7:
            return True
        if all(c[k] >= 1 for k in _ORPHANS) and sum(c[k] for k in _ORPHANS) == 14:
            return True
    for k in range(34):
        if c[k] >= 2:
            c[k] -= 2
            ok = _sets(c, 0)
            c[k] += 2
            if ok:
                return True
    return False


def _sets(c: list[int], k: int) -> bool:
    while k < 34 and c[k] == 0:
        k += 1
    if k == 34:
        return True
    if c[k] >= 3:
        c[k] -= 3
        ok = _sets(c, k)
        c[k] += 3
        if ok:
            return True
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        c[k] -= 1
        c[k + 1] -= 1
        c[k + 2] -= 1
        ok = _sets(c, k)
        c[k] += 1
        c[k + 1] += 1
        c[k + 2] += 1
        return ok
    return False


def _hands(rnd: Round, n: int) -> tuple[list[list[int]], list[int]]:
    """Every seat's standing tiles (34 counts) and number of calls at the end of ``rnd``."""
    hands = [[0] * 34 for _ in range(n)]
    melds = [0] * n
    for s, dealt in enumerate(rnd.dealt[:n]):
        for t in dealt:
            hands[s][t // 4] += 1
    for e in rnd.events:
        if e.seat is None:
            continue
        if e.kind == "draw" and e.tile is not None:
            hands[e.seat][e.tile // 4] += 1
        elif e.kind == "discard" and e.tile is not None:
            hands[e.seat][e.tile // 4] -= 1
        elif e.kind == "call" and e.meld is not None:
            m = e.meld
            if m.kind in _CALLS or m.kind == "ankan":
                taken = list(m.tiles)
                if m.called is not None and m.called in taken:
                    taken.remove(m.called)
                for t in taken:
                    hands[m.seat][t // 4] -= 1
                melds[m.seat] += 1
            elif m.added is not None:  # kakan, nuki: the tile leaves the hand
                hands[m.seat][m.added // 4] -= 1
    return hands, melds


def _value(game: Game, w_seat: int, w: object) -> int:
    from ..game import Win

    assert isinstance(w, Win)
    rec = w.recorded
    by_deltas = "deltas" in rec.known and len(rec.deltas) > w_seat
    if "points" in rec.known and not (w.tsumo and game.players == 3 and by_deltas):
        return rec.points
    if by_deltas:  # what the winner is paid, without honba and sticks
        # a honba is paid honba_points / 3 by each payer (Tenhou's three-player logs: 100 a
        # payer on a self-draw, 200 on a ron; four players: 100 a payer, 300 on a ron)
        return (rec.deltas[w_seat] - 1000 * w.sticks
                - w.honba * (game.rules.honba_points // 3) * (game.players - 1))
    return rec.points


def game_counts(game: Game) -> list[Counts]:
    """The counts of each seat of ``game``, in seat order (a name filling several seats has
    one entry a seat: add them up)."""
    n = game.players
    c = [dict(games=1, rounds=0, wins=0, tsumo_wins=0, deal_ins=0, riichi=0, calls=0, draws=0,
              tenpai_at_draw=0, win_points=0, deal_in_wins=0, deal_in_points=0)
         for _ in range(n)]
    complete = bool(game.rounds)
    final: list[int] = []
    for rnd in game.rounds:
        if rnd.error is not None or not rnd.complete:
            complete = False
        sticks_paid = [0] * n
        declared = [False] * n
        riichi = [False] * n
        called = [False] * n
        for e in rnd.events:
            if e.seat is None or e.seat >= n:
                continue
            if e.kind == "reach":
                if e.step == 1:
                    declared[e.seat] = True
                elif e.step == 2:
                    sticks_paid[e.seat] += 1
            elif e.kind == "discard" and declared[e.seat]:
                declared[e.seat] = False
                riichi[e.seat] = True
            elif e.kind == "call" and e.meld is not None and e.meld.kind in _CALLS:
                called[e.meld.seat] = True
        fed = [False] * n
        for w in rnd.wins:
            v = _value(game, w.seat, w)
            c[w.seat]["wins"] += 1
            c[w.seat]["win_points"] += v
            if w.from_seat is None:
                c[w.seat]["tsumo_wins"] += 1
            elif w.from_seat != w.seat:
                fed[w.from_seat] = True
                c[w.from_seat]["deal_in_wins"] += 1
                c[w.from_seat]["deal_in_points"] += v
        exhaustive = not rnd.wins and rnd.draw_game in ("", "nm")
        hands, melds = _hands(rnd, n) if exhaustive else ([], [])
        for s in range(n):
            c[s]["rounds"] += 1
            c[s]["riichi"] += riichi[s]
            c[s]["calls"] += called[s]
            c[s]["deal_ins"] += fed[s]
            if exhaustive:
                c[s]["draws"] += 1
                c[s]["tenpai_at_draw"] += ready(hands[s], melds[s])
        scores = list(rnd.scores[:n])
        for w in rnd.wins:
            for s, d in enumerate(w.recorded.deltas[:n]):
                scores[s] += d
        for s, d in enumerate(rnd.deltas[:n]):
            scores[s] += d
        final = [scores[s] - 1000 * sticks_paid[s] for s in range(n)]
    places: list[tuple[int, ...]] = [()] * n
    if complete and len(final) == n:
        first = game.rounds[0].dealer
        order = sorted(range(n), key=lambda s: (-final[s], (s - first) % n))
        for rank, s in enumerate(order):
            places[s] = tuple(1 if i == rank else 0 for i in range(n))
    out = []
    for s in range(n):
        name = game.names[s] if s < len(game.names) else ""
        out.append(Counts(name, n, placements=places[s] or (0,) * n, **c[s]))
    return out


def player_stats(games: Iterable[Game] | Iterable[Counts]) -> list[Counts]:
    """Every player's counts over ``games`` (or over per-seat :class:`Counts`), one entry per
    name and table size, in the order first seen."""
    total: dict[tuple[str, int], Counts] = {}
    for g in games:
        for one in (game_counts(g) if isinstance(g, Game) else [g]):
            key = (one.name, one.seats)
            total[key] = total[key] + one if key in total else one
    return list(total.values())
