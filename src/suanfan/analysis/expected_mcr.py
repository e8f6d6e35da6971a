"""Expected values of MCR discards (docs/analysis-expected.md, "MCR"): the riichi search's model
with MCR's win values -- a complete hand wins only with the minimum (8 fans), a self-drawn win is
worth 3 x (8 + fans), no riichi is ever declared -- and, for each option, the chance of winning
with each fan combination under the policy that maximises the expected score."""

from __future__ import annotations

from ..mcr import win_values
from ..mcr.wins import WinValues
from ..shanten import mcr_spare_keys, mcr_useful_keys
from .search import WinValue

__all__ = ["MCRWinValue"]


class MCRWinValue(WinValue):
    """MCR's side of the search: shanten over the five forms, useful kinds (a draw lowers the
    shanten), spare kinds (a discard keeps it; none from a complete hand), both from the shanten
    tables (:func:`suanfan.shanten.mcr_useful_keys`), and the self-drawn settlement."""

    def __init__(self, values: WinValues) -> None:
        self.values = values
        self.tags: dict[tuple[str, ...], int] = {}
        self.names: list[tuple[str, ...]] = []

    def declares_riichi(self) -> bool:
        return False

    def useful(self, k0: int, k1: int, k2: int, k3: int) -> int:
        return mcr_useful_keys(k0, k1, k2, k3)

    def spare(self, k0: int, k1: int, k2: int, k3: int) -> int:
        # a complete hand has no spare kinds: no discard explored (a win below the minimum ends
        # at 0; see docs)
        return mcr_spare_keys(k0, k1, k2, k3)

    def value(self, counts: list[int], win: int, riichi: bool) -> float:
        return float(self.values.of_tiles(counts, win).value)

    def combination(self, counts: list[int], win: int) -> int:
        combo = self.values.of_tiles(counts, win).combination
        n = self.tags.get(combo, -1)
        if n < 0:
            n = len(self.names)
            self.tags[combo] = n
            self.names.append(combo)
        return n


def mcr_values(seat_wind: object, prevalent_wind: object, minimum: object, rules: object) -> MCRWinValue:
    return MCRWinValue(win_values((), seat_wind, prevalent_wind, minimum, rules))

