"""Random valid MCR hands and situations, covering every winning form and every flag.

``random_hand(rng, form=None)`` returns ``(hand, situation)`` where ``situation`` holds the
keyword arguments of :func:`suanfan.mcr.score` (always valid for the hand). ``FORMS`` lists the
forms. ``to_botzone(hand, situation)`` gives the arguments of PyMahjongGB's
``MahjongFanCalculator`` (used by the differential tests and the benchmark).
"""

from __future__ import annotations

import random
from typing import Any

from ..hand import Hand, Meld, MeldKind
from .forms import KNITTED

__all__ = ["FORMS", "random_hand", "random_situation", "to_botzone"]

FORMS = (
    "standard", "seven_pairs", "seven_shifted_pairs", "thirteen_orphans",
    "lesser_honors_and_knitted_tiles", "greater_honors_and_knitted_tiles", "knitted_straight",
    "nine_gates",
)
_FORM_WEIGHTS = (80, 7, 1.5, 1.5, 2, 1, 5, 2)

_ALL = list(range(34))
_TH = [0, 8, 9, 17, 18, 26, *range(27, 34)]
_GREEN = [19, 20, 21, 23, 25, 32]
_REVERSIBLE = [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]


def _palette(rng: random.Random) -> list[int]:
    x = rng.random()
    suit = rng.randrange(3)
    one = list(range(9 * suit, 9 * suit + 9))
    if x < 0.30:
        return _ALL
    if x < 0.42:
        return one
    if x < 0.54:
        return one + list(range(27, 34))
    if x < 0.60:
        return _TH
    if x < 0.63:
        return list(range(27, 34)) + one
    if x < 0.66:
        return _GREEN
    if x < 0.70:
        return _REVERSIBLE
    if x < 0.80:
        lo, hi = rng.choice([(0, 3), (5, 8), (3, 5), (0, 2), (6, 8), (1, 7)])
        return [9 * s + r for s in range(3) for r in range(lo, hi + 1)]
    if x < 0.85:
        return [9 * s + r for s in range(3) for r in (1, 3, 5, 7)] + [27 + rng.randrange(7)]
    other = (suit + 1 + rng.randrange(2)) % 3
    return one + list(range(9 * other, 9 * other + 9)) + ([] if rng.random() < 0.5 else list(range(27, 34)))


def _try_standard(rng: random.Random) -> tuple[list[tuple[str, int]], int, list[int]] | None:
    pal = _palette(rng)
    ps = set(pal)
    counts = [0] * 34
    sets: list[tuple[str, int]] = []
    p_chow = rng.choice((0.0, 0.3, 0.6, 0.9, 1.0))
    for _ in range(4):
        for _attempt in range(20):
            if rng.random() < p_chow:
                cands = [k for k in pal if k < 27 and k % 9 <= 6 and k + 1 in ps and k + 2 in ps]
                prev = [v for t, v in sets if t == "c"]
                if prev and rng.random() < 0.5:
                    b = rng.choice(prev)
                    opts = [b, b + 1, b - 1, b + 2, b - 2, b + 3, b - 3, b % 9, b % 9 + 9, b % 9 + 18]
                    cands = [k for k in opts if k in cands] or cands
                if not cands:
                    continue
                k = rng.choice(cands)
                if counts[k] < 4 and counts[k + 1] < 4 and counts[k + 2] < 4:
                    counts[k] += 1
                    counts[k + 1] += 1
                    counts[k + 2] += 1
                    sets.append(("c", k))
                    break
            else:
                cands = [k for k in pal if counts[k] <= 1]
                prev = [v for t, v in sets if t == "p"]
                if prev and rng.random() < 0.5:
                    b = rng.choice(prev)
                    if b < 27:
                        opts = [b + 1, b - 1, b % 9, b % 9 + 9, b % 9 + 18]
                    else:
                        opts = list(range(27, 31)) if b <= 30 else list(range(31, 34))
                    cands = [k for k in opts if k in cands and (k < 27) == (b < 27)] or cands
                if not cands:
                    continue
                k = rng.choice(cands)
                if counts[k] <= 1:
                    counts[k] += 3
                    sets.append(("p", k))
                    break
        else:
            return None
    cands = [k for k in pal if counts[k] <= 2]
    if not cands:
        return None
    pair = rng.choice(cands)
    counts[pair] += 2
    return sets, pair, counts


