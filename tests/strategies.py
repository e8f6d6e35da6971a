"""Hypothesis strategies for random valid hands (any shape: complete or waiting, with melds)."""

from __future__ import annotations

from hypothesis import strategies as st

from suanfan.hand import Hand, Meld, MeldKind
from suanfan.tiles import KIND, RED_MAN, SUIT


def _plain_or_red(kind: int, red: bool) -> int:
    if red and kind < 27 and kind % 9 == 4:
        return RED_MAN + kind // 9
    return kind


@st.composite
def hands(draw: st.DrawFn, complete: bool | None = None, red: bool = True,
          flowers: bool = True) -> Hand:
    """A random valid hand: 0–4 melds of every kind, standing tiles, optional winning tile."""
    counts = [0] * 34
    n_melds = draw(st.integers(0, 4))
    melds: list[Meld] = []
    for _ in range(n_melds):
        kind = draw(st.sampled_from([MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG]))
        if kind is MeldKind.CHOW:
            options = [k for k in range(27) if k % 9 <= 6 and all(counts[k + i] < 4 for i in range(3))]
            if not options:
                continue
            k = draw(st.sampled_from(options))
            kinds = [k, k + 1, k + 2]
            source = draw(st.one_of(st.none(), st.integers(1, 3)))
            tiles = tuple(_plain_or_red(x, red and draw(st.booleans())) for x in kinds)
            melds.append(Meld(kind, tiles, source))
        else:
            size = 3 if kind is MeldKind.PUNG else 4
            options = [k for k in range(34) if counts[k] + size <= 4]
            k = draw(st.sampled_from(options))
            kinds = [k] * size
            tiles = tuple(_plain_or_red(x, red and i == 0 and draw(st.booleans()))
                          for i, x in enumerate(kinds))
            if kind is MeldKind.PUNG:
                melds.append(Meld(kind, tiles, draw(st.one_of(st.none(), st.integers(1, 3)))))
            else:
                style = draw(st.sampled_from(["concealed", "exposed", "promoted"]))
                if style == "concealed":
                    melds.append(Meld(kind, tiles, None, concealed=True))
                else:
                    melds.append(Meld(kind, tiles, draw(st.integers(1, 3)),
                                      promoted=style == "promoted"))
        for x in kinds:
            counts[x] += 1
    is_complete = draw(st.booleans()) if complete is None else complete
    n_standing = 13 - 3 * len(melds) + (1 if is_complete else 0)
    standing: list[int] = []
    for _ in range(n_standing):
        options = [k for k in range(34) if counts[k] < 4]
        k = draw(st.sampled_from(options))
        counts[k] += 1
        standing.append(_plain_or_red(k, red and draw(st.booleans()) and SUIT[k] < 3))
    fl: tuple[int, ...] = ()
    if flowers:
        fl = tuple(sorted(draw(st.sets(st.integers(1, 8), max_size=8))))
    if is_complete:
        return Hand(tuple(melds), tuple(standing[:-1]), standing[-1], fl)
    return Hand(tuple(melds), tuple(standing), None, fl)


def kinds_of(hand: Hand) -> list[int]:
    return [KIND[t] for t in hand.all_tiles]
