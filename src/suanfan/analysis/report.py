"""The whole analysis of a hand as one JSON-ready dict: what ``suanfan analyze --json`` prints and
what ``POST /api/analyze`` answers (both faces call :func:`report`)."""

from __future__ import annotations

from typing import Any

from ..hand import Hand
from ..mcr import UNREACHABLE, FanShanten, Rules, fan_shanten, get_rules
from ..notation import parse_hand, parse_tile
from ..shanten import hand_counts, unseen_counts
from ..tiles import tile_to_str
from .advice import advise, useful_tiles
from .waits import check_situation, shanten_by_form, system_name, wait_table

__all__ = ["report"]


def report(hand: object, system: object = "mcr", visible: object = None,
           **situation: Any) -> dict[str, Any]:
    """Shanten per winning form (``forms``), then for a 14-tile hand the discard advice, for a
    13-tile hand the wait table with each wait's score and, when the hand is not ready, the
    useful tiles with how many of each remain unseen (``useful``).

    MCR adds the fan-aware shanten (``fan_shanten``: :meth:`suanfan.mcr.FanShanten.to_dict`, the
    fewest exchanges to a ready hand whose win reaches the rules' minimum, with a witness) and,
    for a 14-tile hand, each option's ``fan_shanten`` (``None`` when out of reach); the options
    keep the plain order (``advise(..., minimum=8)`` ranks by it)."""
    h = parse_hand(hand)
    sysname = system_name(system)
    check_situation(sysname, situation)
    forms = shanten_by_form(h, system)
    fans = _fans(h, situation) if sysname == "mcr" else None
    if h.is_complete:
        out = advise(h, system, visible=visible, **situation).to_dict()
        out["forms"] = forms
        if fans is not None:
            out["fan_shanten"] = fans.to_dict()
            for o in out["options"]:
                o["fan_shanten"] = _option_fans(h, o["discard"], fans.minimum, situation)
        return out
    table = wait_table(h, system, visible=visible, **situation)
    out = table.to_dict()
    out["forms"] = forms
    if fans is not None:
        out["fan_shanten"] = fans.to_dict()
    if table.shanten > 0:
        counts, n_melds = hand_counts(h)
        _, kinds = useful_tiles(counts, n_melds, h.counts, sysname)
        unseen = unseen_counts(h, visible)
        out["useful"] = [{"tile": tile_to_str(k), "unseen": unseen[k]} for k in kinds]
    return out


def _fans(h: Hand, situation: dict[str, Any]) -> FanShanten:
    """The fan-aware shanten of ``h`` for the rules' minimum and winds of ``situation``."""
    rules = situation.get("rules", "mcr")
    r = rules if isinstance(rules, Rules) else get_rules(rules if isinstance(rules, str) else "mcr")
    return fan_shanten(h, r.min_fan, situation.get("seat_wind", "E"), situation.get("prevalent_wind", "E"), r)


def _option_fans(h: Hand, discard: str, minimum: int, situation: dict[str, Any]) -> int | None:
    """The fan-aware shanten after discarding ``discard`` (None: out of reach)."""
    rest = list(h.standing)
    rest.remove(parse_tile(discard))
    s = fan_shanten(Hand(h.melds, tuple(rest), None, h.flowers), minimum, situation.get("seat_wind", "E"),
                    situation.get("prevalent_wind", "E"), situation.get("rules", "mcr")).shanten
    return None if s == UNREACHABLE else s
