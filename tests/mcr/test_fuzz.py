"""Fuzz: any hand and any flags give a score or a suanfan error, never a crash."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from suanfan import Hand, MahjongError, Meld, MeldKind
from suanfan.mcr import score


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    counts = [0] * 34
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["chow", "pung", "kong", "ckong"]))
        if kind == "chow":
            k = draw(st.sampled_from([s * 9 + r for s in range(3) for r in range(7)]))
            if all(counts[k + i] < 4 for i in range(3)):
                for i in range(3):
                    counts[k + i] += 1
                melds.append(Meld(MeldKind.CHOW, (k, k + 1, k + 2), draw(st.integers(1, 3))))
        else:
            k = draw(st.integers(0, 33))
            n = 3 if kind == "pung" else 4
            if counts[k] + n <= 4:
                counts[k] += n
                if kind == "pung":
                    melds.append(Meld(MeldKind.PUNG, (k,) * 3, draw(st.integers(1, 3))))
                elif kind == "kong":
                    melds.append(Meld(MeldKind.KONG, (k,) * 4, draw(st.integers(1, 3)),
                                      promoted=draw(st.booleans())))
                else:
                    melds.append(Meld(MeldKind.KONG, (k,) * 4, None, concealed=True))
    standing: list[int] = []
    while len(standing) < 14 - 3 * len(melds):
        # bias toward few kinds so that complete hands are common
        k = draw(st.integers(0, 33))
        if counts[k] < 4:
            counts[k] += 1
            standing.append(k)
    return Hand(tuple(melds), tuple(standing[:-1]), standing[-1])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.large_base_example])
@given(
    hands(), st.booleans(), st.booleans(), st.booleans(), st.booleans(),
    st.sampled_from(["E", "S", "W", "N", "x"]), st.sampled_from(["E", "S", "W", "N"]),
    st.integers(0, 9), st.sampled_from(["mcr", "mcr-botzone", "mcr-2006"]),
)
def test_any_hand_scores_or_raises_a_suanfan_error(
    hand: Hand, sd: bool, last: bool, kong: bool, last_kind: bool, seat: str, prev: str,
    flowers: int, rules: str,
) -> None:
    try:
        r = score(hand, self_drawn=sd, last_tile_of_wall=last, kong=kong, last_of_kind=last_kind,
                  seat_wind=seat, prevalent_wind=prev, flowers=flowers, rules=rules)
    except MahjongError:
        return
    assert r.total == sum(f.points for f in r.fans)
    r.to_dict()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14).filter(
    lambda ts: all(ts.count(t) <= 4 for t in ts)))
def test_concealed_hands_from_few_kinds(tiles: list[int]) -> None:
    # squash the kinds onto a small range so that many draws are complete hands
    small = [t % 9 for t in tiles]
    if any(small.count(t) > 4 for t in small):
        return
    hand = Hand((), tuple(small[:-1]), small[-1])
    try:
        r = score(hand, self_drawn=True)
    except MahjongError:
        return
    assert r.total == sum(f.points for f in r.fans)
