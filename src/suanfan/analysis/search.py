"""The search behind :func:`suanfan.analysis.expected_values`: a one-player draw/discard graph and
its dynamic programme over the turns, generic over the rule system.

The model (docs/analysis-expected.md states it in full) is that of mahjong-cpp v0.9.8's expected
score calculator. A rule system plugs in through a :class:`WinValue`: its shanten with the useful
kinds of a 13-tile hand and the spare kinds of a 14-tile hand (packed as
:func:`suanfan.shanten.riichi_useful_keys` packs them), and the value of a self-drawn win.

Tiles are the 37 tile ids (34 kinds, then the red 5m 5p 5s, a separate tile here). A hand is a
*key*: three bits a tile id (id ``i`` at bit ``3 i``), and the riichi flag at bit 111. Nodes are
memoised on their key; the useful and spare kinds on the packed kind counts (the red fives
merged); the scores of complete hands by the rule system.

Written for mypyc: flat lists indexed by node and edge numbers, no objects made per node.
"""

from __future__ import annotations

import time
from typing import Final

from ..errors import LimitExceeded
from ..shanten import FORMS_AT, KINDS_MASK, SHANTEN_AT
from ..tiles import KIND

__all__ = ["SearchResult", "WinValue", "search"]

N_TILES: Final = 37
#: a complete hand's spare kinds (MCR: one below the minimum, played on) are explored while it
#: holds at most s0 + PLAY_ON tiles not in the root hand
PLAY_ON: Final = 1
#: the table model: what a riichi declaration costs when the hand is not won
RIICHI_DEPOSIT: Final = 1000.0
#: a tile id's kind
_KIND_OF: Final[list[int]] = list(KIND)
#: group patterns: a group's kind counts (a nibble a rank) with, for a suit, its red five at bit
#: 36, interned into small ids; a node key is the riichi flag at bit 0 and the four groups' ids,
#: 16 bits each from bit 1 (a tagged machine int while the ids stay below 2^13)
_ID_BITS: Final = 16
_ID_MASK: Final = (1 << 16) - 1
_MAX_IDS: Final = 1 << 16
_SHIFT: Final[list[int]] = [1, 17, 33, 49]
_RED_AT: Final = 36
_NIBBLES: Final = (1 << 36) - 1
#: the slots of a group (ranks 0-8, slot 9 the red five of a suit): the tile id, -1 for none
_SLOTS: Final = 10
_SLOT_TILE: Final[list[int]] = (
    [r for r in range(9)] + [34]
    + [9 + r for r in range(9)] + [35]
    + [18 + r for r in range(9)] + [36]
    + [27 + r for r in range(7)] + [-1, -1, -1])
_N_SLOTS: Final[list[int]] = [10, 10, 10, 7]
#: one tile of a rank in a group pattern
_NIBBLE_ONE: Final[list[int]] = [1 << (4 * r) for r in range(9)]
#: a tile id's group * 10 + slot
_TILE_SLOT: Final[list[int]] = [_SLOT_TILE.index(t) for t in range(N_TILES)]


class WinValue:
    """What the search asks of a rule system. Subclasses override the three methods; the keys
    are those of :mod:`suanfan.shanten` (a nibble a rank or honour kind, red fives merged)."""

    def useful(self, k0: int, k1: int, k2: int, k3: int) -> int:
        """A 13-tile hand's packed shanten, forms and useful kinds."""
        raise NotImplementedError

    def spare(self, k0: int, k1: int, k2: int, k3: int) -> int:
        """A 14-tile hand's packed shanten, forms and spare kinds."""
        raise NotImplementedError

    def value(self, counts: list[int], win: int, riichi: bool) -> float:
        """The worth of the complete hand ``counts`` (37 tile-id counts) self-drawn on tile id
        ``win``, riichi declared or not (0: no legal win)."""
        raise NotImplementedError

    def declares_riichi(self) -> bool:
        """A closed ready hand declares riichi (the riichi flag of a node); False: never."""
        return True

    def combination(self, counts: list[int], win: int) -> int:
        """A small number naming the combination of a win worth more than 0 (-1: not tracked);
        the search adds up, for each, the chance of winning with it under the expected-score
        policy (:attr:`SearchResult.combinations`)."""
        return -1


