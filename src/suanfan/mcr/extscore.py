"""Scoring of seed 003's extended fans (preset ``mcr-extended``), kept off the hot path.

:func:`suanfan.mcr.score` comes here only when an extended situation flag is set or the rules
switch an extended fan on. The fans themselves are rows of the fan table (placed by
:mod:`suanfan.mcr.fans`) with predicates in :mod:`suanfan.mcr.extended`; here they are added to
the raw fans of every reading, so the five principles (不重复 with seed 003's 不计 lists,
就高不就低 …) treat them like any other fan. A win by eight flowers alone (八花聚顶, "抓齐八张花
直接成和") needs no complete hand: it scores as the form ``eight_flowers``.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import InvalidHand, NotWinning, TileMissing
from ..hand import Hand
from ..notation import parse_flowers
from ..tiles import KIND
from .extended import FLAG_FAN, check_flags, flower_fans, is_pair_258, tile_fans
from .fans import FAN_INDEX
from .principles import walk_total
from .rules import Rules

__all__ = ["extend_ctx", "extend_readings", "score_extended"]

# the scorer module (``suanfan.mcr.score`` is also the name of the function the package exports)
_s: Any = importlib.import_module("suanfan.mcr.score")

_HAND_USE = (-1,)
_I_258 = FAN_INDEX.get("pair_258", -1)
_I_EIGHT = FAN_INDEX.get("eight_flowers", -1)
_PAIR_FORMS = ("standard", "nine_gates", "knitted_straight")


def _flower_tiles(hand: Hand, flowers: Any) -> tuple[int, ...] | None:
    """The flower numbers when known (tiles in the hand or as the argument), else None."""
    if hand.flowers:
        return hand.flowers
    if isinstance(flowers, tuple):
        return tuple(sorted(flowers))
    if isinstance(flowers, str):
        f = parse_flowers(flowers)
        return f if isinstance(f, tuple) else None
    return None


def extend_ctx(ctx: Any) -> None:
    """Add the extended fans common to every reading to ``ctx.base``: the situation flags' fans
    (reported as disabled under rules without them), and — when the rules have them — the flower
    fans and 满江红; mark the context for 二五八将 (per reading)."""
    sit = ctx.sit
    base = ctx.base
    for f in sit.flags:
        base.append((FAN_INDEX[FLAG_FAN[f]], _HAND_USE))
    rules = ctx.rules
    if not rules._ext:
        return
    ids, _notes = flower_fans(sit.flower_tiles, sit.flowers)
    for i in ids:
        base.append((FAN_INDEX[i], _HAND_USE))
    kinds = {KIND[t] for t in ctx.hand.all_tiles}
    for i in tile_fans(kinds):
        base.append((FAN_INDEX[i], _HAND_USE))
    ctx.ext = rules.enabled("pair_258")


def extend_readings(ctx: Any, readings: list[Any]) -> None:
    """二五八将: the pair (将) of a reading with one is a numbered 2, 5 or 8 (七对 has none)."""
    for form, toks, raw in readings:
        if form in _PAIR_FORMS:
            tok = toks[-1]
            if is_pair_258(tok - _s._PAIR):
                raw.append((_I_258, (tok,)))


def _eight_flowers(h: Hand, sit: Any, r: Rules, notes: tuple[str, ...]) -> Any:
    """The result of a win by the eight flowers alone (八花聚顶): that fan, the fans of the
    situation flags, the other flower fans it excludes, and the eight 花牌 points."""
    raw: list[tuple[int, tuple[int, ...]]] = [(_I_EIGHT, _HAND_USE)]
    for f in sit.flags:
        raw.append((FAN_INDEX[FLAG_FAN[f]], _HAND_USE))
    for i in flower_fans(sit.flower_tiles, 8)[0]:
        if i != "eight_flowers":
            raw.append((FAN_INDEX[i], _HAND_USE))
    ctx = _s._Ctx(h, sit, r, -1, [0] * 34, 0, (), (), (), len(h.melds), [], [], 0)
    reading = ("eight_flowers", (), raw)
    best = walk_total(r, sit.prevalent_wind, sit.seat_wind, list(raw))
    return _s.MCRResult(
        r.name, "eight_flowers", best, r._values[_s._FLOWER] * sit.flowers,  # type: ignore[attr-defined]
        r.min_fan, sit, 1, (*notes, "八花聚顶: won by drawing the eighth flower, without a complete hand"),
        ctx, reading,
    )


def score_extended(
    h: Hand, self_drawn: bool | None, last_tile_of_wall: bool, kong: bool, last_of_kind: bool,
    seat_wind: int, prevalent_wind: int, flowers: Any, r: Rules, flags: dict[str, bool],
) -> Any:
    """:func:`suanfan.mcr.score` with the extended situation flags and fans."""
    sd, on, notes = check_flags(
        h, self_drawn, flags, seat_wind=seat_wind, kong=kong,
        last_tile_of_wall=last_tile_of_wall, last_of_kind=last_of_kind,
    )
    n = _s._flower_count(h, flowers)
    tiles = _flower_tiles(h, flowers)
    if tiles is None and n == 8:
        tiles = (1, 2, 3, 4, 5, 6, 7, 8)
    if r._ext and (r.enabled("four_gentlemen") or r.enabled("four_seasons")):
        notes = notes + flower_fans(tiles, n)[1]
    eight = n == 8 and _I_EIGHT >= 0 and r.enabled("eight_flowers") and r._ext
    sit = _s.Situation(sd, last_tile_of_wall, kong, last_of_kind, seat_wind, prevalent_wind, n, on, tiles)

    def bare() -> Any:
        if self_drawn is False:
            raise InvalidHand(
                "八花聚顶 (eight_flowers) is won by drawing the eighth flower, not on a discard")
        if kong or last_tile_of_wall or last_of_kind:
            raise InvalidHand(
                "a win by the eight flowers has no winning tile: kong, last_tile_of_wall and "
                "last_of_kind do not apply"
            )
        if "human_hand" in on:
            raise InvalidHand("human_hand (人和) is won on a discard, 八花聚顶 by drawing a flower")
        s8 = _s.Situation(True, False, False, False, seat_wind, prevalent_wind, 8, on, tiles)
        return _eight_flowers(h, s8, r, notes)

    if h.winning_tile is None:
        if eight:
            return bare()
        raise TileMissing(
            "13 tiles: this is a waiting hand; add the winning tile (the last tile written) to score it"
        )
    sit, inferred = _s._check_situation(h, sit)
    try:
        return _s._score_checked(h, sit, r, (*notes, *inferred))
    except NotWinning:
        if eight:
            return bare()
        raise
