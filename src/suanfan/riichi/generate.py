"""Random valid riichi hands with random consistent situations, for differential tests and benches.

Shapes: four sets and a pair (closed, open, with kongs of every kind), seven pairs and thirteen
orphans; tile choices are biased toward the patterns yaku look for (one suit, terminals, honours,
greens, simples) so that every yaku occurs often. Situations respect the rules of the game
(riichi only closed, rinshan only with a kong, chankan only on a tile the hand holds once, at
most one red five of each suit between the hand and the indicators, at most four of a tile ...),
so every generated case is a legal input of :func:`suanfan.riichi.score`.
"""

from __future__ import annotations

import random
from typing import Any

from ..hand import Hand, Meld, MeldKind
from ..tiles import RED_MAN

__all__ = ["random_case", "random_hand", "random_situation"]

_FLAVOURS = ("any", "any", "one_suit", "one_suit_honours", "terminals", "honours", "simples",
             "green", "chows", "chows", "chows", "pungs", "sanshoku", "ittsu", "peikou", "chanta",
             "doukou")
_GREEN = (19, 20, 21, 23, 25, 32)


def _kinds_for(flavour: str, suit: int) -> list[int]:
    b = 9 * suit
    if flavour == "one_suit":
        return list(range(b, b + 9))
    if flavour == "one_suit_honours":
        return [*range(b, b + 9), *range(27, 34)]
    if flavour == "terminals":
        return [0, 8, 9, 17, 18, 26, *range(27, 34)]
    if flavour == "honours":
        return [*range(27, 34), b, b + 8]
    if flavour == "simples":
        return [k for k in range(27) if k % 9 not in (0, 8)]
    if flavour == "green":
        return list(_GREEN)
    if flavour == "chanta":
        return [0, 6, 8, 9, 15, 17, 18, 24, 26, *range(27, 34)]
    return list(range(34))


def _set_options(kinds: list[int], counts: list[int], flavour: str) -> list[tuple[str, int]]:
    ks = set(kinds)
    out: list[tuple[str, int]] = []
    for k in kinds:
        if k < 27 and k % 9 <= 6 and (flavour == "chanta" or (k + 1 in ks and k + 2 in ks)) \
                and flavour != "pungs" and counts[k] < 4 and counts[k + 1] < 4 and counts[k + 2] < 4 \
                and (flavour != "chanta" or k % 9 in (0, 6)):
            out.append(("chow", k))
            if flavour in ("chows", "sanshoku", "ittsu", "peikou", "chanta"):
                out.extend((("chow", k), ("chow", k)))
        if counts[k] <= 1 and flavour != "chows":
            out.append(("pung", k))
    return out


def random_hand(rng: random.Random, red: bool = True) -> Hand:
    """A random complete hand (14 tiles with its winning tile)."""
    r = rng.random()
    if r < 0.02:
        return _chuuren(rng, red)
    if r < 0.05:
        return _kokushi(rng)
    if r < 0.14:
        return _chiitoitsu(rng, red)
    flavour = rng.choice(_FLAVOURS)
    suit = rng.randrange(3)
    while True:
        h = _standard(rng, flavour, suit, red)
        if h is not None:
            return h


