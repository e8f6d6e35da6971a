"""Seating a round: tables of four by draw, by ranking (Swiss), snake or strongest together.

:func:`seat` returns the tables of a round. Every method minimises, in this order:

1. team-mates at one table (pairs of players of the same team),
2. repeated opponents (each pair that has already met counts once per earlier meeting),
3. the method's own cost: for ``swiss`` the spread of ranks at each table (the players are
   grouped as ranked: 1-4, 5-8 … moved only where 1 or 2 demand it), for ``snake`` the distance
   from the snake order (rank 1 to table 1, 2 to table 2 … the last table, then back), for
   ``random`` nothing (a seeded random draw).

``strongest`` seats strictly by rank (1-4 together, 5-8 …), for a final round, and ignores 1 and
2. The search starts from the method's own seating and swaps players between tables while that
lowers the cost, from several random starts when the method allows it; for small fields (up to
12 players) it is exhaustive, so the result is the best possible one there.
Within a table, the seats (East, South, West, North of the first hand) are drawn at random.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from .checks import check_history, check_players, check_seed, check_teams, check_whole
from .sheets import TournamentError

__all__ = ["METHODS", "cost", "seat"]

METHODS: Final = ("random", "swiss", "snake", "strongest")

Cost = tuple[int, int, int]


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


class _Problem:
    __slots__ = ("met", "method", "rank", "tables", "team")

    def __init__(self, players: Sequence[int], met: Counter[tuple[int, int]], team: dict[int, str],
                 rank: dict[int, int], method: str) -> None:
        self.met = met
        self.team = team
        self.rank = rank
        self.method = method
        self.tables = len(players) // 4

    def table_cost(self, table: Sequence[int], index: int) -> Cost:
        clash = repeat = 0
        for a, b in itertools.combinations(table, 2):
            ta = self.team.get(a)
            if ta and ta == self.team.get(b):
                clash += 1
            repeat += self.met.get(_pair(a, b), 0)
        own = 0
        if self.method == "swiss":
            ranks = [self.rank[p] for p in table]
            own = max(ranks) - min(ranks)
        elif self.method == "snake":
            own = sum(abs(_snake_table(self.rank[p], self.tables) - index) for p in table)
        return (clash, repeat, own)


def _snake_table(rank: int, tables: int) -> int:
    """The table (0-based) of a 0-based rank in the snake order."""
    lap, pos = divmod(rank, tables)
    return pos if lap % 2 == 0 else tables - 1 - pos


def _add(a: Cost, b: Cost) -> Cost:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _sub(a: Cost, b: Cost) -> Cost:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _total(problem: _Problem, tables: Sequence[Sequence[int]]) -> Cost:
    c: Cost = (0, 0, 0)
    for i, t in enumerate(tables):
        c = _add(c, problem.table_cost(t, i))
    return c


def _improve(problem: _Problem, tables: list[list[int]]) -> Cost:
    """Swap players between tables while a swap lowers the cost (first improvement)."""
    costs = [problem.table_cost(t, i) for i, t in enumerate(tables)]
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            for a in range(4):
                for b in range(4):
                    ti, tj = tables[i], tables[j]
                    ti[a], tj[b] = tj[b], ti[a]
                    ci, cj = problem.table_cost(ti, i), problem.table_cost(tj, j)
                    if _add(ci, cj) < _add(costs[i], costs[j]):
                        costs[i], costs[j] = ci, cj
                        improved = True
                    else:
                        ti[a], tj[b] = tj[b], ti[a]
    c: Cost = (0, 0, 0)
    for x in costs:
        c = _add(c, x)
    return c


def _partitions(players: list[int]) -> Iterable[list[list[int]]]:
    """Every way to split the players into tables of four (unordered tables)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for mates in itertools.combinations(rest, 3):
        left = [p for p in rest if p not in mates]
        for others in _partitions(left):
            yield [[first, *mates], *others]


def _order_tables(problem: _Problem, tables: list[list[int]]) -> list[list[int]]:
    """Number the tables: by their best-ranked player (the top table first)."""
    if problem.method == "snake":
        return tables
    return sorted(tables, key=lambda t: min(problem.rank[p] for p in t))


def cost(tables: Sequence[Sequence[int]], history: Iterable[Sequence[int]] = (),
         teams: dict[int, str] | None = None) -> tuple[int, int]:
    """(team-mates at one table, repeated opponent pairs) of a seating, given the earlier tables."""
    met: Counter[tuple[int, int]] = Counter()
    for t in history:
        for a, b in itertools.combinations(t, 2):
            met[_pair(a, b)] += 1
    players = [p for t in tables for p in t]
    problem = _Problem(players, met, teams or {}, {p: i for i, p in enumerate(players)}, "random")
    c = _total(problem, tables)
    return (c[0], c[1])


def seat(players: Sequence[int], method: str = "random", history: Iterable[Sequence[int]] = (),
         teams: dict[int, str] | None = None, seed: int | None = None,
         restarts: int = 20) -> list[list[int]]:
    """The tables of a round: ``players`` (ids) in ranking order (best first; for ``random`` the
    order does not matter), ``history`` the earlier tables (lists of ids), ``teams`` player id →
    team name. Each table is a list of four ids, its seats in order East, South, West, North."""
    if not isinstance(method, str) or method not in METHODS:
        raise TournamentError(f"unknown seating method {method!r}: {', '.join(METHODS)}")
    ids = check_players(players)
    history = check_history(history)
    teams = check_teams(teams)
    seed = check_seed(seed)
    restarts = check_whole(restarts, "restarts", 1, 10_000)
    if len(set(ids)) != len(ids):
        raise TournamentError("a player is listed twice for the round")
    if not ids or len(ids) % 4:
        raise TournamentError(f"{len(ids)} players: a round needs a multiple of 4 (add substitutes or "
                              "leave players out)")
    rng = random.Random(seed)
    rank = {p: i for i, p in enumerate(ids)}
    n = len(ids) // 4
    if method == "strongest":
        tables = [ids[4 * i:4 * i + 4] for i in range(n)]
    else:
        met: Counter[tuple[int, int]] = Counter()
        for t in history:
            for a, b in itertools.combinations(t, 2):
                met[_pair(a, b)] += 1
        problem = _Problem(ids, met, {k: v for k, v in (teams or {}).items() if v}, rank, method)
        if len(ids) <= 12 and method != "snake":
            shuffled = ids[:]
            rng.shuffle(shuffled)  # ties between equally good seatings fall to the draw
            tables = min((tables for tables in _partitions(shuffled)),
                         key=lambda ts: _total(problem, _order_tables(problem, ts)))
            tables = _order_tables(problem, [list(t) for t in tables])
        else:
            best: tuple[Cost, list[list[int]]] | None = None
            for attempt in range(max(1, restarts)):
                if method == "random" or attempt:
                    order = ids[:]
                    rng.shuffle(order)
                    if method == "swiss":  # a perturbed ranking: keep near its rank
                        order = sorted(ids, key=lambda p: rank[p] + rng.uniform(0, 8 * attempt / restarts))
                    start = [order[4 * i:4 * i + 4] for i in range(n)]
                else:
                    start = [[] for _ in range(n)]
                    for p in ids:
                        start[_snake_table(rank[p], n) if method == "snake" else rank[p] // 4].append(p)
                c = _improve(problem, start)
                if best is None or c < best[0]:
                    best = (c, [t[:] for t in start])
                if c[:2] == (0, 0) and method != "random":
                    break
                if c == (0, 0, 0):
                    break
            assert best is not None
            tables = _order_tables(problem, best[1])
    for t in tables:
        rng.shuffle(t)
    return tables
