"""The situation of an MCR win: how it was won, the winds, the flowers, seed 003's flags.

:data:`FLAGS` defines each situation flag once, with its help text: the scorer's keyword
arguments, the command line's options and the web API's request fields are all made from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ..errors import InvalidArgument, describe

__all__ = ["FLAGS", "Flag", "Situation", "parse_wind"]

_WIND_NAMES: Final = {
    "e": 0, "east": 0, "1z": 0, "东": 0, "東": 0,
    "s": 1, "south": 1, "2z": 1, "南": 1,
    "w": 2, "west": 2, "3z": 2, "西": 2,
    "n": 3, "north": 3, "4z": 3, "北": 3,
}
WIND_LETTERS: Final = "ESWN"


def parse_wind(w: object, what: str = "wind") -> int:
    """0–3 for East, South, West, North; accepts "E", "east", "1z", "东", or 0–3."""
    if isinstance(w, str):
        if len(w) == 1:  # the common case, E S W N, without a dict lookup
            o = ord(w)
            if o == 69:  # E
                return 0
            if o == 83:  # S
                return 1
            if o == 87:  # W
                return 2
            if o == 78:  # N
                return 3
        r = _WIND_NAMES.get(w.strip().lower())
        if r is not None:
            return r
    elif isinstance(w, int) and not isinstance(w, bool) and 0 <= w <= 3:
        return w
    raise InvalidArgument(f"unknown {what} {describe(w)}: use E, S, W or N")


class Flag:
    """One situation flag of :func:`suanfan.mcr.score`: its keyword, its command-line option,
    its help text, and whether only seed 003's extended fans (``mcr-extended``) use it."""

    __slots__ = ("aliases", "extended", "help", "name", "option")

    def __init__(self, name: str, option: str, help: str, extended: bool = False,
                 aliases: tuple[str, ...] = ()) -> None:
        self.name: Final = name
        self.option: Final = option
        self.help: Final = help
        self.extended: Final = extended
        #: older spellings of the option, still read
        self.aliases: Final = aliases


#: every boolean situation flag, once (the winds and flowers are arguments of their own)
FLAGS: Final[tuple[Flag, ...]] = (
    Flag("self_drawn", "--self-drawn", "won by self-draw (自摸); otherwise on a discard"),
    Flag("last_tile_of_wall", "--last-tile-of-wall", "won on the last tile of the wall (妙手回春 / 海底捞月)",
         aliases=("--last-tile",)),
    Flag("kong", "--kong", "won on a kong: the replacement tile (杠上开花) or robbing a kong (抢杠和)"),
    Flag("last_of_kind", "--last-of-kind", "the winning tile is the last of its kind (和绝张)"),
    Flag("heavenly_hand", "--heavenly-hand", "天和: the dealer wins on the dealt tiles", True),
    Flag("earthly_hand", "--earthly-hand", "地和: a non-dealer wins on the first draw", True),
    Flag("human_hand", "--human-hand", "人和: won on a discard in the first go-round", True),
    Flag("heavenly_ready", "--heavenly-ready", "天听: declared ready on the dealt tiles", True),
    Flag("earthly_ready", "--earthly-ready", "地听: declared ready after the first draw", True),
    Flag("declared_ready", "--declared-ready", "报听: won after declaring ready", True),
    Flag("declared_ready_first_round", "--declared-ready-first-round",
         "双报听: won within a go-round of declaring ready", True),
)


@dataclass(frozen=True, slots=True)
class Situation:
    """A checked situation: the flags, the winds (0–3 for E S W N), the number of flowers, the
    extended flags set (their keywords) and the flower numbers when known."""

    self_drawn: bool = False
    last_tile_of_wall: bool = False
    kong: bool = False
    last_of_kind: bool = False
    seat_wind: int = 0
    prevalent_wind: int = 0
    flowers: int = 0
    #: seed 003's situation flags set (mcr-extended), and the flower numbers when known
    flags: tuple[str, ...] = ()
    flower_tiles: tuple[int, ...] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return (Situation, (self.self_drawn, self.last_tile_of_wall, self.kong, self.last_of_kind,
                            self.seat_wind, self.prevalent_wind, self.flowers, self.flags,
                            self.flower_tiles))

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "self_drawn": self.self_drawn, "last_tile_of_wall": self.last_tile_of_wall,
            "kong": self.kong, "last_of_kind": self.last_of_kind,
            "seat_wind": WIND_LETTERS[self.seat_wind],
            "prevalent_wind": WIND_LETTERS[self.prevalent_wind], "flowers": self.flowers,
        }
        if self.flags:
            d["flags"] = list(self.flags)
        if self.flower_tiles is not None:
            d["flower_tiles"] = list(self.flower_tiles)
        return d
