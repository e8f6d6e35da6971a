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
#: bit of the riichi flag in a node key
RIICHI_BIT: Final = 111
_RIICHI: Final = 1 << RIICHI_BIT
#: a complete hand's spare kinds (MCR: one below the minimum, played on) are explored while it
#: holds at most s0 + PLAY_ON tiles not in the root hand
PLAY_ON: Final = 1
#: the table model: what a riichi declaration costs when the hand is not won
RIICHI_DEPOSIT: Final = 1000.0
#: the key of one tile of each id
_ONE: Final[list[int]] = [1 << (3 * i) for i in range(N_TILES)]
#: a tile id's kind, and the nibble of that kind in its group's key
_KIND_OF: Final[list[int]] = list(KIND)
_GROUP_OF: Final[list[int]] = [min(KIND[i] // 9, 3) for i in range(N_TILES)]
_NIBBLE_OF: Final[list[int]] = [1 << (4 * (KIND[i] - 9 * min(KIND[i] // 9, 3))) for i in range(N_TILES)]


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
    """The nodes and edges while the graph is built."""

    def __init__(self) -> None:
        self.draw_ids: dict[int, int] = {}
        self.discard_ids: dict[int, int] = {}
        self.draw_keys: list[int] = []
        self.discard_keys: list[int] = []
        self.draw_tenpai: list[bool] = []
        self.edge_set: set[int] = set()
        self.e_draw: list[int] = []
        self.e_discard: list[int] = []
        self.e_weight: list[float] = []
        self.e_score: list[float] = []
        self.e_tag: list[int] = []
        self.useful_memo: dict[int, int] = {}
        self.spare_memo: dict[int, int] = {}


def _draw_id(g: _Graph, key: int) -> int:
    n = g.draw_ids.get(key, -1)
    if n < 0:
        n = len(g.draw_keys)
        g.draw_ids[key] = n
        g.draw_keys.append(key)
        g.draw_tenpai.append(False)
    return n


def _discard_id(g: _Graph, key: int) -> int:
    n = g.discard_ids.get(key, -1)
    if n < 0:
        n = len(g.discard_keys)
        g.discard_ids[key] = n
        g.discard_keys.append(key)
    return n


def _edge(g: _Graph, d: int, x: int, weight: int, score: float, tag: int) -> None:
    """The edge draw node ``d`` -> discard node ``x``, once whichever side makes it."""
    code = d << 32 | x
    if code in g.edge_set:
        return
    g.edge_set.add(code)
    g.e_draw.append(d)
    g.e_discard.append(x)
    g.e_weight.append(float(weight))
    g.e_score.append(score)
    g.e_tag.append(tag)


def _decode(key: int, counts: list[int]) -> None:
    for i in range(N_TILES):
        counts[i] = (key >> (3 * i)) & 7


def _group_keys(counts: list[int], keys: list[int]) -> None:
    """The four group keys of 37 tile-id counts (red fives merged)."""
    keys[0] = keys[1] = keys[2] = keys[3] = 0
    for i in range(N_TILES):
        c = counts[i]
        if c:
            g = _GROUP_OF[i]
            keys[g] = keys[g] + c * _NIBBLE_OF[i]


def _dist(counts: list[int], root: list[int]) -> int:
    d = 0
    for i in range(N_TILES):
        x = counts[i] - root[i]
        if x > 0:
            d += x
    return d


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
    g = _Graph()
    n_tiles = 0
    for i in range(N_TILES):
        n_tiles += hand[i]
    root_key = 0
    base: list[int] = [0] * N_TILES  # root wall + root hand: wall of a node = base - its hand
    for i in range(N_TILES):
        root_key += hand[i] * _ONE[i]
        base[i] = wall[i] + hand[i]
    counts = [0] * N_TILES
    keys = [0, 0, 0, 0]
    auto = system.declares_riichi()
    _group_keys(hand, keys)
    if n_tiles == 14:
        s0 = (system.spare(keys[0], keys[1], keys[2], keys[3]) >> SHANTEN_AT) - 1
        _discard_id(g, root_key)
    else:
        s0 = (system.useful(keys[0], keys[1], keys[2], keys[3]) >> SHANTEN_AT) - 1
        _draw_id(g, root_key)
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
            _expand_draw(g, done_draw, counts, keys, base, hand, wall, s0, system, tegawari, table)
            done_draw += 1
        else:
            _expand_discard(g, done_discard, counts, keys, base, hand, wall, s0, system, shanten_down,
                            auto, table)
            done_discard += 1
    return _values(g, hand, root_key, n_tiles, s0, total, t_min, t_max, start + max_seconds, auto,
                   table)


def _expand_draw(g: _Graph, d: int, counts: list[int], keys: list[int], base: list[int],
                 root: list[int], wall: list[int], s0: int, system: WinValue, tegawari: bool,
                 table: bool) -> None:
    key = g.draw_keys[d]
    riichi = key >= _RIICHI
    _decode(key, counts)
    _group_keys(counts, keys)
    merged = keys[0] | keys[1] << 36 | keys[2] << 72 | keys[3] << 108
    info = g.useful_memo.get(merged, -1)
    if info < 0:
        info = system.useful(keys[0], keys[1], keys[2], keys[3])
        g.useful_memo[merged] = info
    s = (info >> SHANTEN_AT) - 1
    waits = info & KINDS_MASK
    if s == 0:
        g.draw_tenpai[d] = True
    allow = tegawari and not riichi and _dist(counts, root) + s < s0 + 1
    for i in range(N_TILES):
        if table:
            extra = counts[i] - root[i]
            w = wall[i] - extra if extra > 0 else wall[i]
        else:
            w = base[i] - counts[i]
        if w <= 0:
            continue
        useful = (waits >> _KIND_OF[i]) & 1 == 1
        if not (allow or useful):
            continue
        x = _discard_id(g, key + _ONE[i])
        sc = 0.0
        tag = -1
        if s == 0 and useful:
            counts[i] += 1
            sc = system.value(counts, i, riichi)
            if sc > 0.0:
                tag = system.combination(counts, i)
            counts[i] -= 1
        _edge(g, d, x, w, sc, tag)


def _expand_discard(g: _Graph, x: int, counts: list[int], keys: list[int], base: list[int],
                    root: list[int], wall: list[int], s0: int, system: WinValue,
                    shanten_down: bool, auto: bool, table: bool) -> None:
    key = g.discard_keys[x]
    riichi = key >= _RIICHI
    _decode(key, counts)
    _group_keys(counts, keys)
    merged = keys[0] | keys[1] << 36 | keys[2] << 72 | keys[3] << 108
    info = g.spare_memo.get(merged, -1)
    if info < 0:
        info = system.spare(keys[0], keys[1], keys[2], keys[3])
        g.spare_memo[merged] = info
    s = (info >> SHANTEN_AT) - 1
    spare = info & KINDS_MASK
    dist = _dist(counts, root)
    if s < 0 and dist > s0 + PLAY_ON:
        spare = 0  # a complete hand plays on (MCR below the minimum) only this near the root
    allow = shanten_down and not riichi and dist + s < s0 + 1
    for i in range(N_TILES):
        if counts[i] == 0:
            continue
        in_spare = (spare >> _KIND_OF[i]) & 1 == 1
        if not (allow or in_spare):
            continue
        after = key - _ONE[i]
        if table:
            extra = counts[i] - 1 - root[i]
            w = wall[i] - extra if extra > 0 else wall[i]
        else:
            w = base[i] - counts[i] + 1
        sc = 0.0
        tag = -1
        if s == -1:
            sc = system.value(counts, i, riichi)
            if sc > 0.0:
                tag = system.combination(counts, i)
        if s == 0 and in_spare and not riichi and auto:
            if table:  # riichi or dama: both lines, the discard node takes the better
                _edge(g, _draw_id(g, after), x, w, sc, tag)
            after += _RIICHI  # a closed ready hand declares riichi
        d = _draw_id(g, after)
        _edge(g, d, x, w, sc, tag)


def _values(g: _Graph, hand: list[int], root_key: int, n_tiles: int, s0: int, total: int,
            t_min: int, t_max: int, deadline: float, auto: bool, table: bool) -> SearchResult:
    """The dynamic programme over the turns, and the root's options."""
    # the options: the draw nodes the root's discards lead to (those in the graph)
    discards: list[int] = []
    option_nodes: list[int] = []
    dama_nodes: list[int] = []  # the table model's no-riichi line of a ready discard (-1: none)
    if n_tiles == 14:
        spare_root = g.spare_memo.get(_merged_of(root_key), 0) & KINDS_MASK
        for i in range(N_TILES):
            if hand[i] == 0:
                continue
            after = root_key - _ONE[i]
            dama = -1
            if s0 == 0 and auto and (spare_root >> _KIND_OF[i]) & 1:
                if table:
                    dama = g.draw_ids.get(after, -1)
                after += _RIICHI
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
        kept = [e for e in range(ne) if g.draw_keys[g.e_draw[e]] < _RIICHI
                or g.discard_keys[g.e_discard[e]] >= _RIICHI]
        out_start, kept_order = _rows([g.e_draw[e] for e in kept], nd)
        out_order = [kept[j] for j in kept_order]
    else:
        out_start, out_order = _rows(g.e_draw, nd)
    n_out = len(out_order)
    in_start, in_order = _rows(g.e_discard, nx)
    o_discard = [g.e_discard[out_order[j]] for j in range(n_out)]
    o_weight = [g.e_weight[out_order[j]] for j in range(n_out)]
    o_score = [g.e_score[out_order[j]] for j in range(n_out)]
    i_draw = [g.e_draw[in_order[j]] for j in range(ne)]
    o_tag = [g.e_tag[out_order[j]] for j in range(n_out)]
    n_c = 0
    for j in range(n_out):
        if o_tag[j] + 1 > n_c:
            n_c = o_tag[j] + 1
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
            if g.draw_keys[d] >= _RIICHI:
                es_d[d] = -RIICHI_DEPOSIT
            for e in range(out_start[d], out_start[d + 1]):
                w_sum[d] += o_weight[e]
    tp_x = [0.0] * nx
    wp_x = [0.0] * nx
    es_x = [0.0] * nx
    t = t_max
    while t >= t_min:
        if t < t_max:
            left = float(total - t)
            real = float(total - (t - t_min))
            for d in range(nd):
                if table:
                    left = real if real > w_sum[d] else w_sum[d]
                    if n_c:
                        dens[d] = left
                elif n_c:
                    dens[d] = left
                tp0 = tp_d[d]
                wp0 = wp_d[d]
                es0 = es_d[d]
                a = 0.0
                b = 0.0
                c = 0.0
                for e in range(out_start[d], out_start[d + 1]):
                    x = o_discard[e]
                    w = o_weight[e]
                    sc = o_score[e]
                    if sc > 0.0:
                        v = es_x[x]
                        if sc > v:
                            v = sc
                        a += w * (1.0 - tp0)
                        b += w * (1.0 - wp0)
                        c += w * (v - es0)
                    else:
                        a += w * (tp_x[x] - tp0)
                        b += w * (wp_x[x] - wp0)
                        c += w * (es_x[x] - es0)
                tp_d[d] = 1.0 if tenpai[d] else tp0 + a / left
                wp_d[d] = wp0 + b / left
                es_d[d] = es0 + c / left
            if n_c:
                _combination_draws(out_start, o_discard, o_weight, o_score, o_tag, es_x, pc_d, pc_x,
                                   acc, nd, nx, n_c, dens)
        for x in range(nx):
            a = 0.0
            b = 0.0
            c = floor
            for e in range(in_start[x], in_start[x + 1]):
                d = i_draw[e]
                if tp_d[d] > a:
                    a = tp_d[d]
                if wp_d[d] > b:
                    b = wp_d[d]
                if es_d[d] > c:
                    c = es_d[d]
            tp_x[x] = a
            wp_x[x] = b
            es_x[x] = c if c > -1e299 else 0.0
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
        if option_nodes[o] >= 0 and g.draw_keys[option_nodes[o]] >= _RIICHI:
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


def _merged_of(key: int) -> int:
    """The merged kind key (four group keys side by side) of a node key."""
    counts = [0] * N_TILES
    keys = [0, 0, 0, 0]
    _decode(key, counts)
    _group_keys(counts, keys)
    return keys[0] | keys[1] << 36 | keys[2] << 72 | keys[3] << 108


def useful_of(info: int) -> tuple[int, int, int]:
    """``(shanten, forms, kind mask)`` of a packed :meth:`WinValue.useful` / ``spare`` answer."""
    return (info >> SHANTEN_AT) - 1, (info >> FORMS_AT) & 7, info & KINDS_MASK
