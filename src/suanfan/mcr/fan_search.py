"""The fan-aware MCR shanten (番数向听): the fewest tile exchanges to a ready hand that can win
with at least ``minimum`` fans. The definition and the method are in ``docs/mcr-shanten.md``.

Definition
----------
An exchange discards one standing tile and draws one tile (declared melds stay). A 13-tile hand
``H`` is at fan-aware shanten ``k`` when ``k`` exchanges are the fewest that reach a ready hand
``H'`` with a winning tile ``w`` such that (a) ``H'`` and its melds hold fewer than four copies
of ``w`` and (b) the complete hand ``H' + w`` is worth at least ``minimum`` fans without
flowers, on a discard or by self-draw (either reaching it suffices), counting no situational fan
that depends on the table (和绝张, 妙手回春, 海底捞月, 杠上开花, 抢杠和). Every tile drawn exists: the
hands reached hold at most four of a kind, melds included. A 14-tile hand is at ``-1`` when it is
complete and its own winning tile reaches the minimum so, else at the least over its discards.
With no minimum this is the plain shanten (:func:`suanfan.shanten.mcr_shanten`).

Method
------
For a complete hand ``C`` (14 standing tiles) and its winning kind ``w``, the exchanges needed
are ``|(C - w) - H|`` (the tiles of the ready hand that ``H`` lacks, as multisets), so the shanten
is the least of that over the qualifying pairs ``(C, w)``. It is at least the plain shanten
``s0`` (a relaxation). For a budget ``b = s0 + 1, s0 + 2, …`` every complete hand ``C`` with
``cost(C) = |C - H| <= b`` is enumerated (standard form set by set in a canonical order, pruned
exactly by the plain distance of the tiles left, from the core's shanten tables; 七对, 十三幺,
全不靠 and 组合龙 beside); each pair ``(C, w)`` of value ``b - 1`` is scored by the engine
(:class:`suanfan.mcr.wins.WinScorer`, cached by packed counts) and the first that qualifies
ends the search. The budgets before found none, so the answer is exact.

Bounds: the budget never exceeds the standing tiles plus one (beyond that every complete hand
has been tried: the minimum is out of reach, :data:`UNREACHABLE`), and a search visits at most
:data:`MAX_NODES` nodes (:class:`~suanfan.errors.MahjongError` beyond: only hands with declared
melds whose standing tiles cannot make the fans come near it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ..errors import InvalidArgument, MahjongError, describe
from ..hand import Hand
from ..notation import parse_hand
from ..shanten import hand_counts, mcr_shanten_counts, meld_kinds, regular_shanten_counts
from ..tiles import KIND, NUM_KINDS, TERMINALS_AND_HONORS, tile_to_str
from .forms import KNITTED
from .rules import Rules, get_rules
from .scoring import MCRResult
from .situation import parse_wind
from .wins import WinScorer, pack_counts, scorer_for

__all__ = ["MAX_NODES", "UNREACHABLE", "FanShanten", "fan_shanten", "shanten"]

#: the shanten of a hand that cannot reach the minimum whatever it exchanges
UNREACHABLE: Final = 99
#: search nodes (sets, pairs or special hands tried) allowed to one search
MAX_NODES: Final = 3_000_000

#: the 55 sets of the standard form: pungs of kinds 0-33, then chows from their lowest kind
_SET_KINDS: Final[list[int]] = list(range(NUM_KINDS)) + [9 * s + r for s in range(3) for r in range(7)]
_N_PUNGS: Final = NUM_KINDS
_N_SETS: Final = len(_SET_KINDS)
_HONORS: Final[tuple[int, ...]] = tuple(range(27, 34))


@dataclass(frozen=True, slots=True)
class FanShanten:
    """The fan-aware shanten of a hand, with a witness: the exchanges (``discards`` from the hand,
    ``draws`` to it) that reach the ready hand ``ready``, its winning tile ``winning_tile`` and
    the ``result`` of that win (``self_drawn`` says which of the two wins reached ``minimum``).

    ``shanten`` is :data:`UNREACHABLE` (and the witness empty) when no exchange reaches the
    minimum; ``plain`` is the shanten without a minimum. For a complete 14-tile hand worth the
    minimum, ``shanten`` is -1 and ``result`` its own score."""

    hand: str
    minimum: int
    shanten: int
    plain: int
    discards: tuple[str, ...] = ()
    draws: tuple[str, ...] = ()
    ready: str | None = None
    winning_tile: str | None = None
    self_drawn: bool = False
    result: MCRResult | None = None
    nodes: int = 0

    @property
    def reachable(self) -> bool:
        return self.shanten != UNREACHABLE

    @property
    def fans(self) -> tuple[str, ...]:
        """The fans of the witness win (Chinese names, highest value first)."""
        if self.result is None:
            return ()
        return tuple(f.name_zh for f in self.result.fans)

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        return {
            "hand": self.hand, "minimum": self.minimum,
            "shanten": self.shanten if self.reachable else None, "plain": self.plain,
            "discards": list(self.discards), "draws": list(self.draws), "ready": self.ready,
            "winning_tile": self.winning_tile, "self_drawn": self.self_drawn,
            "total": r.total_without_flowers if r is not None else None,
            "fans": [f.to_dict() for f in r.fans] if r is not None else [],
        }


class _Search:
    """One search: the hand's counts, the tiles left (``rest``), the complete hand being built
    (``built``), the budget, and the first qualifying win found."""

    __slots__ = ("budget", "built", "done", "found_cost", "found_counts", "found_self", "found_win",
                 "have", "melds", "minimum", "n_melds", "nodes", "rest", "scorer", "seen")

    def __init__(self, have: list[int], melds: list[int], n_melds: int, minimum: int,
                 scorer: WinScorer) -> None:
        self.have: Final = have
        self.melds: Final = melds
        self.n_melds: Final = n_melds
        self.minimum: Final = minimum
        self.scorer: Final = scorer
        self.rest = list(have)
        self.built = [0] * NUM_KINDS
        self.budget = 0
        self.nodes = 0
        self.done = False
        self.seen: set[int] = set()
        self.found_counts: list[int] = []
        self.found_win = -1
        self.found_self = False
        self.found_cost = 0

    def reset(self, budget: int) -> None:
        self.budget = budget
        self.seen = set()
        for k in range(NUM_KINDS):
            self.rest[k] = self.have[k]
            self.built[k] = 0

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise MahjongError(
                f"the fan-aware shanten search passed {MAX_NODES} nodes at {self.budget - 1} "
                "exchanges: the minimum is too far for this hand")

    # -- taking and giving back tiles --------------------------------------------------------------
    def take(self, k: int, n: int) -> int:
        """Add ``n`` copies of kind ``k`` to the complete hand; the copies drawn (not held)."""
        r = self.rest[k]
        used = n if r >= n else r
        self.rest[k] = r - used
        self.built[k] = self.built[k] + n
        return n - used

    def give(self, k: int, n: int, drawn: int) -> None:
        self.rest[k] = self.rest[k] + n - drawn
        self.built[k] = self.built[k] - n

    def room(self, k: int, n: int) -> bool:
        return self.built[k] + self.melds[k] + n <= 4

    # -- the candidates --------------------------------------------------------------------------
    def offer(self, cost: int) -> None:
        """A complete hand built at ``cost``: try each winning kind worth ``budget - 1``."""
        built = self.built
        key = pack_counts(built)
        if key in self.seen:
            return
        self.seen.add(key)
        target = self.budget - 1
        for w in range(NUM_KINDS):
            c = built[w]
            if not c:
                continue
            value = cost - 1 if c > self.have[w] else cost
            if value != target:
                continue
            t = self.scorer.totals(key, built, w)
            d = t & 255
            s = t >> 8
            ok_self = s != 255 and s >= self.minimum
            if ok_self or (d != 255 and d >= self.minimum):
                self.done = True
                self.found_counts = list(built)
                self.found_win = w
                self.found_self = ok_self and not (d != 255 and d >= self.minimum)
                self.found_cost = value
                return


def _bound(rest: list[int], sets_left: int) -> int:
    """Fewest tiles to draw for ``sets_left`` sets and a pair from ``rest`` (the core tables)."""
    return regular_shanten_counts(rest, 4 - sets_left) + 1


def _standard(st: _Search, first: int, sets_left: int, cost: int) -> None:
    """Every standard completion: sets from index ``first`` on, then the pair."""
    budget = st.budget
    if sets_left == 0:
        for p in range(NUM_KINDS):
            if not st.room(p, 2):
                continue
            r = st.rest[p]
            need = 2 - r if r < 2 else 0
            if cost + need > budget:
                continue
            st.tick()
            drawn = st.take(p, 2)
            st.offer(cost + drawn)
            st.give(p, 2, drawn)
            if st.done:
                return
        return
    for i in range(first, _N_SETS):
        k = _SET_KINDS[i]
        if i < _N_PUNGS:
            if not st.room(k, 3):
                continue
            r = st.rest[k]
            need = 3 - r if r < 3 else 0
            if cost + need > budget:
                continue
            st.tick()
            drawn = st.take(k, 3)
            if cost + drawn + _bound(st.rest, sets_left - 1) <= budget:
                _standard(st, i, sets_left - 1, cost + drawn)
            st.give(k, 3, drawn)
        else:
            if not (st.room(k, 1) and st.room(k + 1, 1) and st.room(k + 2, 1)):
                continue
            need = (0 if st.rest[k] else 1) + (0 if st.rest[k + 1] else 1) + (0 if st.rest[k + 2] else 1)
            if cost + need > budget:
                continue
            st.tick()
            d0 = st.take(k, 1)
            d1 = st.take(k + 1, 1)
            d2 = st.take(k + 2, 1)
            drawn = d0 + d1 + d2
            if cost + drawn + _bound(st.rest, sets_left - 1) <= budget:
                _standard(st, i, sets_left - 1, cost + drawn)
            st.give(k + 2, 1, d2)
            st.give(k + 1, 1, d1)
            st.give(k, 1, d0)
        if st.done:
            return


def _pair_costs(have: list[int]) -> list[list[int]]:
    """For 七对: by first kind ``k``, the sorted costs of the pairs kinds ``k`` on can give (a kind
    two pairs at most)."""
    out: list[list[int]] = [[] for _ in range(NUM_KINDS + 1)]
    acc: list[int] = []
    for k in range(NUM_KINDS - 1, -1, -1):
        h = have[k]
        one = 2 - h if h < 2 else 0
        two = (4 - h if h < 4 else 0) - one
        acc = sorted([*acc, one, two])
        out[k] = acc
    return out


def _seven_pairs(st: _Search, k: int, pairs_left: int, cost: int, lows: list[list[int]]) -> None:
    """Every 七对 completion (kinds from ``k`` on; a four of a kind is two pairs)."""
    if pairs_left == 0:
        st.offer(cost)
        return
    low = lows[k]
    if len(low) < pairs_left:
        return
    lb = 0
    for j in range(pairs_left):
        lb += low[j]
    if cost + lb > st.budget:
        return
    for n in (2, 1, 0):
        if n > pairs_left or (n and not st.room(k, 2 * n)):
            continue
        st.tick()
        drawn = st.take(k, 2 * n)
        if cost + drawn <= st.budget:
            _seven_pairs(st, k + 1, pairs_left - n, cost + drawn, lows)
        st.give(k, 2 * n, drawn)
        if st.done:
            return


def _orphans(st: _Search) -> None:
    """The 13 十三幺 hands."""
    for extra in TERMINALS_AND_HONORS:
        st.tick()
        cost = 0
        for k in TERMINALS_AND_HONORS:
            n = 2 if k == extra else 1
            if not st.room(k, n):
                cost = -1
                break
            cost += st.take(k, n)
        if cost >= 0 and cost <= st.budget:
            st.offer(cost)
        for k in TERMINALS_AND_HONORS:
            st.built[k] = 0
            st.rest[k] = st.have[k]
        if st.done:
            return


def _honors_and_knitted(st: _Search) -> None:
    """全不靠 / 七星不靠: fourteen different kinds among a knitted spread and the honours (the
    sixteen kinds less two; the cost is the kinds kept that the hand lacks)."""
    for ki in range(6):
        kinds = list(KNITTED[ki]) + list(_HONORS)
        missing = [0 if st.have[k] else 1 for k in kinds]
        base = sum(missing)
        if base - 2 > st.budget:
            continue
        for a in range(16):
            for b in range(a + 1, 16):
                cost = base - missing[a] - missing[b]
                if cost > st.budget:
                    continue
                st.tick()
                ok = True
                for j in range(16):
                    if j != a and j != b:
                        ok = ok and st.room(kinds[j], 1)
                        st.take(kinds[j], 1)
                if ok:
                    st.offer(cost)
                for j in range(16):
                    if j != a and j != b:
                        st.built[kinds[j]] = 0
                        st.rest[kinds[j]] = st.have[kinds[j]]
                if st.done:
                    return


def _knitted_straight(st: _Search) -> None:
    """组合龙 with a set and a pair (or a pair beside one declared meld)."""
    sets_left = 1 - st.n_melds
    for ki in range(6):
        cost = 0
        ok = True
        drawn: list[int] = []
        for k in KNITTED[ki]:
            ok = ok and st.room(k, 1)
            d = st.take(k, 1)
            drawn.append(d)
            cost += d
        if ok and cost + _bound(st.rest, sets_left) <= st.budget:
            st.tick()
            _standard(st, 0, sets_left, cost)
        for j in range(8, -1, -1):
            st.give(KNITTED[ki][j], 1, drawn[j])
        if st.done:
            return


def _search(st: _Search, closed: bool) -> None:
    sets_left = 4 - st.n_melds
    if _bound(st.rest, sets_left) <= st.budget:
        _standard(st, 0, sets_left, 0)
    if st.done:
        return
    if st.n_melds <= 1:
        _knitted_straight(st)
        if st.done:
            return
    if closed:
        _seven_pairs(st, 0, 7, 0, _pair_costs(st.have))
        if st.done:
            return
        _orphans(st)
        if st.done:
            return
        _honors_and_knitted(st)


def _minimum(minimum: object) -> int:
    if minimum is None:
        return 0
    if isinstance(minimum, bool) or not isinstance(minimum, int) or not 0 <= minimum <= 1000:
        raise InvalidArgument(f"minimum={describe(minimum)}: give a number of fans 0-1000, or None")
    return minimum


def _rules(rules: object) -> Rules:
    if isinstance(rules, Rules):
        return rules
    if not isinstance(rules, str):
        raise InvalidArgument(f"rules={describe(rules)}: give a preset name (e.g. 'mcr') or a Rules object")
    return get_rules(rules)


def _text(kinds: list[int]) -> tuple[str, ...]:
    return tuple(tile_to_str(k) for k in kinds)


def _difference(a: list[int], b: list[int]) -> list[int]:
    """The kinds of ``a`` beyond ``b`` (a multiset difference), one entry a copy."""
    out: list[int] = []
    for k in range(NUM_KINDS):
        for _ in range(a[k] - b[k]):
            out.append(k)
    return out


def fan_shanten(hand: object, minimum: object = 8, seat_wind: object = "E",
                prevalent_wind: object = "E", rules: object = "mcr") -> FanShanten:
    """The fan-aware shanten of a 13- or 14-tile hand with a witness (see the module text).

    ``minimum``: the fans a win needs, flowers not counted (``None`` or 0: the plain shanten,
    no witness); ``seat_wind`` / ``prevalent_wind`` as for :func:`suanfan.mcr.score`; ``rules``
    a preset name or :class:`~suanfan.mcr.Rules` (the fans' values and switches)."""
    h = hand if isinstance(hand, Hand) else parse_hand(hand)
    m = _minimum(minimum)
    sw = parse_wind(seat_wind, "seat wind")
    pw = parse_wind(prevalent_wind, "prevalent wind")
    r = _rules(rules)
    counts, n_melds = hand_counts(h)
    plain = mcr_shanten_counts(counts, n_melds)
    text = str(h)
    if m == 0:
        return FanShanten(text, 0, plain, plain)
    scorer = scorer_for(h.melds, sw, pw, r)
    if h.winning_tile is not None and plain == -1:
        wk = KIND[h.winning_tile]
        t = scorer.totals(pack_counts(counts), counts, wk)
        d = t & 255
        s = t >> 8
        if (s != 255 and s >= m) or (d != 255 and d >= m):
            sd = not (d != 255 and d >= m)
            return FanShanten(text, m, -1, plain, ready=None, winning_tile=tile_to_str(wk),
                              self_drawn=sd, result=scorer.result(counts, wk, sd))
    st = _Search(counts, meld_kinds(h), n_melds, m, scorer)
    standing = 13 - 3 * n_melds
    budget = (plain if plain > 0 else 0) + 1
    while budget <= standing + 1:
        st.reset(budget)
        _search(st, n_melds == 0)
        if st.done:
            break
        budget += 1
    if not st.done:
        return FanShanten(text, m, UNREACHABLE, plain, nodes=st.nodes)
    built = st.found_counts
    w = st.found_win
    ready = list(built)
    ready[w] -= 1
    ready_hand = Hand(h.melds, [k for k in range(NUM_KINDS) for _ in range(ready[k])])
    return FanShanten(
        text, m, st.found_cost, plain,
        discards=_text(_difference(counts, ready)), draws=_text(_difference(ready, counts)),
        ready=str(ready_hand), winning_tile=tile_to_str(w), self_drawn=st.found_self,
        result=scorer.result(built, w, st.found_self), nodes=st.nodes)


def shanten(hand: object, minimum: object = 8, seat_wind: object = "E", prevalent_wind: object = "E",
            rules: object = "mcr") -> int:
    """MCR shanten of a 13- or 14-tile hand: with ``minimum`` fans (8 by default) the fan-aware
    shanten (:func:`fan_shanten`; :data:`UNREACHABLE` when no exchange reaches it), with
    ``minimum=None`` (or 0) the plain shanten over the five forms."""
    if minimum is None or (type(minimum) is int and minimum == 0):
        h = hand if isinstance(hand, Hand) else parse_hand(hand)
        counts, n_melds = hand_counts(h)
        if seat_wind != "E" or prevalent_wind != "E":
            parse_wind(seat_wind, "seat wind")
            parse_wind(prevalent_wind, "prevalent wind")
        return mcr_shanten_counts(counts, n_melds)
    return fan_shanten(hand, minimum, seat_wind, prevalent_wind, rules).shanten