class SearchResult:
    """The values of the root's options: for each option (a discard's tile id, or -1 for a
    13-tile root), the three arrays over the turns ``t_min .. t_max``."""

    def __init__(self, discards: list[int], tenpai: list[list[float]], win: list[list[float]],
                 score: list[list[float]], states: int,
                 combinations: list[dict[int, float]] | None = None) -> None:
        self.discards = discards
        self.tenpai = tenpai
        self.win = win
        self.score = score
        self.states = states
        #: for each option, the chance at ``t_min`` of winning with each combination (by the
        #: numbers of :meth:`WinValue.combination`) under the policy maximising the expected score
        self.combinations: list[dict[int, float]] = combinations if combinations is not None else []
        #: for each option, whether the hand it leaves has declared riichi
        self.riichi: list[bool] = [False] * len(discards)
        #: the table model, for each ready option that could stay dama: the expected scores over
        #: the turns of the riichi line and of the dama line (empty lists otherwise)
        self.riichi_score: list[list[float]] = [[] for _ in discards]
        self.dama_score: list[list[float]] = [[] for _ in discards]


class _Graph:
    """The nodes and edges while the graph is built, and the interned group patterns."""

    def __init__(self, root: list[int]) -> None:
        self.draw_ids: dict[int, int] = {}
        self.discard_ids: dict[int, int] = {}
        self.draw_keys: list[int] = []
        self.discard_keys: list[int] = []
        self.draw_tenpai: list[bool] = []
        #: a draw node's useful kinds (a kind mask) and whether it may keep any draw (tegawari)
        self.draw_waits: list[int] = []
        self.draw_shanten: list[int] = []
        self.draw_allow: list[bool] = []
        self.e_draw: list[int] = []
        self.e_discard: list[int] = []
        self.e_weight: list[float] = []
        self.e_score: list[float] = []
        self.e_tag: list[int] = []
        #: shanten info by the merged key (the red-free pattern ids)
        self.useful_memo: dict[int, int] = {}
        self.spare_memo: dict[int, int] = {}
        #: the worth and combination of a win by (14-tile node key << 6 | winning tile id)
        self.win_memo: list[dict[int, int]] = [{} for _ in range(N_TILES)]
        self.win_score: list[float] = []
        self.win_tag: list[int] = []
        #: the root hand's count of each slot, by group (group * 10 + slot)
        self.root_slot: list[int] = [0] * (4 * _SLOTS)
        for j in range(4 * _SLOTS):
            t = _SLOT_TILE[j]
            if t >= 0:
                self.root_slot[j] = root[t]
        #: the patterns: key (nibbles | red << 36 | group << 40) -> id; by id: the key, the
        #: group, the tiles held beyond the root's, the id without the red five, and the ids with
        #: one tile more / fewer of each slot (-1: not yet known, -2: impossible)
        self.pat_ids: dict[int, int] = {}
        self.pat_key: list[int] = []
        self.pat_group: list[int] = []
        self.pat_dist: list[int] = []
        self.pat_plain: list[int] = []
        self.plus: list[int] = []
        self.minus: list[int] = []


def _slot_count(pk: int, group: int, slot: int) -> int:
    """The count of a slot's tile id in a group pattern (the plain five without the red)."""
    red = (pk >> _RED_AT) & 1
    if slot == 9:
        return red
    c = (pk >> (4 * slot)) & 15
    if slot == 4 and group < 3:
        c -= red
    return c


def _pattern(g: _Graph, pk: int, group: int) -> int:
    """The id of a group pattern (interned on first sight)."""
    full = pk | group << 40
    n = g.pat_ids.get(full, -1)
    if n >= 0:
        return n
    n = len(g.pat_key)
    if n >= _MAX_IDS:
        raise LimitExceeded("the search meets too many hand patterns: give a hand nearer to "
                            "ready, or turn off shanten_down / tegawari")
    g.pat_ids[full] = n
    g.pat_key.append(pk)
    g.pat_group.append(group)
    dist = 0
    for slot in range(_N_SLOTS[group]):
        x = _slot_count(pk, group, slot) - g.root_slot[group * _SLOTS + slot]
        if x > 0:
            dist += x
    g.pat_dist.append(dist)
    g.pat_plain.append(n)
    for _ in range(_SLOTS):
        g.plus.append(-1)
        g.minus.append(-1)
    if pk >> _RED_AT:
        g.pat_plain[n] = _pattern(g, pk & _NIBBLES, group)
    return n


