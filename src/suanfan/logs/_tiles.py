"""Tile numbers for the readers of formats that name tiles by kind (tenhou.net/6 JSON, mjai).

Those formats say "a red 5p" or "a 3m", not which of the four copies: :class:`Copies` hands out
Tenhou tile numbers (0-135, the records' own) as the tiles appear, the red five being copy 0 of
its kind when the table has red fives, and keeps each seat's standing tiles so that a discard or
a call takes a tile the seat holds. The readers then feed the mjlog reader's table
(:class:`suanfan.game.GameBuilder`), which checks every event as it does for an mjlog.
"""

from __future__ import annotations

from typing import Final

__all__ = ["RED_COPIES", "Copies", "TileFault"]

#: the tile numbers of the red fives (5m, 5p, 5s)
RED_COPIES: Final = frozenset({16, 52, 88})
#: the first kind of each suit a three-player set leaves out (2m-8m)
_SANMA_GAP: Final = range(1, 8)


class TileFault(Exception):
    """A tile that cannot be where the log puts it (turned into a LogError by the reader)."""


class Copies:
    """The copies of each kind still unseen, and the tiles each seat holds."""

    __slots__ = ("aka", "free", "hands", "players")

    def __init__(self, players: int, aka: bool) -> None:
        self.aka = aka
        self.players = players
        self.free: list[list[int]] = []
        for k in range(34):
            if players == 3 and k in _SANMA_GAP:
                self.free.append([])
            else:
                self.free.append([4 * k + c for c in range(4)])
        self.hands: list[list[int]] = [[] for _ in range(players)]

    @staticmethod
    def red(t: int) -> bool:
        return t in RED_COPIES

    def _check(self, kind: int, red: bool, what: str) -> None:
        if not 0 <= kind < 34:
            raise TileFault(f"{what}: no such tile")
        if red and not self.aka:
            raise TileFault(f"{what}: a red five at a table without red fives")
        if self.players == 3 and kind in _SANMA_GAP:
            raise TileFault(f"{what}: not in a three-player set")

    def new(self, kind: int, red: bool, what: str) -> int:
        """A copy not seen yet (drawn, dealt, an indicator turned)."""
        self._check(kind, red, what)
        free = self.free[kind]
        for t in free:
            if (t in RED_COPIES and self.aka) == red:
                free.remove(t)
                return t
        raise TileFault(f"{what}: a fifth copy (all four are already in play)"
                        if not red else f"{what}: a second red five of its suit")

    def deal(self, seat: int, kind: int, red: bool, what: str) -> int:
        t = self.new(kind, red, what)
        self.hands[seat].append(t)
        return t

    def take(self, seat: int, kind: int, red: bool, what: str, avoid: int = -1) -> int:
        """A tile of that kind (red or not) out of the seat's hand, another than ``avoid`` when it
        holds several."""
        self._check(kind, red, what)
        hand = self.hands[seat]
        found = [t for t in hand if t // 4 == kind and (t in RED_COPIES and self.aka) == red]
        if not found:
            raise TileFault(f"{what}: seat {seat} holds no such tile")
        pick = next((t for t in found if t != avoid), found[0])
        hand.remove(pick)
        return pick
