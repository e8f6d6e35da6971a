"""The lean total path of MCR scoring: the best total of a hand, worked out from fan indices
alone — no fan tokens, no raw fan lists, no explanation — for every winning form.

Speed by design:

* the standing tiles are one int of packed counts, a nibble per kind (added up from a table),
  from which the 四归一 candidates, the seven-pairs and nine-gates screens and each suit's key
  fall out as a few integer operations;
* each suit's splits are cached per suit key as *parts* that already carry what the fans ask
  of them (chows, pungs, pair, the 全带幺 / 全带五 / 全双刻 property bits, the 幺九刻 of
  numbered pungs, wind pungs, dragon pungs) and the suit's kinds as a bit mask, so a
  decomposition is a few concatenations;
* the unique-wait question (边张 / 坎张 / 单钓将) is answered from per-suit wait tables keyed
  the same way;
* set-combination fans are looked up per set tuple, a new tuple by its shape; the hand-level
  fans per kind mask, a new mask through a stand-in shared by many;
* the walk of the principles runs on small ints and is memoised per rule set on the sorted fan
  indices.

:func:`lean_score` gives (best total, number of readings, a lazy context, a lazy reading):
:class:`LazyReading` stands for the best reading and builds it with the full path only when
the explanation (fans, removed fans, decomposition) is asked for. Rules with seed 003's
extended fans return None (the caller uses the full path), as do hands that are not complete
(the full path says why). The same fans, the same readings in the same order and the same walk
of the principles as the full path (:func:`suanfan.mcr.score._readings`,
:func:`suanfan.mcr.principles.walk_total`); tests/mcr/test_lean.py checks both agree.
"""

from __future__ import annotations

from itertools import permutations, product
from typing import Any

from ..decompose import PUNG, suit_splits
from ..hand import Hand, MeldKind
from ..tiles import KIND
from .combos import chow_fans, pung_fans
from .fans import FAN_INDEX
from .forms import KNITTED, suit_wait_masks, winning_kinds
from .rules import Rules
from .score import (
    _DENSE,
    _I_ALLC,
    _I_ALLP,
    _I_CH,
    _I_CLOSED,
    _I_CP,
    _I_DRAGON,
    _I_EDGE,
    _I_EVEN,
    _I_FCH,
    _I_FIVE,
    _I_HOG,
    _I_L3D,
    _I_L4W,
    _I_LT,
    _I_LTC,
    _I_LTD,
    _I_MH,
    _I_OUT,
    _I_OWR,
    _I_PW,
    _I_RTK,
    _I_SELF,
    _I_SINGLE,
    _I_SW,
    _KNIT_MASKS,
    _PAIR_PROPS,
    _RANK0,
    _SET_PROPS,
    _TH_MASK,
    _YAOJIU,
    _YAOJIU_PUNG,
    Situation,
    _Ctx,
    _global_fans,
    _masks,
    _prepare,
    _readings,
)

__all__ = ["LazyCtx", "LazyReading", "lean_best", "lean_score"]

_CHICKEN = FAN_INDEX["chicken_hand"]
_I_NINE = FAN_INDEX["nine_gates"]
# the fans that take over 幺九刻 of their own pungs, as bits of the walk's small int
_ABSORBERS = {_I_PW: 1, _I_SW: 2, FAN_INDEX["big_three_winds"]: 4, FAN_INDEX["little_four_winds"]: 4,
              _I_NINE: 8}
_I_13 = FAN_INDEX["thirteen_orphans"]
_I_KNIT = FAN_INDEX["knitted_straight"]
_I_GREATER = FAN_INDEX["greater_honors_and_knitted_tiles"]
_I_LESSER = FAN_INDEX["lesser_honors_and_knitted_tiles"]
_I_SEVEN = FAN_INDEX["seven_pairs"]
_I_SHIFTED7 = FAN_INDEX["seven_shifted_pairs"]

# -- packed counts: kind k at bits 4k..4k+3 (at most 4 copies) -----------------------------------
_NIB = _masks(4)
_ONES = _NIB.numbered | _NIB.honor          # bit 4k: "kind k present" after folding
_FOURS = _ONES << 2                          # a count of 4 is the only one with bit 2 set
_UNIT = tuple(1 << (4 * KIND[t]) for t in range(37))
_M36 = (1 << 36) - 1
_new = object.__new__
_KNIT4 = _NIB.knitted
_NUMBERED = _DENSE.numbered
_HONORS = _DENSE.honor
_MANY = (_ONES << 1) | (_ONES << 2)         # some count above 1
_SHIFTED7 = frozenset(0x2222222 << (4 * (9 * s + r)) for s in range(3) for r in range(3))
# 1112345678999 of one suit (nine gates before the winning tile), per suit
_NINE4 = tuple((0x311111113) << (36 * s) for s in range(3))
# knitted straights: per suit's rank mask, which of 147 / 258 / 369 it holds (bits 0, 1, 2); per
# three suits' such bits (3 each), the knitted straights held (indices of forms.KNITTED, whose
# j-th rank set 1+j, 4+j, 7+j lies in suit perm[j])
_KNIT_RANKS = tuple(int(x & 0x49 == 0x49) | int(x & 0x92 == 0x92) << 1 | int(x & 0x124 == 0x124) << 2
                    for x in range(512))