def _step(g: _Graph, pid: int, slot: int, up: bool) -> int:
    """The id of pattern ``pid`` with one tile of ``slot`` more (``up``) or fewer: -2 if the
    count would leave 0-4 (a red five: 0-1)."""
    j = pid * _SLOTS + slot
    n = g.plus[j] if up else g.minus[j]
    if n != -1:
        return n
    pk = g.pat_key[pid]
    group = g.pat_group[pid]
    c = _slot_count(pk, group, slot)
    merged = (pk >> (4 * (4 if slot == 9 else slot))) & 15
    ok = merged < 4 and (slot != 9 or c == 0) if up else c > 0
    if not ok:
        n = -2
    else:
        d = 1 if up else -1
        nk = pk + d * ((1 << 16) + (1 << _RED_AT)) if slot == 9 else pk + d * _NIBBLE_ONE[slot]
        n = _pattern(g, nk, group)
    if up:
        g.plus[j] = n
    else:
        g.minus[j] = n
    return n


def _key_of(g: _Graph, counts: list[int]) -> int:
    """The node key of 37 tile-id counts (no riichi)."""
    key = 0
    for group in range(4):
        pk = 0
        for slot in range(_N_SLOTS[group]):
            c = counts[_SLOT_TILE[group * _SLOTS + slot]]
            if slot == 9:
                pk += c * (1 << 16) + c * (1 << _RED_AT)
            else:
                pk += c << (4 * slot)
        key |= _pattern(g, pk, group) << _SHIFT[group]
    return key


def _decode(g: _Graph, key: int, counts: list[int]) -> None:
    """The 37 tile-id counts of a node key."""
    for group in range(4):
        pid = (key >> _SHIFT[group]) & _ID_MASK
        pk = g.pat_key[pid]
        for slot in range(_N_SLOTS[group]):
            counts[_SLOT_TILE[group * _SLOTS + slot]] = _slot_count(pk, group, slot)


def _info(g: _Graph, key: int, system: WinValue, draw: bool) -> int:
    """The packed shanten info of a node (useful kinds of a draw node, spare kinds of a discard
    node), memoised on the red-free pattern ids."""
    merged = _merged(g, key)
    memo = g.useful_memo if draw else g.spare_memo
    info = memo.get(merged, -1)
    if info < 0:
        k0 = g.pat_key[merged & _ID_MASK]
        k1 = g.pat_key[(merged >> 16) & _ID_MASK]
        k2 = g.pat_key[(merged >> 32) & _ID_MASK]
        k3 = g.pat_key[(merged >> 48) & _ID_MASK]
        info = system.useful(k0, k1, k2, k3) if draw else system.spare(k0, k1, k2, k3)
        memo[merged] = info
    return info


def _dist_of(g: _Graph, key: int) -> int:
    return (g.pat_dist[(key >> 1) & _ID_MASK] + g.pat_dist[(key >> 17) & _ID_MASK]
            + g.pat_dist[(key >> 33) & _ID_MASK] + g.pat_dist[(key >> 49) & _ID_MASK])


def _win(g: _Graph, xkey: int, tile: int, riichi: bool, system: WinValue, counts: list[int]
         ) -> int:
    """The index (in ``win_score`` / ``win_tag``) of the win of the complete hand ``xkey`` on
    ``tile``, memoised; ``counts`` is scratch."""
    code = xkey | 1 if riichi else xkey & ~1
    memo = g.win_memo[tile]
    n = memo.get(code, -1)
    if n >= 0:
        return n
    _decode(g, xkey, counts)
    sc = system.value(counts, tile, riichi)
    tag = system.combination(counts, tile) if sc > 0.0 else -1
    n = len(g.win_score)
    memo[code] = n
    g.win_score.append(sc)
    g.win_tag.append(tag)
    return n


def _draw_id(g: _Graph, key: int, system: WinValue, s0: int, tegawari: bool) -> int:
    """The id of the draw node ``key`` (made, with its useful kinds, on first sight)."""
    n = g.draw_ids.get(key, -1)
    if n < 0:
        n = len(g.draw_keys)
        g.draw_ids[key] = n
        g.draw_keys.append(key)
        info = _info(g, key, system, True)
        s = (info >> SHANTEN_AT) - 1
        g.draw_tenpai.append(s == 0)
        g.draw_shanten.append(s)
        g.draw_waits.append(info & KINDS_MASK)
        g.draw_allow.append(tegawari and key & 1 == 0 and _dist_of(g, key) + s < s0 + 1)
    return n


def _discard_id(g: _Graph, key: int) -> int:
    n = g.discard_ids.get(key, -1)
    if n < 0:
        n = len(g.discard_keys)
        g.discard_ids[key] = n
        g.discard_keys.append(key)
    return n


