"""Seating properties on random tournaments: no repeated opponents while that is possible,
team-mates apart, and each method's own order."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from suanfan.tournament import TournamentError, seat
from suanfan.tournament.seating import _partitions, cost


def _check_round(tables: list[list[int]], players: list[int]) -> None:
    assert all(len(t) == 4 for t in tables)
    assert sorted(p for t in tables for p in t) == sorted(players)


@pytest.mark.parametrize("n", [16, 20, 32])
@pytest.mark.parametrize("method", ["random", "swiss", "snake"])
def test_no_repeated_opponents(n: int, method: str) -> None:
    # three rounds without a repeated opponent are possible for these fields (e.g. 16 players:
    # the affine plane of order 4 has five such rounds); the seating finds them
    players = list(range(n))
    history: list[list[int]] = []
    rng = random.Random(n)
    for rnd in range(3):
        ranking = players[:]
        rng.shuffle(ranking)
        tables = seat(ranking, method, history, seed=rnd)
        _check_round(tables, players)
        assert cost(tables, history) == (0, 0), (method, rnd, tables)
        history += tables


def test_teams_apart_and_no_repeats() -> None:
    # 16 players in 4 teams of 4: every table one player of each team, for three rounds
    players = list(range(16))
    teams = {p: "ABCD"[p % 4] for p in players}
    history: list[list[int]] = []
    for rnd in range(3):
        tables = seat(players, "random", history, teams, seed=rnd)
        assert cost(tables, history, teams) == (0, 0)
        for t in tables:
            assert sorted(teams[p] for p in t) == ["A", "B", "C", "D"]
        history += tables


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([8, 12]), st.integers(0, 2), st.integers(0, 3), st.randoms(use_true_random=False))
def test_small_fields_are_optimal(n: int, rounds: int, team_count: int, rnd: random.Random) -> None:
    # where repeats cannot all be avoided the seating is the best possible: its (team clashes,
    # repeats) equal the minimum over every way to split the field into tables
    players = list(range(n))
    teams = {p: str(rnd.randrange(team_count)) for p in players} if team_count else {}
    history: list[list[int]] = []
    for _ in range(rounds):
        order = players[:]
        rnd.shuffle(order)
        history += [order[i:i + 4] for i in range(0, n, 4)]
    tables = seat(players, "random", history, teams, seed=1)
    _check_round(tables, players)
    met = Counter(frozenset(pair) for t in history for pair in itertools.combinations(t, 2))

    def brute(split: list[list[int]]) -> tuple[int, int]:
        pairs = [frozenset(pair) for t in split for pair in itertools.combinations(t, 2)]
        return (sum(1 for a, b in map(tuple, pairs) if a in teams and teams[a] == teams.get(b)),
                sum(met[pair] for pair in pairs))

    assert cost(tables, history, teams) == min(brute(p) for p in _partitions(players))


def test_methods_order() -> None:
    ranking = list(range(100, 116))  # best first
    strongest = seat(ranking, "strongest", seed=3)
    assert [sorted(t) for t in strongest] == [ranking[i:i + 4] for i in range(0, 16, 4)]
    swiss = seat(ranking, "swiss", seed=3)  # no history: the same groups as strongest
    assert [sorted(t) for t in swiss] == [ranking[i:i + 4] for i in range(0, 16, 4)]
    snake = seat(ranking[:8], "snake", seed=3)  # 2 tables: ranks 1 4 5 8 and 2 3 6 7
    assert sorted(map(sorted, snake)) == [[100, 103, 104, 107], [101, 102, 105, 106]]
    # swiss after a round of the top four together: they are split up
    again = seat(ranking, "swiss", [ranking[:4]], seed=3)
    assert cost(again, [ranking[:4]]) == (0, 0)


def test_bad_fields() -> None:
    with pytest.raises(TournamentError, match="13 players: a round needs a multiple of 4"):
        seat(list(range(13)))
    with pytest.raises(TournamentError, match="unknown seating method"):
        seat(list(range(8)), "elo")
    with pytest.raises(TournamentError, match="listed twice"):
        seat([1, 1, 2, 3])


def test_partitions_count() -> None:
    assert sum(1 for _ in _partitions(list(range(8)))) == 35
    assert len(list(itertools.islice(_partitions(list(range(12))), 6000))) == 5775
