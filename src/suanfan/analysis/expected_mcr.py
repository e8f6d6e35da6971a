"""Expected values of MCR discards (docs/analysis-expected.md, "MCR"): the riichi search's model
with MCR's win values -- a complete hand wins only with the minimum (8 fans), a self-drawn win is
worth 3 x (8 + fans), no riichi is ever declared, a complete hand below the minimum discards back
to ready and plays on -- and, for each option, the chance of winning
with each fan combination under the policy that maximises the expected score."""

from __future__ import annotations

from ..mcr import win_values
from ..mcr.wins import WinValues
from ..shanten import SHANTEN_AT, mcr_shanten_counts, mcr_spare_keys, mcr_useful_keys
from ..tiles import NUM_KINDS
from .search import WinValue

__all__ = ["MCRWinValue"]


def _counts_of(k0: int, k1: int, k2: int, k3: int) -> list[int]:
    out = [0] * NUM_KINDS
    for g in range(4):
        key = k0 if g == 0 else (k1 if g == 1 else (k2 if g == 2 else k3))
        for r in range(9 if g < 3 else 7):
            out[9 * g + r] = (key >> (4 * r)) & 15
    return out


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
        packed = mcr_spare_keys(k0, k1, k2, k3)
        if packed >> SHANTEN_AT == 0:
            # complete (no spare kinds by the tables): a player plays on from a hand that does
            # not win on some tile it holds (below the minimum): its spare kinds are those whose
            # discard leaves it ready
            return self._play_on(_counts_of(k0, k1, k2, k3)) | packed
        return packed

    def _play_on(self, c: list[int]) -> int:
        """The kinds a complete hand (34 counts) discards to play on: none when a win on each
        kind it holds reaches the minimum, else those whose discard leaves a ready hand."""
        short = False
        for k in range(NUM_KINDS):
            if c[k] and not self.values.of(c, k).is_win:
                short = True
                break
        if not short:
            return 0
        mask = 0
        for k in range(NUM_KINDS):
            if c[k] == 0:
                continue
            c[k] -= 1
            if mcr_shanten_counts(c) == 0:
                mask |= 1 << k
            c[k] += 1
        return mask

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