def _edge(g: _Graph, d: int, x: int, weight: int, score: float, tag: int) -> None:
    """The edge draw node ``d`` -> discard node ``x``. Each edge is made once: the discard side
    makes only those the draw side does not (:func:`_expand_discard`)."""
    g.e_draw.append(d)
    g.e_discard.append(x)
    g.e_weight.append(float(weight))
    g.e_score.append(score)
    g.e_tag.append(tag)


def search(
    hand: list[int],
    wall: list[int],
    total: int,
    system: WinValue,
    t_min: int,
    t_max: int,
    shanten_down: bool,
    tegawari: bool,
    max_states: int,
    max_seconds: float,
    table: bool = False,
) -> SearchResult:
    """The values of every option of ``hand`` (37 tile-id counts, 13 or 14 tiles; closed).

    ``wall``: the root wall (37 tile-id counts, the red fives apart); ``total``: the tile total
    *S* of the draw probability ``w / (S - t)``. ``max_states`` / ``max_seconds``: the bounds of
    the graph (:class:`~suanfan.errors.LimitExceeded` beyond them). ``table``: the table model
    (docs/analysis-expected.md): a tile discarded goes to the river, not back to the wall (the
    wall of a hand ``h`` is ``wall - max(h - hand, 0)``), the denominator is the tiles really
    left, ``total - (t - t_min)`` (at least the weights drawn), a ready discard may stay dama
    (both branches, the better taken) and a riichi without a win loses its 1000-point deposit.
    """
    start = time.perf_counter()
    g = _Graph(hand)
    n_tiles = 0
    for i in range(N_TILES):
        n_tiles += hand[i]
    root_key = _key_of(g, hand)
    counts = [0] * N_TILES
    # the weight of slot j (group * 10 + slot) at a node holding c of its tile: reference model
    # base[j] - c (the root wall plus the root hand less the node's), table model wall[j] - extra
    base = [0] * (4 * _SLOTS)
    slot_wall = [0] * (4 * _SLOTS)
    for j in range(4 * _SLOTS):
        t = _SLOT_TILE[j]
        if t >= 0:
            base[j] = wall[t] + hand[t]
            slot_wall[j] = wall[t]
    auto = system.declares_riichi()
    if n_tiles == 14:
        s0 = (_info(g, root_key, system, False) >> SHANTEN_AT) - 1
        _discard_id(g, root_key)
    else:
        s0 = (_info(g, root_key, system, True) >> SHANTEN_AT) - 1
        _draw_id(g, root_key, system, s0, tegawari)
    done_draw = 0
    done_discard = 0
    while done_draw < len(g.draw_keys) or done_discard < len(g.discard_keys):
        if len(g.draw_keys) + len(g.discard_keys) > max_states:
            raise LimitExceeded(
                f"the search needs more than {max_states} states: give a hand nearer to ready, "
                "turn off shanten_down / tegawari, or raise the limit")
        if (done_draw + done_discard) & 1023 == 1023 and time.perf_counter() - start > max_seconds:
            raise LimitExceeded(
                f"the search takes more than {max_seconds:g} s: give a hand nearer to ready, "
                "turn off shanten_down / tegawari, or raise the limit")
        if done_draw < len(g.draw_keys):
            _expand_draw(g, done_draw, counts, base, slot_wall, s0, system, tegawari, table)
            done_draw += 1
        else:
            _expand_discard(g, done_discard, counts, base, slot_wall, s0, system, shanten_down,
                            tegawari, auto, table)
            done_discard += 1
    return _values(g, hand, root_key, n_tiles, s0, total, t_min, t_max, start + max_seconds, auto,
                   table)


def _expand_draw(g: _Graph, d: int, counts: list[int], base: list[int], slot_wall: list[int],
                 s0: int, system: WinValue, tegawari: bool, table: bool) -> None:
    key = g.draw_keys[d]
    riichi = key & 1 == 1
    s = g.draw_shanten[d]
    waits = g.draw_waits[d]
    allow = g.draw_allow[d]
    root_slot = g.root_slot
    for group in range(4):
        shift = _SHIFT[group]
        pid = (key >> shift) & _ID_MASK
        pk = g.pat_key[pid]
        for slot in range(_N_SLOTS[group]):
            j = group * _SLOTS + slot
            tile = _SLOT_TILE[j]
            c = _slot_count(pk, group, slot)
            if table:
                extra = c - root_slot[j]
                w = slot_wall[j] - extra if extra > 0 else slot_wall[j]
            else:
                w = base[j] - c
            if w <= 0:
                continue
            useful = (waits >> _KIND_OF[tile]) & 1 == 1
            if not (allow or useful):
                continue
            cid = _step(g, pid, slot, True)
            child = key + ((cid - pid) << shift)
            x = _discard_id(g, child)
            sc = 0.0
            tag = -1
            if s == 0 and useful:
                n = _win(g, child, tile, riichi, system, counts)
                sc = g.win_score[n]
                tag = g.win_tag[n]
            _edge(g, d, x, w, sc, tag)