_KNITS_HELD = tuple(
    tuple(ki for ki, perm in enumerate(permutations(range(3)))
          if all(f >> (3 * perm[j] + j) & 1 for j in range(3)))
    for f in range(512)
)


def _knits(smask: int) -> tuple[int, ...]:
    """The knitted straights held in a kind mask (one bit per kind)."""
    return _KNITS_HELD[_KNIT_RANKS[smask & 511] | _KNIT_RANKS[smask >> 9 & 511] << 3
                       | _KNIT_RANKS[smask >> 18 & 511] << 6]

# set-combination fans as fan indices only (套算一次's removed pair fans count nothing), per
# sorted set tuple; a miss is first looked up by the tuple's shape (the suits permuted and the
# ranks reflected, for pungs also moved: every chow and pung combination fan stays the same; a
# test checks it), so a new tuple rarely costs a computation of the combination fans
_CHOW_IDS: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
_PUNG_IDS: dict[tuple[int, ...], tuple[int, ...]] = {}
_CHOW_SHAPES: dict[tuple[int, ...], tuple[int, ...]] = {}
_PUNG_SHAPES: dict[int, tuple[int, ...]] = {}
# a chow tuple packed: 3 bits per chow start (at most 4 alike), 7 starts a suit, 21 bits a suit
_CHOW_BITS = tuple(1 << (3 * (c % 9) + 21 * (c // 9)) if c % 9 <= 6 else 0 for c in range(27))
_M21 = (1 << 21) - 1
_PAIR_FLAG = 1 << 21  # on the suit that holds the pair (it matters only for 双龙会)
_REV9 = tuple(int(f"{x:09b}"[::-1], 2) for x in range(512))  # 9 rank bits reversed
_REFLECTED: dict[int, int] = {}  # a suit's packed chow starts with the ranks reflected (1 <-> 9)


def _reflected(x: int) -> int:
    got = _REFLECTED.get(x)
    if got is None:
        got = _REFLECTED[x] = sum(((x >> (3 * r)) & 7) << (3 * (6 - r)) for r in range(7))
    return got


def _chow_ids(chows: tuple[int, ...], pair: int) -> tuple[int, ...]:
    v = 0
    for c in chows:
        v += _CHOW_BITS[c]
    suits = [v & _M21, (v >> 21) & _M21, v >> 42]
    refl = [_reflected(x) for x in suits]
    if pair >= 0:
        suits[pair // 9] |= _PAIR_FLAG
        refl[pair // 9] |= _PAIR_FLAG
    # the suits permuted, and the ranks reflected (1 <-> 9): every chow fan is the same
    suits.sort()
    refl.sort()
    shape = tuple(suits if suits <= refl else refl)
    ids = _CHOW_SHAPES.get(shape)
    if ids is None:
        ids = tuple(FAN_INDEX[f] for f, _used in chow_fans(chows, pair)[0])
        _CHOW_SHAPES[shape] = ids
    if len(_CHOW_IDS) > 1 << 17:
        _CHOW_IDS.clear()
    _CHOW_IDS[(chows, pair)] = ids
    return ids


def _pung_ids(pungs: tuple[int, ...]) -> tuple[int, ...]:
    v = 0
    for k in pungs:
        v |= 1 << k  # a bit per kind: 9 per suit, then the honours
    s0 = v & 511
    s1 = (v >> 9) & 511
    s2 = (v >> 18) & 511
    ranks = s0 | s1 | s2
    shape = v >> 27 << 27
    if ranks:
        # the suits permuted, the ranks moved down to start at 1 and reflected within their
        # span: the pung fans read ranks only as equal or consecutive
        low = (ranks & -ranks).bit_length() - 1
        s0 >>= low
        s1 >>= low
        s2 >>= low
        out = 9 - (ranks >> low).bit_length()
        a = sorted((s0, s1, s2))
        b = sorted((_REV9[s0] >> out, _REV9[s1] >> out, _REV9[s2] >> out))
        if b < a:
            a = b
        shape |= a[0] | a[1] << 9 | a[2] << 18
    ids = _PUNG_SHAPES.get(shape)
    if ids is None:
        ids = tuple(FAN_INDEX[f] for f, _used in pung_fans(pungs)[0])
        _PUNG_SHAPES[shape] = ids
    if len(_PUNG_IDS) > 1 << 17:
        _PUNG_IDS.clear()
    _PUNG_IDS[pungs] = ids
    return ids


# -- per-suit parts ------------------------------------------------------------------------------
# A part is one suit's split with what the fans need of it:
# (chows, pung kinds, pair kind or -1, property bits, 幺九刻 of numbered pungs (fan indices),
#  wind pung kinds, number of dragon pungs)
_Part = tuple[tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...], int]
# (splits without the pair, splits with it, the only split when there is exactly one, the kinds
# held as a bit mask, one bit per kind)
_Entry = tuple[tuple[_Part, ...], tuple[_Part, ...], _Part | None, int]
_MEMO_LIMIT = 1 << 16
_PARTS: tuple[dict[int, _Entry], ...] = ({}, {}, {}, {})
_P0, _P1, _P2, _P3 = _PARTS
_GLOBAL: dict[int, tuple[int, ...]] = {}
_SPREAD = (0, 1, 1 | 1 << 9, 1 | 1 << 9 | 1 << 18)  # a rank mask copied into 0-3 suits
_NOT_REV = ((1 << 34) - 1) & ~_DENSE.rev      # kinds that are not reversible (推不倒)
_NOT_GREEN = ((1 << 34) - 1) & ~_DENSE.green  # kinds that are not green (绿一色)


def _stand_in(amask: int) -> int:
    """A kind mask with the same hand-level fans as ``amask``, shared by many masks: when
    neither 推不倒 nor 绿一色 can be (a character held, or a kind outside each) or no numbered
    tile is held, the fans read only the ranks held in any suit, the number of suits and the
    honours, so the same ranks in as many suits (characters first) stand for it."""
    if amask & 511 or (amask & _NOT_REV and amask & _NOT_GREEN) or not amask & _NUMBERED:
        return (((amask | amask >> 9 | amask >> 18) & 511)
                * _SPREAD[(amask & 511 > 0) + (amask >> 9 & 511 > 0) + (amask >> 18 & 511 > 0)]
                | amask & _HONORS)
    return amask


def _new_global(amask: int) -> tuple[int, ...]:
    """The hand-level fans of a kind mask not met before, worked out (or found) for its stand-in
    and then memoised under the mask too."""
    gm = _stand_in(amask)
    glob = _GLOBAL.get(gm)
    if glob is None:
        found: list[int] = []
        _global_fans(gm, found)
        glob = tuple(found)
    if len(_GLOBAL) > _MEMO_LIMIT:
        _GLOBAL.clear()
    _GLOBAL[gm] = _GLOBAL[amask] = glob
    return glob


def _new_entry(g: int, key: int) -> _Entry:
    """The parts of one suit's packed counts, in the order of
    :func:`suanfan.decompose.suit_splits` (whose memo the suits share: the keys are the suit's
    own indices, shifted here to the suit's kinds)."""
    base = 9 * g
    shift = base.__add__
    a: list[_Part] = []
    b: list[_Part] = []
    for chows, pungs, pair in suit_splits(key, g == 3):
        if pair >= 0:
            pair += base
            props = _PAIR_PROPS[pair]
        else:
            props = 7
        if chows:
            if base:
                chows = tuple(map(shift, chows))
            for c in chows:
                props &= _SET_PROPS[c]
        yj: tuple[int, ...] = ()
        winds: tuple[int, ...] = ()
        dragons = 0
        if pungs:
            if base:
                pungs = tuple(map(shift, pungs))
            for k in pungs:
                props &= _SET_PROPS[PUNG + k]
                if k < 27:
                    if _YAOJIU_PUNG[k]:
                        yj += (_YAOJIU,)
                elif k >= 31:
                    dragons += 1
                else:
                    winds += (k,)
        (b if pair >= 0 else a).append((chows, pungs, pair, props, yj, winds, dragons))
    # the kinds held: a nibble's low three bits are not all clear; the nibbles' low bits read as
    # binary digits give one bit per kind
    bits = int(format((key | key >> 1 | key >> 2) & 0x111111111, "x"), 2) << base
    entry = (tuple(a), tuple(b), (a or b)[0] if len(a) + len(b) == 1 else None, bits)
    memo = _PARTS[g]
    if len(memo) > _MEMO_LIMIT:
        memo.clear()
    memo[key] = entry
    return entry


def _merge(parts: list[_Part] | tuple[_Part, ...]) -> _Part:
    """The parts of one decomposition (one per suit, in suit order) as one part."""
    if len(parts) == 1:
        return parts[0]
    chows: tuple[int, ...] = ()
    pungs: tuple[int, ...] = ()
    yj: tuple[int, ...] = ()
    winds: tuple[int, ...] = ()
    pair = -1
    props = 7
    dragons = 0
    for pt in parts:
        if pt[0]:
            chows += pt[0]
        if pt[1]:
            pungs += pt[1]
            yj += pt[4]
            winds += pt[5]
            dragons += pt[6]
        if pt[2] >= 0:
            pair = pt[2]
        props &= pt[3]
    return (chows, pungs, pair, props, yj, winds, dragons)


def _entries(p: int) -> tuple[tuple[int, int, int, int], list[_Entry], int]:
    """From the packed counts ``p``: each suit's packed counts (characters, dots, bamboos,
    honours), the entries of the suits held (suit order) and the kinds held, one bit per kind.
    Written out suit by suit: it is on the hot path."""
    k0 = p & _M36
    k1 = (p >> 36) & _M36
    k2 = (p >> 72) & _M36
    k3 = p >> 108
    entries: list[_Entry] = []
    kinds = 0
    if k0:
        e = _P0.get(k0) or _new_entry(0, k0)
        entries.append(e)
        kinds = e[3]
    if k1:
        e = _P1.get(k1) or _new_entry(1, k1)
        entries.append(e)
        kinds |= e[3]
    if k2:
        e = _P2.get(k2) or _new_entry(2, k2)
        entries.append(e)
        kinds |= e[3]
    if k3:
        e = _P3.get(k3) or _new_entry(3, k3)
        entries.append(e)
        kinds |= e[3]
    return (k0, k1, k2, k3), entries, kinds


def _decompositions(entries: list[_Entry]) -> list[_Part] | None:
    """The standard decompositions of the standing tiles (the entries of their suits), each
    merged into one part, in the order of :func:`suanfan.decompose.decompose`; None when there
    is none."""
    singles: list[_Part] = []
    pairs = 0
    for entry in entries:
        only = entry[2]
        if only is not None:
            singles.append(only)
            if only[2] >= 0:
                pairs += 1
    if len(singles) == len(entries):  # the common case: one split per suit
        return [_merge(singles)] if pairs == 1 else None
    paired = -1
    for i, entry in enumerate(entries):
        if not entry[0]:
            if not entry[1] or paired >= 0:
                return None
            paired = i
    n = len(entries)
    out: list[_Part] = []
    for i in range(n):
        with_pair = entries[i][1]
        if not with_pair or (paired >= 0 and i != paired):
            continue
        others = [e[0] for j, e in enumerate(entries) if j != i]
        for pp in with_pair:
            for combo in product(*others):
                parts = list(combo)
                parts.insert(i, pp)
                out.append(_merge(parts))
    return out or None


# -- unique wait ----------------------------------------------------------------------------------
def _unique_wait(p: int, keys: tuple[int, int, int, int], win: int, seven_pairs: bool) -> bool:
    """:func:`suanfan.mcr.forms.unique_wait_standard` on packed counts (``keys`` those of each
    suit): True when the winning tile's kind is the only one that completes the standing tiles."""
    g = win // 9 if win < 27 else 3
    i = win - 9 * g
    key13 = keys[g] - (1 << (4 * i))
    honors = g == 3
    as_sets, as_pair, ok_pair, n13 = suit_wait_masks(key13, honors)
    bit = 1 << i
    if n13 % 3 == 1:
        # the winning tile's suit held the pair: every other suit is sets only
        if as_pair != bit:
            return False
    else:
        if as_sets != bit:
            return False
        if ok_pair:
            # this suit may hold the pair instead: the suit holding it may take a tile
            for gb in range(4):
                if gb == g:
                    continue
                q = keys[gb]
                if q:
                    qs, _qp, _ok, nq = suit_wait_masks(q, gb == 3)
                    if nq % 3 == 2:
                        if qs:
                            return False
                        break
    if seven_pairs:
        c13 = p - _UNIT[win]
        pairs = (((c13 >> 1) | (c13 >> 2)) & _ONES).bit_count() + ((c13 >> 2) & _ONES).bit_count()
        if pairs == 6 and c13 & _ONES != 1 << (4 * win):
            return False
    return True


# -- the lean path ----------------------------------------------------------------------------------
_CHOW = MeldKind.CHOW
_KONG = MeldKind.KONG
_I_MK = FAN_INDEX["melded_kong"]
_I_CK = FAN_INDEX["concealed_kong"]
_I_2MK = FAN_INDEX["two_melded_kongs"]
_I_2CK = FAN_INDEX["two_concealed_kongs"]
_I_CMK = FAN_INDEX["concealed_and_melded_kong"]
_I_3K = FAN_INDEX["three_kongs"]
_I_4K = FAN_INDEX["four_kongs"]
_CHOW3 = tuple((1 << (4 * k)) * 0x111 for k in range(27))

# per rule set (by identity, the rules kept alive): sorted fan indices (+ wind codes) -> total
# and the rule set's tables for the walk
_WalkTables = tuple[tuple[tuple[int, frozenset[int], int] | None, ...], int]
_WALK_MEMO: dict[int, tuple[Rules, dict[tuple[int, ...], int], _WalkTables]] = {}


def _new_walk_entry(rules: Rules) -> tuple[Rules, dict[tuple[int, ...], int], _WalkTables]:
    """A rule set's walk memo (empty) and its tables on small ints: per fan index None when the
    fan is switched off, else (value, the indices it excludes, its 幺九刻-absorber bit); the
    value of 无番和 (0 if off)."""
    excl: tuple[int, ...] = rules._excl  # type: ignore[attr-defined]
    enabled: int = rules._enabled  # type: ignore[attr-defined]
    values: list[int] = rules._values  # type: ignore[attr-defined]
    n = len(values)
    tables = (
        tuple((values[i], frozenset(j for j in range(n) if excl[i] >> j & 1), _ABSORBERS.get(i, 0))
              if enabled >> i & 1 else None for i in range(n)),
        values[_CHICKEN] if enabled >> _CHICKEN & 1 else 0,
    )
    if len(_WALK_MEMO) > 64:
        _WALK_MEMO.clear()
    entry = _WALK_MEMO[id(rules)] = (rules, {}, tables)
    return entry


def lean_score(hand: Hand, sit: Situation, rules: Rules) -> tuple[int, int, LazyCtx, LazyReading] | None:
    """The best total of a hand: (best total without flowers, number of readings, the context
    and the best reading, both built when the explanation is asked for); None when the full path
    is needed (see the module), and when the melds show three copies of the winning tile while
    ``sit`` does not say 和绝张 yet (the situation check infers it first)."""
    if rules._ext or sit.flags:
        return None
    wt = hand.winning_tile
    if wt is None:
        return None
    win = KIND[wt]
    p = _UNIT[wt]
    for t in hand.concealed:  # a loop costs less than sum(): the sum is a big int
        p += _UNIT[t]
    keys, entries, smask = _entries(p)  # smask: the kinds held, one bit per kind
    melds = hand.melds
    n_melds = len(melds)
    # the forms other than four sets and a pair (MCR.md), in the full path's order: with no
    # declared meld, thirteen orphans, honours and knitted tiles and seven pairs are one reading
    # each; with at most one, the knitted straights held; then the standard decompositions
    nbits = smask.bit_count()
    special: tuple[int, ...] = ()
    form = "standard"
    nine = False
    standard = True  # standard decompositions may read the hand too
    knits: tuple[int, ...] = ()  # knitted straights (组合龙) the standing tiles hold
    if n_melds == 0 and smask == _TH_MASK:
        special, form, standard = (_I_13,), "thirteen_orphans", False
    elif n_melds == 0 and nbits == 14:
        num = smask & _NUMBERED
        if p & _MANY or not any(num & km == num for km in _KNIT_MASKS):
            return None
        standard = False
        if smask & _HONORS == _HONORS:
            special, form = (_I_GREATER,), "greater_honors_and_knitted_tiles"
        else:
            special, form = (_I_LESSER,), "lesser_honors_and_knitted_tiles"
        if num.bit_count() == 9:
            special += (_I_KNIT,)  # all nine tiles of a knitted straight: 组合龙 too
    else:
        if n_melds <= 1 and nbits >= 9:
            knits = _knits(smask)
        if n_melds == 0:
            if nbits <= 7 and not p & _ONES:
                if p in _SHIFTED7:
                    special, form = (_I_SHIFTED7,), "seven_shifted_pairs"
                else:
                    special, form = (_I_SEVEN,), "seven_pairs"
            elif win < 27 and p - _UNIT[win] == _NINE4[win // 9]:
                nine = True
    decs: list[_Part] = []
    if standard:
        if len(entries) == 1 and entries[0][2] is not None:  # one suit, one split
            only = entries[0][2]
            if only[2] >= 0:
                decs = [only]
            elif not special and not knits:
                return None
        else:
            found = _decompositions(entries)
            if found is not None:
                decs = found
            elif not special and not knits:
                return None
    # the declared melds: sets, kong series, concealment, and the whole hand's counts
    ids: list[int] = []
    ap = ids.append
    sd = sit.self_drawn
    pw = 27 + sit.prevalent_wind
    sw = 27 + sit.seat_wind
    fixed_chows: list[int] = []
    fixed_pungs: list[int] = []
    kong_kinds: list[int] = []
    f_props = 7
    f_winds: tuple[int, ...] = ()
    f_dragons = 0
    melded = mk = ck = 0
    allp = p
    amask = smask  # the kinds of the whole hand
    win_copies = 0  # of the winning tile in the melds
    for m in melds:
        k = m.first
        mkind = m.kind
        if mkind is _CHOW:
            fixed_chows.append(k)
            allp += _CHOW3[k]
            f_props &= _SET_PROPS[k]
            amask |= 7 << k
            if k <= win <= k + 2:
                win_copies += 1
        else:
            amask |= 1 << k
            fixed_pungs.append(k)
            if k == win:
                win_copies += len(m.tiles)
            f_props &= _SET_PROPS[PUNG + k]
            if mkind is _KONG:
                kong_kinds.append(k)
                allp += _UNIT[k] << 2
                if m.concealed:
                    ck += 1
                else:
                    mk += 1
            else:
                allp += _UNIT[k] * 3
            if k >= 27:
                if k >= 31:
                    ap(_I_DRAGON)
                    f_dragons += 1
                else:
                    f_winds += (k,)
            elif _YAOJIU_PUNG[k]:
                ap(_YAOJIU)
        if not m.concealed:
            melded += 1
    if win_copies == 3 and not sit.last_of_kind and not (sit.kong and not sd):
        return None  # 和绝张 is to be inferred: score() checks the situation first
    # fans common to every reading, as the full path's preparation
    if sd:
        ap(_I_SELF)
    if melded == 0:
        ap(_I_FCH if sd else _I_CH)
    elif melded == 4 and not sd:
        ap(_I_MH)
    if sit.last_of_kind:
        ap(_I_LT)
    if sit.last_tile_of_wall:
        ap(_I_LTD if sd else _I_LTC)
    if sit.kong:
        ap(_I_OWR if sd else _I_RTK)
    hog = allp & _FOURS
    while hog:
        low = hog & -hog
        if (low.bit_length() - 3) >> 2 not in kong_kinds:
            ap(_I_HOG)
        hog ^= low
    glob = _GLOBAL.get(amask)  # the hand-level fans, memoised per kind mask
    if glob is None:
        glob = _new_global(amask)
    if glob:
        ids += glob
    kongs = mk + ck
    if kongs:
        if kongs == 1:
            ap(_I_MK if mk else _I_CK)
        elif kongs == 2:
            if mk == 2:
                ap(_I_2MK)
            elif ck == 2:
                ap(_I_2CK)
            elif rules.melded_concealed_kong:
                ap(_I_CMK)
            else:
                ap(_I_CK)
                ap(_I_MK)
        elif kongs == 3:
            ap(_I_3K)
        else:
            ap(_I_4K)
    if fixed_chows:
        fixed_chows.sort()
    # the rules' tables and the walk memo
    entry = _WALK_MEMO.get(id(rules))
    if entry is None or entry[0] is not rules:  # the id of a rule set since dropped
        entry = _new_walk_entry(rules)
    _rules, memo, tables = entry
    chow_tab = _CHOW_IDS
    pung_tab = _PUNG_IDS
    unique: bool | None = None
    best = -1
    best_i = 0
    first = 0
    if special:
        best = _memo_walk([*ids, *special], (), memo, tables)
        first = 1
    if knits:
        # 组合龙 with a set and a pair (or the pair and one declared meld), read first
        for ki in knits:
            for dec in _decompositions(_entries(p - _KNIT4[ki])[1]) or ():
                total = _knitted_total(ids, dec, ki, win, fixed_pungs, f_winds, pw, sw, rules, memo,
                                       tables)
                if total > best:
                    best = total
                    best_i = first
                first += 1
        if not first and not decs:
            return None
        if best_i < first:
            form = "knitted_straight"
    if nine:
        ap(_I_NINE)
    for di, dec in enumerate(decs, first):
        # the decomposition's sets: the standing ones (suit order), then the declared melds
        st_chows, st_pungs, pair, props, yj, winds_t, dragons = dec
        ids2 = ids + list(yj) if yj else ids[:]
        ap2 = ids2.append
        props &= f_props
        if dragons:
            ids2 += [_I_DRAGON] * dragons
        chows: list[int] | tuple[int, ...] = sorted((*fixed_chows, *st_chows)) if fixed_chows else st_chows
        if fixed_pungs:
            pungs: list[int] | tuple[int, ...] = sorted((*fixed_pungs, *st_pungs))
            dragons += f_dragons
            winds_l = winds_t + f_winds if f_winds else winds_t
        else:
            pungs = st_pungs
            winds_l = winds_t
        concealed = ck + len(st_pungs)
        if not sd and win in st_pungs:
            for c in st_chows:
                if c <= win <= c + 2:
                    break
            else:
                concealed -= 1  # the pung completed by the discard is melded
        # per-pung fans of the standing dragon and wind pungs; 幺九刻 of winds kept aside with
        # their codes (1, + 2 prevalent wind, + 4 seat wind)
        wind_yj = _wind_fans(winds_l, pw, sw, ids2) if winds_l else ()
        if concealed >= 2:
            ap2(_I_CP[concealed if concealed < 4 else 4])
        npung = len(pungs)
        if npung == 4:
            ap2(_I_ALLP)
        if pair >= 27:
            if pair <= 30:
                if len(winds_l) == 3:
                    ap2(_I_L4W)
            elif dragons == 2:
                ap2(_I_L3D)
        nc = len(chows)
        if nc >= 2:
            # the pair matters only for 一色/三色双龙会: four chows 123 / 789 and a pair of 5s
            key = (tuple(chows), pair if nc == 4 and pair < 27 and _RANK0[pair] == 4
                   and all(_RANK0[c] in (0, 6) for c in chows) else -1)
            got = chow_tab.get(key)
            if got is None:
                got = _chow_ids(*key)
            ids2 += got
        if npung >= 2:
            pk = tuple(pungs)
            gotp = pung_tab.get(pk)
            if gotp is None:
                gotp = _pung_ids(pk)
            if gotp:
                ids2 += gotp
        if nc == 4 and pair < 27:
            ap2(_I_ALLC)
        if props:
            if props & 1:
                ap2(_I_OUT)
            if props & 2:
                ap2(_I_FIVE)
            if props & 4:
                ap2(_I_EVEN)
        # wait fans: only when exactly one tile kind completes the hand (the answer is per
        # hand); edge before closed before single (MCR.md)
        # (asked only of a reading that would have one: the winning tile at the edge or in the
        # middle of a chow, or in the pair)
        if unique is not False:
            edge = closed = False
            for c in st_chows:
                if c == win - 1:
                    closed = True
                elif c == win or c + 2 == win:
                    edge = True
            if edge or closed or pair == win:
                if unique is None:
                    for c in st_chows:
                        if (c + 2 == win and _RANK0[c] >= 1) or (c == win and _RANK0[c] <= 5):
                            unique = False  # the winning tile completes an open-ended wait
                            break
                    else:
                        unique = False if win in st_pungs else _unique_wait(p, keys, win,
                                                                            n_melds == 0 and nbits <= 8)
                if unique:
                    ap2(_I_EDGE if edge else _I_CLOSED if closed else _I_SINGLE)
        total = _memo_walk(ids2, wind_yj, memo, tables)
        if total > best:
            best = total
            best_i = di
    if best_i >= first:
        form = "nine_gates" if nine else "standard"
    lazy = _new(LazyReading)  # LazyReading(hand, sit, rules, best_i, form) without the call
    lazy._args = (hand, sit, rules)
    lazy._index = best_i
    lazy._form = form
    lazy._real = lazy._built = None
    return best, len(decs) + first, lazy, lazy


def _knitted_total(ids: list[int], dec: _Part, ki: int, win: int, fixed_pungs: list[int],
                   f_winds: tuple[int, ...], pw: int, sw: int, rules: Rules,
                   memo: dict[tuple[int, ...], int], tables: _WalkTables) -> int:
    """The total of a knitted-straight reading (as ``score._knitted_raw``): ``ids`` the fans
    common to every reading, ``dec`` the remaining set (if standing) and the pair."""
    st_chows, st_pungs, pair, _props, yj, winds_t, dragons = dec
    ids2 = [*ids, _I_KNIT, *yj]
    if dragons:
        ids2.append(_I_DRAGON)
    winds = winds_t + f_winds
    wind_yj = _wind_fans(winds, pw, sw, ids2) if winds else ()
    is_chow = bool(st_chows) or (not st_pungs and not fixed_pungs)
    if is_chow and pair < 27:
        ids2.append(_I_ALLC)
    # wait fans: not when the winning tile's kind is one the knitted straight uses, unless the
    # rules let the set or pair take it (MCR.md)
    if st_chows:
        c = st_chows[0]
        set_tiles: tuple[int, ...] = (c, c + 1, c + 2)
    else:
        set_tiles = st_pungs * 3
    in_knit = win in KNITTED[ki]
    if in_knit and rules.knitted_tile_wait and (win in set_tiles or win == pair):
        in_knit = False
    if not in_knit:
        if set_tiles:
            rest = [0] * 34
            for k in set_tiles:
                rest[k] += 1
            rest[pair] += 2
            rest[win] -= 1
            if len(winning_kinds(rest, False)) == 1:
                if st_chows and st_chows[0] == win - 1:
                    ids2.append(_I_CLOSED)
                elif st_chows and (st_chows[0] == win or st_chows[0] + 2 == win):
                    ids2.append(_I_EDGE)
                elif pair == win:
                    ids2.append(_I_SINGLE)
        elif pair == win:
            ids2.append(_I_SINGLE)
    return _memo_walk(ids2, wind_yj, memo, tables)


def _wind_fans(winds: tuple[int, ...], pw: int, sw: int, ids: list[int]) -> list[int]:
    """The fans of wind pungs (圈风刻, 门风刻, 幺九刻) appended to ``ids``; returns each pung's
    code for the walk (1, + 2 prevalent wind, + 4 seat wind), as its 幺九刻 may be absorbed."""
    codes: list[int] = []
    for k in winds:
        code = 1
        if k == pw:
            ids.append(_I_PW)
            code = 3
        if k == sw:
            ids.append(_I_SW)
            code |= 4
        ids.append(_YAOJIU)
        codes.append(code)
    return codes


def _memo_walk(ids: list[int], wind_yj: list[int] | tuple[int, ...], memo: dict[tuple[int, ...], int],
               tables: _WalkTables) -> int:
    """The total of one reading's fans (sorted here): the walk of the principles, memoised per
    rule set on the sorted fan indices and the wind pungs' codes."""
    ids.sort()
    key = (*ids, -1, *wind_yj) if wind_yj else tuple(ids)
    total = memo.get(key)
    if total is None:
        total = _walk(ids, wind_yj, tables)
        if len(memo) > 1 << 16:
            memo.clear()
        memo[key] = total
    return total


def lean_best(ctx: _Ctx) -> tuple[int, int, int] | None:
    """(best total without flowers, index of the best reading, number of readings) of the
    hand of a full-path context, by the lean path; None when the full path is needed."""
    got = lean_score(ctx.hand, ctx.sit, ctx.rules)
    if got is None:
        return None
    return got[0], got[3]._index, got[1]


def _walk(ids: list[int], wind_yj: list[int] | tuple[int, ...], tables: _WalkTables) -> int:
    """:func:`suanfan.mcr.principles.walk_total` over sorted fan indices, on small ints only
    (the fan bit masks are wider than a machine word); ``wind_yj`` codes the wind pungs among
    the 幺九刻 (1, + 2 prevalent wind, + 4 seat wind)."""
    info, chicken = tables
    excluded: set[int] = set()
    total = 0
    absorbers = 0  # 圈风刻 1, 门风刻 2, 三风刻 / 小四喜 4, 九莲宝灯 8 kept
    kept_any = False
    prev = -1
    value = 0  # of the fan just kept (0: not kept)
    for idx in ids:
        if idx == prev:
            total += value
            continue
        prev = idx
        fan = info[idx]
        if fan is None or idx in excluded:
            value = 0
            continue
        value, ex, ab = fan
        if idx == _YAOJIU:
            cnt = ids.count(idx)
            for code in wind_yj:
                if absorbers & 4 or (code & 2 and absorbers & 1) or (code & 4 and absorbers & 2):
                    cnt -= 1
            if absorbers & 8 and cnt:
                cnt -= 1  # 九莲宝灯 takes the 幺九刻 of its own 111 / 999
            total += value * cnt
            value = 0  # the other copies are counted here
            if not cnt:
                continue
        else:
            total += value
            absorbers |= ab
        kept_any = True
        if ex:
            excluded |= ex
    if not kept_any:
        total = chicken
    return total


class LazyReading:
    """The best reading of a hand scored by the lean path, standing in for both the full path's
    context (``score._prepare``; attributes are read from it) and the reading ``(form, tokens,
    raw fans)`` of index ``index`` among ``_readings(ctx)`` (items). Both are built by the full
    path on first use: only the explanation needs them."""

    __slots__ = ("_args", "_built", "_form", "_index", "_real")

    def __init__(self, hand: Hand, sit: Situation, rules: Rules, index: int, form: str = "standard") -> None:
        self._args = (hand, sit, rules)
        self._index = index
        self._form = form
        self._real: _Ctx | None = None
        self._built: Any = None

    def real(self) -> _Ctx:
        if self._real is None:
            self._real = _prepare(*self._args)
        return self._real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real(), name)

    def __getitem__(self, i: int) -> Any:
        if i == 0:
            return self._form
        if self._built is None:
            self._built = _readings(self.real())[self._index]
        return self._built[i]

    def __len__(self) -> int:
        return 3


LazyCtx = LazyReading  # the same object serves as the context
