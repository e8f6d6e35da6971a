"""Defence (押し引き的守备): how dangerous each tile of a hand is against each opponent.

For every kind of tile in the seat's hand and every opponent, :func:`defence` gives

* **genbutsu** (现物): the opponent cannot ron the tile by furiten — it is among the opponent's
  own discards (tiles called away included), or among ``passed``: tiles the opponent let pass
  since declaring riichi (permanent furiten) or since their own last discard (furiten for the
  turn). Riichi only: MCR knows no furiten, a tile may be won on whoever threw it before.
* **suji** (筋): every two-sided wait on the tile is furiten because its other end is a genbutsu
  (1-4-7, 2-5-8, 3-6-9); ``half_suji`` for a middle tile with one of its two sides covered.
* **no-chance** (壁): every two-sided wait on the tile needs a kind none of which is unseen;
  **one-chance**: every such wait needs a kind of which at most one is unseen.
* **wait combinations**: the exact number of ways the opponent could hold a shape that wins on
  the tile, from the copies the seat cannot see (4 minus its own hand and melds minus every tile
  it has seen), live shapes only (in riichi, a shape one of whose winning tiles is a genbutsu is
  furiten and cannot ron): two-sided (両面), closed (嵌张), edge (边张), pair-or-pung (双碰:
  the opponent holds a pair of the tile) and single (单骑: one copy). A shape of two kinds a, b
  counts ``unseen[a] × unseen[b]`` ways, a pair C(unseen, 2), a single ``unseen``.

The **danger** figure is the share of the opponent's live wait combinations that the tile
completes: the opponent is taken to be ready on one shape drawn uniformly from all live
combinations of all 34 kinds (each combination counted once, although a two-sided one wins on
two kinds). It is a probability of dealing in *given that the opponent is ready*, under that
uniform model: it weighs a single wait like a two-sided one, and knows nothing of the
opponent's hand beyond its discards. It is 0 exactly for a genbutsu.

>>> d = defence("12340m456p11s789s", "riichi", opponents=[{"discards": "4m9p1z"}])
>>> t = d.tile("1m", 0)
>>> t.suji, t.genbutsu
(True, False)
>>> d.tile("4m", 0).danger
0.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..errors import InvalidArgument, MahjongError, describe
from ..notation import parse_hand
from ..shanten import unseen_counts, visible_counts
from ..tiles import KIND, NUM_KINDS, tile_to_str
from .waits import system_name

__all__ = ["Defence", "OpponentDanger", "TileDefence", "WaitCombinations", "defence"]

#: the five shapes a wait combination can take, in the order of :class:`WaitCombinations`
SHAPES: Final = ("two_sided", "closed", "edge", "pair", "single")
_MAX_OPPONENTS: Final = 3


@dataclass(frozen=True, slots=True)
class WaitCombinations:
    """Live ways for an opponent to hold a shape that wins on one tile."""

    two_sided: int = 0
    closed: int = 0
    edge: int = 0
    pair: int = 0
    single: int = 0

    @property
    def total(self) -> int:
        return self.two_sided + self.closed + self.edge + self.pair + self.single

    def to_dict(self) -> dict[str, int]:
        return {"two_sided": self.two_sided, "closed": self.closed, "edge": self.edge,
                "pair": self.pair, "single": self.single, "total": self.total}


@dataclass(frozen=True, slots=True)
class OpponentDanger:
    """One tile against one opponent."""

    opponent: int
    genbutsu: bool
    suji: bool
    half_suji: bool
    no_chance: bool
    one_chance: bool
    combinations: WaitCombinations
    danger: float

    def to_dict(self) -> dict[str, Any]:
        return {"opponent": self.opponent, "genbutsu": self.genbutsu, "suji": self.suji,
                "half_suji": self.half_suji, "no_chance": self.no_chance, "one_chance": self.one_chance,
                "combinations": self.combinations.to_dict(), "danger": self.danger}


@dataclass(frozen=True, slots=True)
class TileDefence:
    """One kind of tile in the hand, against every opponent given."""

    tile: str
    against: tuple[OpponentDanger, ...]

    @property
    def danger(self) -> float:
        """The highest danger over the opponents (the figure to minimise when folding)."""
        return max((a.danger for a in self.against), default=0.0)

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile, "danger": self.danger, "against": [a.to_dict() for a in self.against]}


@dataclass(frozen=True, slots=True)
class Defence:
    """Every kind in a hand against every opponent, safest first."""

    hand: str
    system: str
    tiles: tuple[TileDefence, ...]
    #: each opponent's live wait combinations over all 34 kinds (the danger's denominator)
    live_combinations: tuple[int, ...]

    def tile(self, tile: str, opponent: int) -> OpponentDanger:
        """The figures of one tile (MPSZ, a red five as its kind) against opponent index ``opponent``."""
        from ..notation import parse_tile

        k = KIND[parse_tile(tile)]
        name = tile_to_str(k)
        for t in self.tiles:
            if t.tile == name:
                if not 0 <= opponent < len(t.against):
                    raise InvalidArgument(f"opponent={opponent}: give 0 to {len(t.against) - 1}")
                return t.against[opponent]
        raise InvalidArgument(f"tile {tile!r} is not in the hand {self.hand}")

    @property
    def safest(self) -> TileDefence:
        return self.tiles[0]

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "system": self.system,
                "live_combinations": list(self.live_combinations),
                "tiles": [t.to_dict() for t in self.tiles]}


def _kinds(value: object, what: str) -> list[int]:
    if value is None:
        return [0] * NUM_KINDS
    try:
        return visible_counts(value)
    except MahjongError as e:
        raise type(e)(f"{what}: {e}") from None


def _opponent(value: object, i: int) -> tuple[list[int], list[int]]:
    if not isinstance(value, Mapping):
        raise InvalidArgument(f"opponents[{i}]={describe(value)}: give a mapping with 'discards'"
                              " (and optionally 'passed')")
    unknown = set(value) - {"discards", "passed"}
    if unknown:
        raise InvalidArgument(f"opponents[{i}]: unknown key {sorted(map(str, unknown))[0]!r}"
                              " (known: discards, passed)")
    return (_kinds(value.get("discards"), f"opponents[{i}].discards"),
            _kinds(value.get("passed"), f"opponents[{i}].passed"))


def _live(ways: int, furiten: list[int], a: int, b: int = -1) -> int:
    """``ways`` if neither winning kind (``b`` = -1: only ``a``) is a genbutsu, else 0."""
    if furiten[a] or (b >= 0 and furiten[b]):
        return 0
    return ways


def _combinations(k: int, u: list[int], furiten: list[int]) -> WaitCombinations:
    """Live wait combinations of one opponent that win on kind ``k``."""
    pair = _live(u[k] * (u[k] - 1) // 2, furiten, k)
    single = _live(u[k], furiten, k)
    if k >= 27:
        return WaitCombinations(0, 0, 0, pair, single)
    n = k % 9  # 0 = the one
    two = closed = edge = 0
    if n <= 5:  # shape n+1, n+2 waits on n and n+3
        two += _live(u[k + 1] * u[k + 2], furiten, k, k + 3)
    if n >= 3:  # shape n-2, n-1 waits on n-3 and n
        two += _live(u[k - 2] * u[k - 1], furiten, k - 3, k)
    if 1 <= n <= 7:
        closed = _live(u[k - 1] * u[k + 1], furiten, k)
    if n == 2:
        edge = _live(u[k - 2] * u[k - 1], furiten, k)
    elif n == 6:
        edge = _live(u[k + 1] * u[k + 2], furiten, k)
    return WaitCombinations(two, closed, edge, pair, single)


def _all_live(u: list[int], furiten: list[int]) -> int:
    """Every live combination of one opponent over all kinds, each counted once."""
    total = 0
    for k in range(NUM_KINDS):
        total += _live(u[k] * (u[k] - 1) // 2, furiten, k) + _live(u[k], furiten, k)
        if k >= 27:
            continue
        n = k % 9
        if 1 <= n <= 6:  # two-sided shape n, n+1 waits on n-1 and n+2
            total += _live(u[k] * u[k + 1], furiten, k - 1, k + 2)
        if n <= 6:  # closed shape n, n+2 waits on n+1
            total += _live(u[k] * u[k + 2], furiten, k + 1)
        if n == 0:  # edge 12 waits on 3
            total += _live(u[k] * u[k + 1], furiten, k + 2)
        elif n == 7:  # edge 89 waits on 7
            total += _live(u[k] * u[k + 1], furiten, k - 1)
    return total


def _two_sided_sides(k: int) -> list[tuple[int, int, int]]:
    """The two-sided shapes winning on ``k``: (first kind, second kind, the other winning kind)."""
    n = k % 9
    out = []
    if n <= 5:
        out.append((k + 1, k + 2, k + 3))
    if n >= 3:
        out.append((k - 2, k - 1, k - 3))
    return out


def defence(
    hand: object,
    system: object = "riichi",
    *,
    opponents: object,
    visible: object = None,
) -> Defence:
    """How dangerous each tile of ``hand`` is against each opponent (the module text has the model).

    ``opponents``: one mapping per opponent (at most 3) with ``discards`` (the opponent's river,
    tiles called away included), ``passed`` (tiles others discarded that the opponent let pass
    and may not ron by furiten: since its riichi, or since its last discard) and ``riichi``
    (bool, for the record). ``visible``: every other tile the seat has seen outside its hand —
    other rivers, melds, dora indicators; the opponents' discards are added to it.
    """
    h = parse_hand(hand)
    sysname = system_name(system)
    if isinstance(opponents, str | bytes | Mapping) or not isinstance(opponents, Sequence):
        raise InvalidArgument(f"opponents={describe(opponents)}: give a list of opponents")
    if not 1 <= len(opponents) <= _MAX_OPPONENTS:
        raise InvalidArgument(f"opponents: give 1 to {_MAX_OPPONENTS} opponents, not {len(opponents)}")
    parsed = [_opponent(o, i) for i, o in enumerate(opponents)]
    seen = _kinds(visible, "visible")
    for discards, _passed in parsed:
        for k in range(NUM_KINDS):
            seen[k] += discards[k]
    ids = [k for k in range(NUM_KINDS) for _ in range(seen[k])]
    u = unseen_counts(h, ids)
    riichi_rules = sysname == "riichi"
    furitens: list[list[int]] = []
    totals: list[int] = []
    for discards, passed in parsed:
        f = [1 if riichi_rules and (discards[k] or passed[k]) else 0 for k in range(NUM_KINDS)]
        furitens.append(f)
        totals.append(_all_live(u, f))
    own = sorted({KIND[t] for t in h.standing})
    rows: list[TileDefence] = []
    for k in own:
        against: list[OpponentDanger] = []
        for i, f in enumerate(furitens):
            c = _combinations(k, u, f)
            sides = _two_sided_sides(k) if k < 27 else []
            covered = sum(1 for _a, _b, other in sides if f[other])
            suji = bool(sides) and covered == len(sides) and not f[k]
            half = len(sides) == 2 and covered == 1 and not f[k]
            no_chance = bool(sides) and all(u[a] == 0 or u[b] == 0 for a, b, _o in sides)
            one_chance = bool(sides) and not no_chance and all(min(u[a], u[b]) <= 1 for a, b, _o in sides)
            danger = c.total / totals[i] if totals[i] else 0.0
            against.append(OpponentDanger(i, bool(f[k]), suji, half, no_chance, one_chance, c, danger))
        rows.append(TileDefence(tile_to_str(k), tuple(against)))
    rows.sort(key=_order)
    return Defence(str(h), sysname, tuple(rows), tuple(totals))


def _order(t: TileDefence) -> tuple[float, float, int]:
    from ..notation import parse_tile

    return (t.danger, sum(a.danger for a in t.against), KIND[parse_tile(t.tile)])