def _expand_discard(g: _Graph, x: int, counts: list[int], base: list[int], slot_wall: list[int],
                    s0: int, system: WinValue, shanten_down: bool, tegawari: bool, auto: bool,
                    table: bool) -> None:
    """The discards of discard node ``x``: the edge D(H - i) -> X(H) of each, unless the draw
    side makes it (D draws i into X: the same riichi flag, a weight above 0, and i useful to D or
    kept by tegawari), so that every edge is made once whichever side finds it first."""
    key = g.discard_keys[x]
    riichi = key & 1 == 1
    info = _info(g, key, system, False)
    s = (info >> SHANTEN_AT) - 1
    spare = info & KINDS_MASK
    dist = _dist_of(g, key)
    if s < 0 and dist > s0 + PLAY_ON:
        spare = 0  # a complete hand plays on (MCR below the minimum) only this near the root
    allow = shanten_down and not riichi and dist + s < s0 + 1
    root_slot = g.root_slot
    for group in range(4):
        shift = _SHIFT[group]
        pid = (key >> shift) & _ID_MASK
        pk = g.pat_key[pid]
        for slot in range(_N_SLOTS[group]):
            j = group * _SLOTS + slot
            c = _slot_count(pk, group, slot)
            if c == 0:
                continue
            tile = _SLOT_TILE[j]
            in_spare = (spare >> _KIND_OF[tile]) & 1 == 1
            if not (allow or in_spare):
                continue
            cid = _step(g, pid, slot, False)
            after = key + ((cid - pid) << shift)
            if table:
                extra = c - 1 - root_slot[j]
                w = slot_wall[j] - extra if extra > 0 else slot_wall[j]
            else:
                w = base[j] - c + 1
            sc = 0.0
            tag = -1
            if s == -1:
                n = _win(g, key, tile, riichi, system, counts)
                sc = g.win_score[n]
                tag = g.win_tag[n]
            if s == 0 and in_spare and not riichi and auto:
                if table:  # riichi or dama: both lines, the discard node takes the better
                    d = _draw_id(g, after, system, s0, tegawari)
                    if not (w > 0 and (g.draw_allow[d] or (g.draw_waits[d] >> _KIND_OF[tile]) & 1)):
                        _edge(g, d, x, w, sc, tag)
                # a closed ready hand declares riichi: a riichi draw node never draws into a
                # hand without riichi, so this edge is the discard side's alone
                _edge(g, _draw_id(g, after | 1, system, s0, tegawari), x, w, sc, tag)
                continue
            d = _draw_id(g, after, system, s0, tegawari)
            if not (w > 0 and (g.draw_allow[d] or (g.draw_waits[d] >> _KIND_OF[tile]) & 1)):
                _edge(g, d, x, w, sc, tag)


