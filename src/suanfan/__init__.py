"""suanfan 算番 — score mahjong hands exactly by the rules.

Chinese Official (MCR, 国标麻将) and Japanese riichi scoring, hand analysis, a command line, an
HTTP API and a web calculator. See the README for a tour.
"""

from __future__ import annotations

from ._build import BUILD
from .errors import InvalidArgument, InvalidHand, LimitExceeded, MahjongError, NotWinning, NoYaku, TileMissing
from .hand import Hand, Meld, MeldKind
from .notation import format_hand, format_tiles, parse_hand, parse_tile, parse_tiles

__version__ = "0.1.0"

__all__ = [
    "BUILD",
    "Hand",
    "InvalidArgument",
    "InvalidHand",
    "LimitExceeded",
    "MahjongError",
    "Meld",
    "MeldKind",
    "NoYaku",
    "NotWinning",
    "TileMissing",
    "__version__",
    "format_hand",
    "format_tiles",
    "mcr",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
    "riichi",
]


def __getattr__(name: str) -> object:
    # The rule systems are imported on first use so that `import suanfan` stays light.
    if name in ("mcr", "riichi", "analysis"):
        import importlib

        module = importlib.import_module(f".{name}", __name__)
        globals()[name] = module
        return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