def _make_standard(rng: random.Random) -> Hand:
    while True:
        got = _try_standard(rng)
        if got is None:
            continue
        sets, pair, counts = got
        n_decl = rng.choices((0, 1, 2, 3, 4), (30, 20, 20, 15, 15))[0]
        order = list(range(4))
        rng.shuffle(order)
        declared = set(order[:n_decl])
        melds: list[Meld] = []
        standing: list[int] = [pair, pair]
        for i, (t, k) in enumerate(sets):
            if i in declared:
                if t == "c":
                    melds.append(Meld(MeldKind.CHOW, (k, k + 1, k + 2), rng.randint(1, 3)))
                else:
                    x = rng.random()
                    if x < 0.5 or counts[k] != 3:
                        melds.append(Meld(MeldKind.PUNG, (k, k, k), rng.randint(1, 3)))
                    elif x < 0.7:
                        melds.append(Meld(MeldKind.KONG, (k,) * 4, rng.randint(1, 3)))
                        counts[k] += 1
                    elif x < 0.8:
                        melds.append(Meld(MeldKind.KONG, (k,) * 4, rng.randint(1, 3), promoted=True))
                        counts[k] += 1
                    else:
                        melds.append(Meld(MeldKind.KONG, (k,) * 4, None, concealed=True))
                        counts[k] += 1
            else:
                standing.extend((k, k + 1, k + 2) if t == "c" else (k, k, k))
        w = rng.choice(standing)
        standing.remove(w)
        return Hand(tuple(melds), tuple(standing), w)


def _make_concealed(tiles: list[int], rng: random.Random, win: int | None = None) -> Hand:
    t = list(tiles)
    w = rng.choice(t) if win is None else win
    t.remove(w)
    return Hand((), tuple(t), w)


def _make_form(rng: random.Random, form: str) -> Hand:
    if form == "standard":
        return _make_standard(rng)
    if form == "seven_pairs":
        while True:
            pal = _palette(rng)
            counts = [0] * 34
            pairs: list[int] = []
            for _ in range(7):
                cands = [k for k in pal if counts[k] == 0 or (counts[k] == 2 and rng.random() < 0.15)]
                if not cands:
                    break
                k = rng.choice(cands)
                counts[k] += 2
                pairs.append(k)
            if len(pairs) == 7:
                return _make_concealed([k for k in pairs for _ in (0, 1)], rng)
    if form == "seven_shifted_pairs":
        base = 9 * rng.randrange(3) + rng.randrange(3)
        return _make_concealed([base + i for i in range(7) for _ in (0, 1)], rng)
    if form == "thirteen_orphans":
        return _make_concealed([*_TH, rng.choice(_TH)], rng)
    if form in ("lesser_honors_and_knitted_tiles", "greater_honors_and_knitted_tiles"):
        seq = list(rng.choice(KNITTED))
        if form == "greater_honors_and_knitted_tiles":
            nums = rng.sample(seq, 7)
            hons = list(range(27, 34))
        else:
            n = rng.choice((8, 9, 9))
            nums = rng.sample(seq, n)
            hons = rng.sample(range(27, 34), 14 - n)
        return _make_concealed(nums + hons, rng)
    if form == "knitted_straight":
        while True:
            seq = list(rng.choice(KNITTED))
            counts = [0] * 34
            for k in seq:
                counts[k] += 1
            pal = _ALL if rng.random() < 0.6 else list(range(27, 34))
            melds: list[Meld] = []
            standing = list(seq)
            if rng.random() < 0.5:
                k = rng.choice([x for x in pal if x < 27 and x % 9 <= 6]) if pal is _ALL else rng.choice(pal)
                if k < 27 and rng.random() < 0.5:
                    if max(counts[k:k + 3]) >= 4:
                        continue
                    for j in range(3):
                        counts[k + j] += 1
                    if rng.random() < 0.4:
                        melds.append(Meld(MeldKind.CHOW, (k, k + 1, k + 2), rng.randint(1, 3)))
                    else:
                        standing += [k, k + 1, k + 2]
                else:
                    if counts[k] > 1:
                        continue
                    counts[k] += 3
                    x = rng.random()
                    if x < 0.5:
                        standing += [k] * 3
                    elif x < 0.7:
                        melds.append(Meld(MeldKind.PUNG, (k,) * 3, rng.randint(1, 3)))
                    elif counts[k] == 3 and x < 0.85:
                        counts[k] += 1
                        melds.append(Meld(MeldKind.KONG, (k,) * 4, rng.randint(1, 3)))
                    elif counts[k] == 3:
                        counts[k] += 1
                        melds.append(Meld(MeldKind.KONG, (k,) * 4, None, concealed=True))
                    else:
                        standing += [k] * 3
            else:
                k = rng.choice(pal)
                if counts[k] > 1:
                    continue
                counts[k] += 3
                standing += [k] * 3
            cands = [x for x in _ALL if counts[x] <= 2]
            p = rng.choice(cands)
            standing += [p, p]
            w = rng.choice(standing)
            standing.remove(w)
            return Hand(tuple(melds), tuple(standing), w)
    if form == "nine_gates":
        base = 9 * rng.randrange(3)
        extra = base + rng.randrange(9)
        tiles = [base] * 3 + [base + i for i in range(1, 8)] + [base + 8] * 3 + [extra]
        return _make_concealed(tiles, rng, win=extra)
    raise ValueError(f"unknown form {form!r}; forms are {', '.join(FORMS)}")