def _values(g: _Graph, hand: list[int], root_key: int, n_tiles: int, s0: int, total: int,
            t_min: int, t_max: int, deadline: float, auto: bool, table: bool) -> SearchResult:
    """The dynamic programme over the turns, and the root's options."""
    # the options: the draw nodes the root's discards lead to (those in the graph)
    discards: list[int] = []
    option_nodes: list[int] = []
    dama_nodes: list[int] = []  # the table model's no-riichi line of a ready discard (-1: none)
    if n_tiles == 14:
        spare_root = g.spare_memo.get(_merged(g, root_key), 0) & KINDS_MASK
        for i in range(N_TILES):
            if hand[i] == 0:
                continue
            j = _TILE_SLOT[i]
            shift = _SHIFT[j // _SLOTS]
            pid = (root_key >> shift) & _ID_MASK
            after = root_key + ((_step(g, pid, j % _SLOTS, False) - pid) << shift)
            dama = -1
            if s0 == 0 and auto and (spare_root >> _KIND_OF[i]) & 1:
                if table:
                    dama = g.draw_ids.get(after, -1)
                after |= 1
            d = g.draw_ids.get(after, -1)
            if d >= 0:
                discards.append(i)
                option_nodes.append(d)
                dama_nodes.append(dama)
    else:
        discards.append(-1)
        option_nodes.append(g.draw_ids[root_key])
        dama_nodes.append(-1)
    n_opt = len(option_nodes)
    n_turns = t_max - t_min + 1
    out_tp = [[0.0] * n_turns for _ in range(n_opt)]
    out_wp = [[0.0] * n_turns for _ in range(n_opt)]
    out_es = [[0.0] * n_turns for _ in range(n_opt)]
    dm_tp = [[0.0] * n_turns for _ in range(n_opt)]
    dm_wp = [[0.0] * n_turns for _ in range(n_opt)]
    dm_es = [[0.0] * n_turns for _ in range(n_opt)]

    nd = len(g.draw_keys)
    nx = len(g.discard_keys)
    ne = len(g.e_draw)
    # the edges by draw node (out-edges) and by discard node (in-edges): compressed rows
    if table:
        # the table model: a riichi hand draws only into riichi hands (the edge a riichi
        # declaration made, dama 14 tiles -> riichi 13, is a discard, not a draw back)
        kept = [e for e in range(ne) if g.draw_keys[g.e_draw[e]] & 1 == 0
                or g.discard_keys[g.e_discard[e]] & 1 == 1]
        out_start, kept_order = _rows([g.e_draw[e] for e in kept], nd)
        out_order = [kept[j] for j in kept_order]
    else:
        out_start, out_order = _rows(g.e_draw, nd)
    n_out = len(out_order)
    in_start, in_order = _rows(g.e_discard, nx)
    e_discard = g.e_discard
    e_weight = g.e_weight
    e_score = g.e_score
    n_c = 0
    for tag in g.e_tag:
        if tag + 1 > n_c:
            n_c = tag + 1
    # an out-edge in one int: the discard node << 8 | (weight + 64) << 1 | 1 if it wins
    o_code: list[int] = []
    o_score: list[float] = []
    for j in range(n_out):
        k = out_order[j]
        sc = e_score[k]
        o_score.append(sc)
        o_code.append(e_discard[k] << 8 | (int(e_weight[k]) + 64) << 1 | (1 if sc > 0.0 else 0))
    i_draw = [g.e_draw[in_order[j]] for j in range(ne)]
    # the table model's weights drawn and the MCR combinations read the edges apart
    o_weight = [e_weight[out_order[j]] for j in range(n_out)] if table or n_c else []
    o_discard = [e_discard[out_order[j]] for j in range(n_out)] if n_c else []
    o_tag = [g.e_tag[out_order[j]] for j in range(n_out)] if n_c else []
    # the chance of winning with each combination under the expected-score policy: c * nd + d
    pc_d = [0.0] * (n_c * nd)
    pc_x = [0.0] * (n_c * nx)
    acc = [0.0] * n_c
    out_pc: list[dict[int, float]] = [{} for _ in range(n_opt)]
    tenpai = g.draw_tenpai
    tp_d = [1.0 if tenpai[d] else 0.0 for d in range(nd)]
    wp_d = [0.0] * nd
    es_d = [0.0] * nd
    # the table model: a riichi line that does not win loses its deposit; the weights drawn
    w_sum = [0.0] * nd
    dens = [0.0] * (nd if n_c else 0)
    floor = 0.0
    if table:
        floor = -1e300
        for d in range(nd):
            if g.draw_keys[d] & 1:
                es_d[d] = -RIICHI_DEPOSIT
            for e in range(out_start[d], out_start[d + 1]):
                w_sum[d] += o_weight[e]
    tp_x = [0.0] * nx
    wp_x = [0.0] * nx
    es_x = [0.0] * nx
    # a node first reachable after k draws is needed only from turn t_min + k on: each turn
    # computes the nodes of depth <= t - t_min (by depth: d_order[:d_upto[k]], x_order[...])
    d_order, d_upto, x_order, x_upto = _depths(n_tiles == 14, out_start, o_code, in_start,
                                               i_draw, nd, nx)
    t = t_max
    while t >= t_min:
        k = t - t_min
        if k >= len(d_upto):
            k = len(d_upto) - 1
        n_draw = d_upto[k]
        n_discard = x_upto[k]
        if t < t_max:
            left = float(total - t)
            real = float(total - (t - t_min))
            if table or n_c:
                for d in range(nd):
                    if table:
                        left = real if real > w_sum[d] else w_sum[d]
                    if n_c:
                        dens[d] = left
            _draw_turn(d_order, n_draw, out_start, o_code, o_score, tenpai, tp_d, wp_d, es_d, tp_x,
                       wp_x, es_x, left, real, w_sum, table)
            if n_c:
                _combination_draws(out_start, o_discard, o_weight, o_score, o_tag, es_x, pc_d, pc_x,
                                   acc, nd, nx, n_c, dens)
        _discard_turn(x_order, n_discard, in_start, i_draw, tp_d, wp_d, es_d, tp_x, wp_x, es_x,
                      floor)
        for jx in range(n_discard if n_c else 0):
            x = x_order[jx]
            if n_c:
                best = -1
                c = 0.0
                for e in range(in_start[x], in_start[x + 1]):
                    d = i_draw[e]
                    if es_d[d] > c:
                        c = es_d[d]
                        best = d
                for k in range(n_c):
                    pc_x[k * nx + x] = 0.0 if best < 0 else pc_d[k * nd + best]
        j = t - t_min
        for o in range(n_opt):
            d = option_nodes[o]
            out_tp[o][j] = tp_d[d]
            out_wp[o][j] = wp_d[d]
            out_es[o][j] = es_d[d]
            d = dama_nodes[o]
            if d >= 0:
                dm_tp[o][j] = tp_d[d]
                dm_wp[o][j] = wp_d[d]
                dm_es[o][j] = es_d[d]
        t -= 1
        if time.perf_counter() > deadline:
            raise LimitExceeded("the search takes too long: give a hand nearer to ready, turn off "
                                "shanten_down / tegawari, or raise the limit")
    for o in range(n_opt):
        d = option_nodes[o]
        for k in range(n_c):
            p = pc_d[k * nd + d]
            if p > 0.0:
                out_pc[o][k] = p
    riichi = [False] * n_opt
    lines_r: list[list[float]] = [[] for _ in range(n_opt)]
    lines_d: list[list[float]] = [[] for _ in range(n_opt)]
    for o in range(n_opt):
        if option_nodes[o] >= 0 and g.draw_keys[option_nodes[o]] & 1:
            riichi[o] = True
        if dama_nodes[o] >= 0:
            lines_r[o] = out_es[o]
            lines_d[o] = dm_es[o]
        if dama_nodes[o] >= 0 and dm_es[o][0] >= out_es[o][0]:  # dama is worth at least as much
            out_tp[o] = dm_tp[o]
            out_wp[o] = dm_wp[o]
            out_es[o] = dm_es[o]
            riichi[o] = False
    result = SearchResult(discards, out_tp, out_wp, out_es, nd + nx, out_pc)
    result.riichi = riichi
    result.riichi_score = lines_r
    result.dama_score = lines_d
    return result


def _draw_turn(d_order: list[int], n_draw: int, out_start: list[int], o_code: list[int],
               o_score: list[float], tenpai: list[bool], tp_d: list[float], wp_d: list[float],
               es_d: list[float], tp_x: list[float], wp_x: list[float], es_x: list[float],
               left: float, real: float, w_sum: list[float], table: bool) -> None:
    """One turn of the draw nodes: value(t) = value(t + 1) + Σ_e w (new_e - value(t + 1)) / left,
    new_e the discard node's value at t + 1, or (1, 1, max(score, its score)) for a win. A ready
    node's tenpai chance is 1 and is not summed. The nodes ``d_order[:n_draw]`` only."""
    for jd in range(n_draw):
        d = d_order[jd]
        if table:
            left = real if real > w_sum[d] else w_sum[d]
        tp0 = tp_d[d]
        wp0 = wp_d[d]
        es0 = es_d[d]
        ready = tenpai[d]
        a = 0.0
        b = 0.0
        c = 0.0
        for e in range(out_start[d], out_start[d + 1]):
            code = o_code[e]
            x = code >> 8
            w = float(((code >> 1) & 127) - 64)
            if code & 1:
                v = es_x[x]
                sc = o_score[e]
                if sc > v:
                    v = sc
                a += w * (1.0 - tp0)
                b += w * (1.0 - wp0)
                c += w * (v - es0)
            else:
                if not ready:
                    a += w * (tp_x[x] - tp0)
                b += w * (wp_x[x] - wp0)
                c += w * (es_x[x] - es0)
        if not ready:
            tp_d[d] = tp0 + a / left
        wp_d[d] = wp0 + b / left
        es_d[d] = es0 + c / left


def _discard_turn(x_order: list[int], n_discard: int, in_start: list[int], i_draw: list[int],
                  tp_d: list[float], wp_d: list[float], es_d: list[float], tp_x: list[float],
                  wp_x: list[float], es_x: list[float], floor: float) -> None:
    """One turn of the discard nodes ``x_order[:n_discard]``: each quantity the best over the
    node's in-edges (its discards), each apart."""
    for jx in range(n_discard):
        x = x_order[jx]
        a = 0.0
        b = 0.0
        c = floor
        for e in range(in_start[x], in_start[x + 1]):
            d = i_draw[e]
            v = tp_d[d]
            if v > a:
                a = v
            v = wp_d[d]
            if v > b:
                b = v
            v = es_d[d]
            if v > c:
                c = v
        tp_x[x] = a
        wp_x[x] = b
        es_x[x] = c if c > -1e299 else 0.0


def _depths(root_discard: bool, out_start: list[int], o_code: list[int], in_start: list[int],
            i_draw: list[int], nd: int, nx: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """The nodes by their depth (the fewest draws from the root over the graph's edges: a draw
    D -> X adds one, a discard X -> D none), and for each depth k the number of draw and discard
    nodes of depth <= k. Every edge D - X has depth(D) <= depth(X) <= depth(D) + 1, so the nodes
    of depth <= t - t_min read at turn t only nodes computed at turns t and t + 1."""
    d_depth = [-1] * nd
    x_depth = [-1] * nx
    d_order: list[int] = []
    x_order: list[int] = []
    d_upto: list[int] = []
    x_upto: list[int] = []
    xs: list[int] = []
    ds: list[int] = []
    if root_discard:
        x_depth[0] = 0
        xs.append(0)
    else:
        d_depth[0] = 0
        ds.append(0)
    k = 0
    while xs or ds:
        for x in xs:
            x_order.append(x)
            for e in range(in_start[x], in_start[x + 1]):
                d = i_draw[e]
                if d_depth[d] < 0:
                    d_depth[d] = k
                    ds.append(d)
        nxt: list[int] = []
        for d in ds:
            d_order.append(d)
            for e in range(out_start[d], out_start[d + 1]):
                x = o_code[e] >> 8
                if x_depth[x] < 0:
                    x_depth[x] = k + 1
                    nxt.append(x)
        d_upto.append(len(d_order))
        x_upto.append(len(x_order))
        xs = nxt
        ds = []
        k += 1
    return d_order, d_upto, x_order, x_upto


def _combination_draws(out_start: list[int], o_discard: list[int], o_weight: list[float],
                       o_score: list[float], o_tag: list[int], es_x: list[float], pc_d: list[float],
                       pc_x: list[float], acc: list[float], nd: int, nx: int, n_c: int,
                       dens: list[float]) -> None:
    """One turn of the combination chances at the draw nodes: a winning draw is taken when it is
    worth at least playing on (as the expected score takes it), else the discard node's chances."""
    for d in range(nd):
        for k in range(n_c):
            acc[k] = 0.0
        wsum = 0.0
        for e in range(out_start[d], out_start[d + 1]):
            x = o_discard[e]
            w = o_weight[e]
            wsum += w
            sc = o_score[e]
            if sc > 0.0 and sc >= es_x[x]:
                tag = o_tag[e]
                if tag >= 0:
                    acc[tag] += w
            else:
                for k in range(n_c):
                    acc[k] += w * pc_x[k * nx + x]
        left = dens[d]
        for k in range(n_c):
            j = k * nd + d
            pc_d[j] = pc_d[j] + (acc[k] - wsum * pc_d[j]) / left


def _rows(owner: list[int], n: int) -> tuple[list[int], list[int]]:
    """Compressed rows of the edges by ``owner[e]`` (0 .. n-1): the start of each row (n + 1
    entries) and the edges in row order."""
    start = [0] * (n + 1)
    for e in range(len(owner)):
        start[owner[e] + 1] += 1
    for i in range(n):
        start[i + 1] += start[i]
    fill = start[:]
    order = [0] * len(owner)
    for e in range(len(owner)):
        o = owner[e]
        order[fill[o]] = e
        fill[o] += 1
    return start, order


def _merged(g: _Graph, key: int) -> int:
    """The memo key of a node's shanten info (:func:`_info`)."""
    return (g.pat_plain[(key >> 1) & _ID_MASK] | g.pat_plain[(key >> 17) & _ID_MASK] << 16
            | g.pat_plain[(key >> 33) & _ID_MASK] << 32 | g.pat_plain[(key >> 49) & _ID_MASK] << 48)


def useful_of(info: int) -> tuple[int, int, int]:
    """``(shanten, forms, kind mask)`` of a packed :meth:`WinValue.useful` / ``spare`` answer."""
    return (info >> SHANTEN_AT) - 1, (info >> FORMS_AT) & 7, info & KINDS_MASK
