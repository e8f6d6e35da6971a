"""Expected values of each discard to the end of the hand: the chance of being ready, of winning,
and the expected score by each turn (docs/analysis-expected.md states the model exactly).

>>> from suanfan.analysis import expected_values
>>> ev = expected_values("127m123567p4678s1z", "riichi", seat_wind="E", round_wind="E",
...                      dora_indicators="6p", shanten_down=False, tegawari=False)
>>> [(o.discard, o.shanten, o.useful_unseen) for o in ev.options]
[('7m', 1, 10), ('4s', 1, 10), ('1z', 1, 10)]
>>> round(ev.best.win_probability[0], 4), round(ev.best.expected_score[0])
(0.2181, 1752)

The model is that of mahjong-cpp v0.9.8's expected score calculator: one player draws and
discards (no calls, no ron either way), a tile is drawn with probability count / (S - t), the
tiles discarded in the search go back to the wall, red fives are tiles apart, tegawari and
shanten-down are explored within one exchange of the start, a closed ready discard always
declares riichi, wins are self-drawn (with the exact ura-dora expectation under riichi), and the
chance of being ready, of winning and the expected score are each maximised separately. The
search itself (:mod:`suanfan.analysis.search`) is generic over the rule system; riichi scores
come from :func:`suanfan.riichi.score`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

from ..errors import InvalidArgument, InvalidHand, describe
from ..hand import Hand
from ..mcr import FAN_BY_ID
from ..notation import parse_hand, parse_tiles
from ..riichi import dora_of_indicator
from ..riichi import score as riichi_score
from ..riichi.points import base_points, payment
from ..riichi.rules import Rules, get_rules
from ..shanten import (
    KINDS_MASK,
    SHANTEN_AT,
    riichi_forms_keys,
    riichi_spare_keys,
    riichi_useful_keys,
)
from ..tiles import KIND, NUM_KINDS, tile_to_str
from .advice import UsefulTile
from .expected_mcr import mcr_values
from .search import N_TILES, SearchResult, WinValue, search
from .waits import system_name

__all__ = ["DEFAULT_MAX_SECONDS", "DEFAULT_MAX_STATES", "ExpectedOption", "ExpectedValues",
           "RiichiWinValue", "expected_values", "option_details"]

#: the bounds of a search unless given (the faces use them): states in the graph, seconds
DEFAULT_MAX_STATES: Final = 2_000_000
DEFAULT_MAX_SECONDS: Final = 60.0
#: the last turn (mahjong-cpp's t_max): 18 draws a player in a four-player game
LAST_TURN: Final = 18
#: the situation keywords of riichi's score that make sense here
_RIICHI_KEYS: Final = ("seat_wind", "round_wind", "dora_indicators", "honba", "riichi_sticks", "rules")


@dataclass(frozen=True, slots=True)
class ExpectedOption:
    """One discard (``None`` for a 13-tile hand) and its values by turn.

    ``tenpai_probability[j]``, ``win_probability[j]``, ``expected_score[j]``: the value of the
    hand left by this discard at turn ``turn + j`` (``turn`` .. 18), with draws at turns
    ``turn + j`` .. 17 to come. ``useful``: the kinds that lower the shanten of the hand left,
    with their copies in the wall before the discard (the discarded tile not added back).
    ``two_step``, ``improvements``, ``good_shape``: what players read beside them (defined
    exactly in docs/analysis-expected.md; :func:`option_details`).
    """

    discard: str | None
    shanten: int
    useful: tuple[UsefulTile, ...]
    tenpai_probability: tuple[float, ...]
    win_probability: tuple[float, ...]
    expected_score: tuple[float, ...]
    two_step: int | None = None
    improvements: tuple[UsefulTile, ...] = ()
    good_shape: float | None = None
    #: MCR: the fan combinations (fan ids) of the wins and the chance at ``turn`` of winning
    #: with each under the expected-score policy, likeliest first
    combinations: tuple[tuple[tuple[str, ...], float], ...] = ()
    #: riichi: whether the hand this discard leaves declares riichi (a ready closed hand; the
    #: reference model always does, the table model when it is worth more); None: not ready
    riichi: bool | None = None
    #: the table model, a ready discard that may stay dama: the expected score by turn of the
    #: riichi line and of the dama line (``expected_score`` is the better); None otherwise
    riichi_expected_score: tuple[float, ...] | None = None
    dama_expected_score: tuple[float, ...] | None = None

    @property
    def useful_unseen(self) -> int:
        """Copies of all useful tiles in the wall (the usual ukeire figure)."""
        return sum(u.unseen for u in self.useful)

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": self.discard,
            "shanten": self.shanten,
            "useful_unseen": self.useful_unseen,
            "useful": [u.to_dict() for u in self.useful],
            "tenpai_probability": list(self.tenpai_probability),
            "win_probability": list(self.win_probability),
            "expected_score": list(self.expected_score),
            "two_step": self.two_step,
            "improvements": [u.to_dict() for u in self.improvements],
            "good_shape": self.good_shape,
            "combinations": [{"fans": list(c), "probability": p, "names": _fan_names(c)}
                             for c, p in self.combinations],
            "riichi": self.riichi,
            "riichi_expected_score": (None if self.riichi_expected_score is None
                                      else list(self.riichi_expected_score)),
            "dama_expected_score": (None if self.dama_expected_score is None
                                    else list(self.dama_expected_score)),
        }


def _fan_names(fans: tuple[str, ...]) -> list[dict[str, str]]:
    """Each MCR fan of a combination with its names (``name_zh``, ``name_zh_hant``, ``name_en``)."""
    out: list[dict[str, str]] = []
    for f in fans:
        d = FAN_BY_ID.get(f)
        out.append({"id": f, "name_zh": d.zh, "name_zh_hant": d.zh_hant, "name_en": d.en}
                   if d is not None else {"id": f})
    return out


@dataclass(frozen=True, slots=True)
class ExpectedValues:
    """Every option of a hand with its values by turn, best first (by the expected score at
    ``turn``, then the winning and the ready chance)."""

    hand: str
    system: str
    model: str
    turn: int
    shanten: int
    shanten_down: bool
    tegawari: bool
    states: int
    options: tuple[ExpectedOption, ...]

    @property
    def best(self) -> ExpectedOption:
        return self.options[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "system": self.system,
            "model": self.model,
            "turn": self.turn,
            "last_turn": LAST_TURN,
            "shanten": self.shanten,
            "shanten_down": self.shanten_down,
            "tegawari": self.tegawari,
            "states": self.states,
            "options": [o.to_dict() for o in self.options],
        }


class RiichiWinValue(WinValue):
    """Riichi for the search: the riichi shanten tables, and the score of a self-drawn win by
    :func:`suanfan.riichi.score` (tsumo, riichi when declared), with the expected ura dora of a
    riichi win (exact, drawn from the wall left) when ``ura`` is on."""

    def __init__(self, seat_wind: str | int, round_wind: str | int, dora: list[int],
                 honba: int, sticks: int, rules: Rules, ura: bool, base_wall: list[int]) -> None:
        self.seat_wind = seat_wind
        self.round_wind = round_wind
        self.dora = dora
        self.honba = honba
        self.sticks = sticks
        self.rules = rules
        self.ura = ura and len(dora) > 0
        #: the merged wall plus the root hand: the wall at a winning hand is this minus the hand
        self.base_wall = base_wall
        self.dealer = False
        self.memo: dict[int, float] = {}
        #: the self-draw payment total by han << 10 | fu << 1 | dealer
        self.pay_memo: dict[int, float] = {}
        self.dora_of: list[int] = [dora_of_indicator(k, rules.sanma) for k in range(NUM_KINDS)]

    def useful(self, k0: int, k1: int, k2: int, k3: int) -> int:
        return riichi_useful_keys(k0, k1, k2, k3)

    def spare(self, k0: int, k1: int, k2: int, k3: int) -> int:
        return riichi_spare_keys(k0, k1, k2, k3)

    def value(self, counts: list[int], win: int, riichi: bool) -> float:
        merged = [0] * NUM_KINDS
        reds = 0
        for i in range(N_TILES):
            c = counts[i]
            if c:
                k = KIND[i]
                merged[k] = merged[k] + c
                if i >= NUM_KINDS:
                    reds += c
        key = 0
        for k in range(NUM_KINDS):
            key = key << 3 | merged[k]
        key = (key << 2 | reds) << 6 | KIND[win]
        hit = self.memo.get(key << 1 | (1 if riichi else 0), -1.0)
        if hit >= 0.0:
            return hit
        tiles: list[int] = []
        for i in range(N_TILES):
            for _ in range(counts[i]):
                tiles.append(i)
        tiles.remove(win)
        tiles.sort()
        hand = Hand((), tuple(tiles), win)
        # scored once without riichi: riichi adds one han to every reading (the same fu)
        r = riichi_score(hand, tsumo=True, seat_wind=self.seat_wind, round_wind=self.round_wind,
                         dora_indicators=self.dora, honba=self.honba, riichi_sticks=self.sticks,
                         rules=self.rules)
        plain = float(r.payment.total)
        if r.yakuman:
            with_riichi = plain
        elif self.ura and r.han + 1 < 13:
            with_riichi = self._with_ura(merged, r.han + 1, r.fu, r.dealer)
        else:
            with_riichi = self._pay(r.han + 1, r.fu, r.dealer)
        self.memo[key << 1] = plain
        self.memo[key << 1 | 1] = with_riichi
        return with_riichi if riichi else plain

    def _one_ura(self, wall: list[int], merged: list[int], han: int, fu: int, dealer: bool) -> float:
        """One indicator: P(u) = the wall's copies of the indicators of the kinds held u times
        over the wall's total."""
        ways = [0] * 13
        total = 0
        for k in range(NUM_KINDS):
            w = wall[k]
            if w > 0:
                total += w
                u = merged[self.dora_of[k]]
                ways[u if u < 12 else 12] += w
        out = 0.0
        for u in range(13):
            if ways[u]:
                out += ways[u] / total * self._pay(han + u, fu, dealer)
        return out

    def _pay(self, han: int, fu: int, dealer: bool) -> float:
        """What a self-drawn win of ``han`` and ``fu`` (no yakuman) pays the winner in all."""
        code = han << 10 | fu << 1 | (1 if dealer else 0)
        hit = self.pay_memo.get(code, -1.0)
        if hit >= 0.0:
            return hit
        base, _ = base_points(han, fu, 0, self.rules)
        out = float(payment(base, dealer, True, self.honba, self.sticks, self.rules).total)
        self.pay_memo[code] = out
        return out

    def _with_ura(self, merged: list[int], han: int, fu: int, dealer: bool) -> float:
        """Σ_u P(u ura dora) · the payment at han + u (same fu), the indicators drawn from the
        wall left (the base wall less the hand)."""
        wall = [self.base_wall[k] - merged[k] for k in range(NUM_KINDS)]
        d = len(self.dora)
        if d == 1:
            return self._one_ura(wall, merged, han, fu, dealer)
        # dp[n * 13 + u]: ways to draw n indicators worth u ura dora (u capped at 12)
        dp = [0.0] * ((d + 1) * 13)
        dp[0] = 1.0
        total = 0
        for k in range(NUM_KINDS):
            w = wall[k]
            if w <= 0:
                continue
            total += w
            gain = merged[self.dora_of[k]]
            new = dp[:]
            for n in range(d + 1):
                for u in range(13):
                    ways = dp[n * 13 + u]
                    if ways == 0.0:
                        continue
                    for take in range(1, d - n + 1):
                        if take > w:
                            break
                        v = u + take * gain
                        if v > 12:
                            v = 12
                        j = (n + take) * 13 + v
                        new[j] = new[j] + ways * math.comb(w, take)
            dp = new
        denominator = float(math.comb(total, d))
        out = 0.0
        for u in range(13):
            p = dp[d * 13 + u] / denominator
            if p > 0.0:
                out += p * self._pay(han + u, fu, dealer)
        return out


