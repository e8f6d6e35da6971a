"""The whole analysis of a hand as one JSON-ready dict: what ``suanfan analyze --json`` prints and
what ``POST /api/analyze`` answers (both faces call :func:`report`)."""

from __future__ import annotations

from typing import Any

from ..notation import parse_hand
from ..shanten import hand_counts, unseen_counts
from ..tiles import tile_to_str
from .advice import advise, useful_tiles
from .waits import check_situation, shanten_by_form, system_name, wait_table

__all__ = ["report"]


def report(hand: object, system: object = "mcr", visible: object = None,
           **situation: Any) -> dict[str, Any]:
    """Shanten per winning form (``forms``), then for a 14-tile hand the discard advice, for a
    13-tile hand the wait table with each wait's score and, when the hand is not ready, the
    useful tiles with how many of each remain unseen (``useful``)."""
    h = parse_hand(hand)
    sysname = system_name(system)
    check_situation(sysname, situation)
    forms = shanten_by_form(h, system)
    if h.is_complete:
        out = advise(h, system, visible=visible, **situation).to_dict()
        out["forms"] = forms
        return out
    table = wait_table(h, system, visible=visible, **situation)
    out = table.to_dict()
    out["forms"] = forms
    if table.shanten > 0:
        counts, n_melds = hand_counts(h)
        _, kinds = useful_tiles(counts, n_melds, h.counts, sysname)
        unseen = unseen_counts(h, visible)
        out["useful"] = [{"tile": tile_to_str(k), "unseen": unseen[k]} for k in kinds]
    return out