def random_situation(rng: random.Random, hand: Hand) -> dict[str, Any]:
    """Valid situation flags for ``hand`` (every flag gets exercised)."""
    assert hand.winning_tile is not None
    w = hand.winning_tile
    standing_copies = sum(1 for t in hand.concealed if t == w)
    meld_copies = sum(1 for m in hand.melds for t in m.tiles if t == w)
    has_kong = any(m.kind is MeldKind.KONG for m in hand.melds)
    sd = rng.random() < 0.5
    kong = False
    if sd and has_kong:
        kong = rng.random() < 0.3
    elif not sd and standing_copies == 0 and meld_copies == 0:
        kong = rng.random() < 0.12
    last_wall = rng.random() < 0.1 and not (kong and not sd)
    last_kind = standing_copies == 0 and rng.random() < 0.2
    flowers = 0 if rng.random() < 0.6 else rng.randint(1, 8)
    return {
        "self_drawn": sd, "last_tile_of_wall": last_wall, "kong": kong, "last_of_kind": last_kind,
        "seat_wind": "ESWN"[rng.randrange(4)], "prevalent_wind": "ESWN"[rng.randrange(4)],
        "flowers": flowers,
    }


def random_hand(rng: random.Random, form: str | None = None) -> tuple[Hand, dict[str, Any]]:
    """A random complete hand of ``form`` (any form when None) and valid situation flags."""
    if form is None:
        form = rng.choices(FORMS, _FORM_WEIGHTS)[0]
    hand = _make_form(rng, form)
    return hand, random_situation(rng, hand)


# -- PyMahjongGB / Botzone arguments ------------------------------------------------------------
def _bz_tile(k: int) -> str:
    if k < 9:
        return f"W{k + 1}"
    if k < 18:
        return f"B{k - 8}"
    if k < 27:
        return f"T{k - 17}"
    if k <= 30:
        return f"F{k - 26}"
    return ("J3", "J2", "J1")[k - 31]


def to_botzone(hand: Hand, situation: dict[str, Any]) -> dict[str, Any]:
    """Keyword arguments for ``MahjongGB.MahjongFanCalculator`` (PyMahjongGB 1.4)."""
    from ..tiles import KIND
    from .situation import parse_wind

    packs = []
    for m in hand.melds:
        k = m.first
        if m.kind is MeldKind.CHOW:
            packs.append(("CHI", _bz_tile(k + 1), m.source or 1))
        elif m.kind is MeldKind.PUNG:
            packs.append(("PENG", _bz_tile(k), m.source or 1))
        else:
            packs.append(("GANG", _bz_tile(k), 0 if m.concealed else (m.source or 1)))
    assert hand.winning_tile is not None
    from ..notation import parse_flowers

    fl = parse_flowers(situation.get("flowers", 0))
    if hand.flowers and not fl:
        fl = hand.flowers
    return {
        "pack": tuple(packs),
        "hand": tuple(_bz_tile(KIND[t]) for t in hand.concealed),
        "winTile": _bz_tile(KIND[hand.winning_tile]),
        "flowerCount": fl if isinstance(fl, int) else len(fl),
        "isSelfDrawn": bool(situation.get("self_drawn")),
        "is4thTile": bool(situation.get("last_of_kind")),
        "isAboutKong": bool(situation.get("kong")),
        "isWallLast": bool(situation.get("last_tile_of_wall")),
        "seatWind": parse_wind(situation.get("seat_wind", "E")),
        "prevalentWind": parse_wind(situation.get("prevalent_wind", "E")),
    }