def _flag(value: object, what: str) -> bool:
    if type(value) is not bool:
        raise InvalidArgument(f"{what}={describe(value)}: give True or False")
    return value


def _whole(value: object, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise InvalidArgument(f"{what}={describe(value)}: give a whole number from {low} to {high}")
    return value


def expected_values(
    hand: object,
    system: object = "riichi",
    *,
    turn: object = 1,
    shanten_down: object = True,
    tegawari: object = True,
    ura_dora: object = True,
    model: object = "reference",
    visible: object = None,
    max_states: object = DEFAULT_MAX_STATES,
    max_seconds: object = DEFAULT_MAX_SECONDS,
    details: object = True,
    **situation: Any,
) -> ExpectedValues:
    """The expected values of every discard of a closed 13- or 14-tile hand (see the module
    text and docs/analysis-expected.md).

    ``turn``: the turn the hand is at (1-18). ``shanten_down`` / ``tegawari``: explore discards
    that raise the shanten and draws kept though not useful, within one exchange of the start.
    ``ura_dora``: a riichi win is worth its expected ura dora. ``model``: ``"reference"``
    (mahjong-cpp's) or ``"table"`` (discards to the river, the tiles really left as the
    denominator, riichi or dama by expected score). ``visible``: tiles seen on the table (an MPSZ
    string, a list of tile strings, or 34 kind counts), taken out of the wall. ``situation``: riichi's
    ``seat_wind``, ``round_wind``, ``dora_indicators``, ``honba``, ``riichi_sticks``, ``rules``.
    ``max_states`` / ``max_seconds``: bounds of the search (:class:`~suanfan.LimitExceeded`
    beyond them). ``details``: add the two-step counts, improvement tiles and good-shape rates
    (:func:`option_details`; the improvement tiles for the options of the least shanten only).
    """
    sysname = system_name(system)
    if model not in ("reference", "table"):
        raise InvalidArgument(f"model={describe(model)}: give 'reference' (mahjong-cpp's) or 'table'")
    table = model == "table"
    if sysname == "mcr":
        return _mcr_expected(hand, turn, shanten_down, tegawari, max_states, max_seconds, situation,
                             table, visible)
    t_min = _whole(turn, "turn", 1, LAST_TURN)
    down = _flag(shanten_down, "shanten_down")
    swap = _flag(tegawari, "tegawari")
    ura = _flag(ura_dora, "ura_dora")
    extra = _flag(details, "details")
    states = _whole(max_states, "max_states", 1, 1 << 40)
    if not isinstance(max_seconds, (int, float)) or isinstance(max_seconds, bool) \
            or not 0 < max_seconds <= 1e9:
        raise InvalidArgument(f"max_seconds={describe(max_seconds)}: give a positive number of seconds")
    seconds = float(max_seconds)
    for name in situation:
        if name not in _RIICHI_KEYS:
            raise InvalidArgument(f"{describe(name)} is not an option of riichi expected values: the "
                                  f"options are {', '.join(_RIICHI_KEYS)}")
    h = hand if isinstance(hand, Hand) else parse_hand(hand)
    if h.melds:
        raise InvalidHand("expected values are for a closed hand: the hand has declared melds")
    if h.flowers:
        raise InvalidHand("riichi has no flowers")
    rules = get_rules(situation.get("rules", "default"))
    tiles = list(h.concealed)
    if h.winning_tile is not None:
        tiles.append(h.winning_tile)
    if len(tiles) not in (13, 14):
        raise InvalidHand(f"the hand has {len(tiles)} tiles: give 13 or 14")
    dora = _indicator_ids(situation.get("dora_indicators", ""))
    counts = [0] * N_TILES
    for t in tiles:
        counts[t if rules.red_fives else KIND[t]] += 1
    merged = [0] * NUM_KINDS
    for i in range(N_TILES):
        merged[KIND[i]] += counts[i]
    seen = merged[:]
    reds = [counts[NUM_KINDS + s] for s in range(3)]
    shown = _visible_ids(visible)
    for t in dora + shown:
        seen[KIND[t]] += 1
        if t >= NUM_KINDS and rules.red_fives:
            reds[t - NUM_KINDS] += 1
    for k in range(NUM_KINDS):
        if seen[k] > 4:
            raise InvalidHand(f"{seen[k]} {tile_to_str(k)} in the hand, the dora indicators and the "
                              "visible tiles: there are only 4")
    wall_merged = [4 - seen[k] for k in range(NUM_KINDS)]
    wall = [0] * N_TILES
    for k in range(NUM_KINDS):
        wall[k] = wall_merged[k]
    if rules.red_fives:
        for s in range(3):
            red_left = 1 - reds[s]
            if red_left < 0:
                raise InvalidHand(f"two red {'mps'[s]} fives: there is only one")
            wall[NUM_KINDS + s] = red_left
            wall[4 + 9 * s] -= red_left
    total = sum(wall_merged)
    value = RiichiWinValue(situation.get("seat_wind", "E"), situation.get("round_wind", "E"), dora,
                           situation.get("honba", 0), situation.get("riichi_sticks", 0), rules, ura,
                           [wall_merged[k] + merged[k] for k in range(NUM_KINDS)])
    found = search(counts, wall, total, value, t_min, LAST_TURN, down, swap, states, seconds, table)
    return _result(h, found, merged, wall_merged, t_min, down, swap, rules if extra else None,
                   "table" if table else "reference")


def _indicator_ids(value: object) -> list[int]:
    """The tile ids of the dora indicators given as a string ("3m7z") or a list of tiles."""
    if value is None:
        return []
    if isinstance(value, str):
        return parse_tiles(value) if value.strip() else []
    if not isinstance(value, (list, tuple)):
        raise InvalidArgument(f"dora_indicators={describe(value)}: give tiles such as '3m7z'")
    out: list[int] = []
    for x in value:
        if isinstance(x, str):
            out.extend(parse_tiles(x))
        elif isinstance(x, int) and not isinstance(x, bool) and 0 <= x < N_TILES:
            out.append(x)
        else:
            raise InvalidHand(f"dora indicator {describe(x)} is not a tile")
    return out


def _visible_ids(value: object) -> list[int]:
    """The tile ids of ``visible=``: an MPSZ string ("19m5z0p"), a list of tile strings, or 34
    kind counts (no red five)."""
    if value is None:
        return []
    if isinstance(value, str):
        return parse_tiles(value) if value.strip() else []
    if isinstance(value, (list, tuple)):
        if len(value) == NUM_KINDS and all(type(x) is int for x in value):
            out: list[int] = []
            for k in range(NUM_KINDS):
                c = value[k]
                if not isinstance(c, int) or not 0 <= c <= 4:
                    raise InvalidArgument(f"visible: {describe(c)} {tile_to_str(k)}: a count is 0 to 4")
                out.extend([k] * c)
            return out
        ids: list[int] = []
        for x in value:
            if not isinstance(x, str):
                raise InvalidArgument(f"visible: {describe(x)} is not a tile (give tile strings such "
                                      "as '5m', or 34 counts)")
            ids.extend(parse_tiles(x))
        return ids
    raise InvalidArgument(f"visible={describe(value)}: give tiles such as '19m5z', a list of tiles, "
                          "or 34 counts")


def _keys_of(merged: list[int]) -> tuple[int, int, int, int]:
    keys = [0, 0, 0, 0]
    for k in range(NUM_KINDS):
        g = min(k // 9, 3)
        keys[g] += merged[k] << (4 * (k - 9 * g))
    return keys[0], keys[1], keys[2], keys[3]


def _result(h: Hand, found: SearchResult, merged: list[int], wall_merged: list[int], t_min: int,
            down: bool, swap: bool, rules: Rules | None, model: str) -> ExpectedValues:
    options: list[ExpectedOption] = []
    least = 99
    n_tiles = sum(merged)
    root_info = (riichi_spare_keys if n_tiles == 14 else riichi_useful_keys)(*_keys_of(merged))
    infos: list[int] = []
    for i in found.discards:
        left = merged[:]
        if i >= 0:
            left[KIND[i]] -= 1
        info = riichi_useful_keys(*_keys_of(left))
        infos.append(info)
        least = min(least, (info >> SHANTEN_AT) - 1)
    for j, i in enumerate(found.discards):
        left = merged[:]
        if i >= 0:
            left[KIND[i]] -= 1
        info = infos[j]
        mask = info & KINDS_MASK
        sh = (info >> SHANTEN_AT) - 1
        two: int | None = None
        better: tuple[UsefulTile, ...] = ()
        shape: float | None = None
        if rules is not None:
            two, better, shape = option_details(left, wall_merged, rules, sh == least)
        useful = tuple(UsefulTile(tile_to_str(k), wall_merged[k]) for k in range(NUM_KINDS)
                       if (mask >> k) & 1)
        options.append(ExpectedOption(
            None if i < 0 else tile_to_str(i), sh, useful, tuple(found.tenpai[j]),
            tuple(found.win[j]), tuple(found.score[j]), two, better, shape,
            riichi=found.riichi[j] if sh == 0 else None,
            riichi_expected_score=tuple(found.riichi_score[j]) if found.riichi_score[j] else None,
            dama_expected_score=tuple(found.dama_score[j]) if found.dama_score[j] else None))
    ranked = sorted(range(len(options)), key=lambda n: (
        -options[n].expected_score[0], -options[n].win_probability[0],
        -options[n].tenpai_probability[0], n))
    options = [options[n] for n in ranked]
    return ExpectedValues(str(h), "riichi", model, t_min, (root_info >> SHANTEN_AT) - 1, down,
                          swap, found.states, tuple(options))


# -- what players read beside the expected values --------------------------------------------------
def _shanten_of(merged: list[int]) -> int:
    return (riichi_forms_keys(*_keys_of(merged)) >> 3) - 1


def _useful_mask(merged: list[int]) -> int:
    return riichi_useful_keys(*_keys_of(merged)) & KINDS_MASK


def _copies(mask: int, wall: list[int]) -> int:
    n = 0
    for k in range(NUM_KINDS):
        if (mask >> k) & 1:
            n += wall[k]
    return n


def _good_wait(merged: list[int], mask: int, rules: Rules) -> bool:
    """A ready hand's wait is good (two-sided or better): three or more kinds, or two kinds of
    which one completes the hand as a two-sided (ryanmen) wait in its best reading."""
    kinds = [k for k in range(NUM_KINDS) if (mask >> k) & 1]
    if len(kinds) >= 3:
        return True
    if len(kinds) < 2:
        return False
    tiles = tuple(k for k in range(NUM_KINDS) for _ in range(merged[k]))
    for k in kinds:
        r = riichi_score(Hand((), tiles, k), tsumo=True, rules=rules)
        if r.wait == "ryanmen":
            return True
    return False


def option_details(left: list[int], wall: list[int], rules: Rules, improvements: bool = True
                   ) -> tuple[int | None, tuple[UsefulTile, ...], float | None]:
    """``(two_step, improvements, good_shape)`` of the 13-tile hand ``left`` (34 kind counts)
    with the kinds ``wall`` left (the root wall; docs/analysis-expected.md defines each)."""
    hand = left[:]
    w = wall[:]
    s = _shanten_of(hand)
    mask = _useful_mask(hand)
    if s == 0:
        return None, (), 1.0 if _good_wait(hand, mask, rules) else 0.0
    if s < 0:
        return None, (), None
    two = 0
    good = 0
    drawn = 0
    for u in range(NUM_KINDS):
        if not (mask >> u) & 1 or w[u] <= 0:
            continue
        n = w[u]
        hand[u] += 1
        w[u] -= 1
        best = -1
        best_good = False
        for x in range(NUM_KINDS):
            if hand[x] == 0 or x == u:
                continue
            hand[x] -= 1
            if _shanten_of(hand) == s - 1:
                m = _useful_mask(hand)
                c = _copies(m, w)
                g = s == 1 and _good_wait(hand, m, rules) if c >= best else False
                if c > best or (c == best and g and not best_good):
                    best = c
                    best_good = g
            hand[x] += 1
        hand[u] -= 1
        w[u] += 1
        if best >= 0:
            two += n * best
            drawn += n
            if best_good:
                good += n
    shape = (good / drawn if drawn else 0.0) if s == 1 else None
    better: list[UsefulTile] = []
    if improvements:
        base = _copies(mask, w)
        for k in range(NUM_KINDS):
            if (mask >> k) & 1 or w[k] <= 0 or hand[k] >= 4:
                continue
            hand[k] += 1
            w[k] -= 1
            for x in range(NUM_KINDS):
                if hand[x] == 0 or x == k:
                    continue
                hand[x] -= 1
                found = _shanten_of(hand) == s and _copies(_useful_mask(hand), w) > base
                hand[x] += 1
                if found:
                    better.append(UsefulTile(tile_to_str(k), w[k] + 1))
                    break
            hand[k] -= 1
            w[k] += 1
    return two, tuple(better), shape


_MCR_KEYS: Final = ("seat_wind", "prevalent_wind", "minimum", "rules")


def _mcr_expected(hand: object, turn: object, shanten_down: object, tegawari: object,
                  max_states: object, max_seconds: object, situation: dict[str, Any], table: bool,
                  visible: object) -> ExpectedValues:
    """MCR expected values (docs/analysis-expected.md, "MCR")."""
    t_min = _whole(turn, "turn", 1, LAST_TURN)
    down = _flag(shanten_down, "shanten_down")
    swap = _flag(tegawari, "tegawari")
    states = _whole(max_states, "max_states", 1, 1 << 40)
    if not isinstance(max_seconds, (int, float)) or isinstance(max_seconds, bool) \
            or not 0 < max_seconds <= 1e9:
        raise InvalidArgument(f"max_seconds={describe(max_seconds)}: give a positive number of seconds")
    for name in situation:
        if name not in _MCR_KEYS:
            raise InvalidArgument(f"{describe(name)} is not an option of MCR expected values: the "
                                  f"options are {', '.join(_MCR_KEYS)}")
    h = hand if isinstance(hand, Hand) else parse_hand(hand)
    if h.melds:
        raise InvalidHand("expected values are for a closed hand: the hand has declared melds")
    tiles = list(h.concealed)
    if h.winning_tile is not None:
        tiles.append(h.winning_tile)
    if len(tiles) not in (13, 14):
        raise InvalidHand(f"the hand has {len(tiles)} tiles: give 13 or 14")
    merged = [0] * NUM_KINDS
    for t in tiles:
        merged[KIND[t]] += 1
    seen = merged[:]
    for t in _visible_ids(visible):
        seen[KIND[t]] += 1
    counts = [0] * N_TILES
    wall = [0] * N_TILES
    for k in range(NUM_KINDS):
        counts[k] = merged[k]
        wall[k] = 4 - seen[k]
        if wall[k] < 0:
            raise InvalidHand(f"{seen[k]} {tile_to_str(k)} in the hand and the visible tiles: there "
                              "are only 4")
    value = mcr_values(situation.get("seat_wind", "E"), situation.get("prevalent_wind", "E"),
                       situation.get("minimum", 8), situation.get("rules", "mcr"))
    found = search(counts, wall, sum(wall), value, t_min, LAST_TURN, down, swap, states,
                   float(max_seconds), table)
    options: list[ExpectedOption] = []
    for j, i in enumerate(found.discards):
        left = merged[:]
        if i >= 0:
            left[KIND[i]] -= 1
        info = value.useful(*_keys_of(left))
        mask = info & KINDS_MASK
        combos = sorted(((value.names[c], p) for c, p in found.combinations[j].items()),
                        key=lambda cp: -cp[1])
        useful = tuple(UsefulTile(tile_to_str(k), wall[k]) for k in range(NUM_KINDS) if (mask >> k) & 1)
        options.append(ExpectedOption(
            None if i < 0 else tile_to_str(i), (info >> SHANTEN_AT) - 1, useful,
            tuple(found.tenpai[j]), tuple(found.win[j]), tuple(found.score[j]),
            combinations=tuple(combos)))
    options.sort(key=lambda o: (-o.expected_score[0], -o.win_probability[0], -o.tenpai_probability[0]))
    root = (value.spare if len(tiles) == 14 else value.useful)(*_keys_of(merged))
    return ExpectedValues(str(h), "mcr", "table" if table else "reference", t_min,
                          (root >> SHANTEN_AT) - 1, down, swap, found.states, tuple(options))