def _tile(rng: random.Random, k: int, reds: list[bool], red: bool) -> int:
    if red and k < 27 and k % 9 == 4 and not reds[k // 9] and rng.random() < 0.4:
        reds[k // 9] = True
        return RED_MAN + k // 9
    return k


def _kokushi(rng: random.Random) -> Hand:
    th = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    extra = rng.choice(th)
    tiles = [*th, extra]
    w = tiles.pop(rng.randrange(14))
    return Hand((), tuple(tiles), w)


def _chuuren(rng: random.Random, red: bool) -> Hand:
    b = 9 * rng.randrange(3)
    tiles = [b, b, b, *range(b + 1, b + 8), b + 8, b + 8, b + 8, b + rng.randrange(9)]
    if red and rng.random() < 0.5:
        tiles[tiles.index(b + 4)] = RED_MAN + b // 9
    w = tiles.pop(rng.randrange(14))
    return Hand((), tuple(tiles), w)


def _chiitoitsu(rng: random.Random, red: bool) -> Hand:
    flavour = rng.choice(_FLAVOURS)
    kinds = _kinds_for(flavour, rng.randrange(3))
    if len(kinds) < 7:
        kinds = list(range(34))
    pairs = rng.sample(kinds, 7)
    reds = [False, False, False]
    tiles = []
    for k in pairs:
        tiles.append(_tile(rng, k, reds, red))
        tiles.append(k)
    w = tiles.pop(rng.randrange(14))
    return Hand((), tuple(tiles), w)


def _standard(rng: random.Random, flavour: str, suit: int, red: bool) -> Hand | None:
    kinds = _kinds_for(flavour, suit)
    counts = [0] * 34
    sets: list[tuple[str, int]] = []
    if flavour == "sanshoku":
        r = rng.randrange(7)
        sets = [("chow", r), ("chow", r + 9), ("chow", r + 18)]
    elif flavour == "ittsu":
        b = 9 * suit
        sets = [("chow", b), ("chow", b + 3), ("chow", b + 6)]
    elif flavour == "peikou":
        r = rng.choice([k for k in range(27) if k % 9 <= 6])
        sets = [("chow", r), ("chow", r)]
    elif flavour == "doukou":
        r = rng.randrange(9)
        sets = [("pung", r), ("pung", r + 9), ("pung", r + 18)]
    for kind, k in sets:
        if kind == "chow":
            for i in range(3):
                counts[k + i] += 1
        else:
            counts[k] += 3
    while len(sets) < 4:
        opts = _set_options(kinds, counts, flavour)
        if not opts:
            opts = _set_options(list(range(34)), counts, "any")
        kind, k = rng.choice(opts)
        sets.append((kind, k))
        if kind == "chow":
            counts[k] += 1
            counts[k + 1] += 1
            counts[k + 2] += 1
        else:
            counts[k] += 3
    pair_opts = [k for k in kinds if counts[k] <= 2] or [k for k in range(34) if counts[k] <= 2]
    pair = rng.choice(pair_opts)
    counts[pair] += 2
    reds = [False, False, False]
    # melds
    n_melds = rng.choice((0, 0, 0, 0, 1, 1, 2, 2, 3, 4))
    rng.shuffle(sets)
    melds: list[Meld] = []
    standing: list[int] = []
    for i, (kind, k) in enumerate(sets):
        if i < n_melds:
            if kind == "chow":
                tiles = tuple(_tile(rng, k + j, reds, red) for j in range(3))
                melds.append(Meld(MeldKind.CHOW, tiles, rng.choice((None, 1, 2, 3))))
            elif counts[k] == 3 and rng.random() < 0.35:
                counts[k] += 1
                tiles = (_tile(rng, k, reds, red), k, k, k)
                style = rng.random()
                if style < 0.4:
                    melds.append(Meld(MeldKind.KONG, tiles, None, concealed=True))
                else:
                    melds.append(Meld(MeldKind.KONG, tiles, rng.choice((1, 2, 3)),
                                      promoted=style > 0.7))
            else:
                tiles = (_tile(rng, k, reds, red), k, k)
                melds.append(Meld(MeldKind.PUNG, tiles, rng.choice((None, 1, 2, 3))))
        elif kind == "chow":
            standing.extend(_tile(rng, k + j, reds, red) for j in range(3))
        else:
            standing.extend((_tile(rng, k, reds, red), k, k))
    standing.extend((_tile(rng, pair, reds, red), pair))
    w = standing.pop(rng.randrange(len(standing)))
    h = Hand(tuple(melds), tuple(standing), w)
    return _fix_reds(h) if red else h


def _fix_reds(h: Hand) -> Hand:
    """With red fives in play, four fives of a suit include the red one."""
    counts = h.counts
    for suit in range(3):
        k = 9 * suit + 4
        r = RED_MAN + suit
        if counts[k] == 4 and r not in h.all_tiles:
            melds = list(h.melds)
            for i, m in enumerate(melds):
                if k in m.tiles:
                    t = list(m.tiles)
                    t[t.index(k)] = r
                    melds[i] = Meld(m.kind, tuple(t), m.source, m.concealed, m.promoted)
                    break
            else:
                c = list(h.concealed)
                if k in c:
                    c[c.index(k)] = r
                    h = Hand(h.melds, tuple(c), h.winning_tile)
                    continue
                h = Hand(h.melds, h.concealed, r)
                continue
            h = Hand(tuple(melds), h.concealed, h.winning_tile)
    return h


def random_situation(rng: random.Random, hand: Hand, renhou: bool = False,
                     sanma: bool = False) -> dict[str, Any]:
    """Random situation flags consistent with ``hand`` (keyword arguments of ``score``)."""
    closed = hand.is_closed
    kongs = hand.kong_count
    tsumo = rng.random() < 0.45
    kw: dict[str, Any] = {"tsumo": tsumo}
    kw["seat_wind"] = rng.choice("ESWN" if not sanma else "ESW")
    kw["round_wind"] = rng.choice("EESSWN")
    dealer = kw["seat_wind"] == "E"
    riichi = closed and rng.random() < 0.45
    if riichi:
        if rng.random() < 0.12:
            kw["double_riichi"] = True
        else:
            kw["riichi"] = True
    if tsumo and kongs and rng.random() < 0.25:
        kw["rinshan"] = True
    if riichi and not kw.get("rinshan") and rng.random() < 0.2:
        kw["ippatsu"] = True
    counts = hand.counts
    w = hand.winning_tile
    assert w is not None
    wk = w if w < RED_MAN else 4 + 9 * (w - RED_MAN)
    if not tsumo and counts[wk] == 1 and rng.random() < 0.1:
        kw["chankan"] = True
    if tsumo and not kw.get("rinshan") and rng.random() < 0.06:
        kw["haitei"] = True
    if not tsumo and not kw.get("chankan") and rng.random() < 0.06:
        kw["houtei"] = True
    if not hand.melds and not riichi and rng.random() < 0.04 and not any(
            kw.get(f) for f in ("rinshan", "chankan", "haitei", "houtei", "ippatsu")):
        if tsumo:
            kw["tenhou" if dealer else "chiihou"] = True
        elif renhou and not dealer:
            kw["renhou"] = True
    # dora indicators: visible tiles, at most 4 of a kind and one red five per suit overall
    seen = list(counts)
    reds = [False, False, False]
    for t in hand.all_tiles:
        if t >= RED_MAN:
            reds[t - RED_MAN] = True
    pool = [k for k in range(34) if not (sanma and 1 <= k <= 7)]

    def draw_indicators(n: int) -> str:
        out = []
        for _ in range(n):
            k = rng.choice([k for k in pool if seen[k] < 4])
            seen[k] += 1
            if k < 27 and k % 9 == 4 and not reds[k // 9] and (rng.random() < 0.25 or seen[k] == 4):
                reds[k // 9] = True
                out.append(f"0{'mps'[k // 9]}")
            elif k < 27:
                out.append(f"{k % 9 + 1}{'mps'[k // 9]}")
            else:
                out.append(f"{k - 26}z")
        return "".join(out)

    n_ind = 1 + rng.randrange(kongs + 1)
    kw["dora_indicators"] = draw_indicators(n_ind)
    if riichi:
        kw["ura_dora_indicators"] = draw_indicators(n_ind)
    kw["honba"] = rng.choice((0, 0, 0, 1, 2, 5))
    kw["riichi_sticks"] = rng.choice((0, 0, 0, 1, 2))
    return kw


def random_case(rng: random.Random, red: bool = True, renhou: bool = False) -> tuple[Hand, dict[str, Any]]:
    """A random hand and a consistent situation."""
    h = random_hand(rng, red)
    return h, random_situation(rng, h, renhou)
