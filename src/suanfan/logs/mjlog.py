"""The codes of Tenhou's mjlog XML that its reader (:mod:`suanfan.logs.tenhou`), its writer
(:mod:`suanfan.logs.tenhou_write`) and the readers that build calls by them share: the tags of
the draws and discards, and the ``<N m=...>`` bit field of a meld."""

from __future__ import annotations

from typing import Final

from ..game import Call, CallMeld, GameBuilder, GameEvent, LogError
from ..tiles import NORTH

__all__ = ["DISCARD_TAGS", "DRAW_TAGS", "EventFeeder", "decode_meld", "encode_meld"]

#: the tags of the draws and of the discards of seats 0-3 (``<T12/>``: seat 0 draws tile 12)
DRAW_TAGS: Final = "TUVW"
DISCARD_TAGS: Final = "DEFG"


def decode_meld(m: int, who: int, n: int) -> CallMeld:
    """The meld of an ``<N m=...>`` bit field (``who`` the caller, ``n`` the players; ValueError
    when it is no meld): bits 0-1 the discarder relative to the caller
    (1 the next seat, 2 the one after, 3 the previous, on a four-seat table), then chi (bit 2),
    pon (bit 3), kakan (bit 4), nuki (bit 5), else a kong (ankan when the discarder is 0)."""
    if not 0 <= m < 1 << 16:
        raise ValueError(f"meld code {m} is not a 16-bit number")
    rel = m & 3
    # the discarder counted round a four-seat table, also with three players (whose seat 3 is
    # empty: a sanma pon by seat 2 of seat 0's discard has 2 here)
    frm = (who + rel) % 4
    if frm >= n:
        raise ValueError(f"meld code {m}: seat {who} claims from seat {frm} in a {n}-player game")
    if m & 0x4:  # chi: (base*3 + called) << 10, the copies of the three tiles at bits 3-8
        if n == 3:
            raise ValueError(f"meld code {m} is a chi, which a three-player game does not have")
        t = m >> 10
        called = t % 3
        t //= 3
        if t >= 21:
            raise ValueError(f"meld code {m}: no chi starts at sequence {t}")
        base = t // 7 * 9 + t % 7
        tiles = tuple((base + i) * 4 + (m >> (3 + 2 * i) & 3) for i in range(3))
        if rel != 3:
            raise ValueError(f"meld code {m}: a chi claims the previous seat's discard, not "
                         f"seat {frm}'s")
        return CallMeld("chi", m, who, frm, tiles, tiles[called], None)
    if m & 0x18:  # pon or kakan: (kind*3 + called) << 9, the fourth copy at bits 5-6
        if m & 0x8 and m & 0x10:
            raise ValueError(f"meld code {m} is both a pon and a kakan")
        t = m >> 9
        called = t % 3
        kind = t // 3
        if kind >= 34:
            raise ValueError(f"meld code {m}: tile kind {kind} is not a tile")
        unused = m >> 5 & 3
        three = tuple(kind * 4 + i for i in range(4) if i != unused)
        if rel == 0:
            raise ValueError(f"meld code {m}: a pon or kakan with no discarder")
        if m & 0x8:
            return CallMeld("pon", m, who, frm, three, three[called], None)
        return CallMeld("kakan", m, who, frm, tuple(kind * 4 + i for i in range(4)),
                        three[called], kind * 4 + unused)
    if m & 0x20:  # nuki: the tile << 8
        tile = m >> 8
        if tile // 4 != NORTH:
            raise ValueError(f"meld code {m}: a nuki sets aside a North, not tile {tile}")
        return CallMeld("nuki", m, who, None, (tile,), None, tile)
    tile = m >> 8  # a kong: the tile << 8
    if tile >= 136:
        raise ValueError(f"meld code {m}: tile number {tile} is not a tile")
    kind = tile // 4
    tiles = tuple(kind * 4 + i for i in range(4))
    if rel == 0:
        return CallMeld("ankan", m, who, None, tiles, None, None)
    return CallMeld("daiminkan", m, who, frm, tiles, tile, None)


def encode_meld(kind: str, seat: int, from_seat: int | None, tiles: tuple[int, ...],
                called: int | None = None, added: int | None = None) -> int:
    """The ``<N m=...>`` bit field of a meld (the inverse of the decoding the reader does):
    ``kind`` one of ``chi pon daiminkan kakan ankan nuki``, ``tiles`` its Tenhou tile numbers
    (a kakan's four, the pon's three and the ``added`` one), ``called`` the claimed tile."""
    rel = 0 if from_seat is None else (from_seat - seat) % 4
    if kind == "nuki":
        return tiles[0] << 8 | 0x20
    if kind in ("ankan", "daiminkan"):
        tile = tiles[0] if called is None else called
        return tile << 8 | (rel if kind == "daiminkan" else 0)
    order = sorted(t for t in tiles if t != added)
    if called is None or called not in order:
        raise ValueError(f"a {kind} needs the called tile among its tiles")
    idx = order.index(called)
    if kind == "chi":
        base = order[0] // 4
        seq = base // 9 * 7 + base % 9
        m = (seq * 3 + idx) << 10 | 0x4 | rel
        for i, t in enumerate(order):
            m |= (t & 3) << (3 + 2 * i)
        return m
    k = order[0] // 4
    unused = next(c for c in range(4) if k * 4 + c not in order)
    return (k * 3 + idx) << 9 | unused << 5 | (0x8 if kind == "pon" else 0x10) | rel


class EventFeeder:
    """What the readers of other formats (mjai, tenhou.net/6) share: each event of the log fed
    to the game's builder, named by its mjlog tag in the round's events, and a call read from its
    mjlog meld code. ``where`` names the place being read (for the builder's errors); ``n`` the
    number of players."""

    def __init__(self, name: str, reader: GameBuilder, players: int = 0) -> None:
        self.name = name
        self.reader = reader
        self.n = players
        self.index = 0
        self.where = ""

    def feed(self, tag: str, event: GameEvent) -> None:
        """The game applies an event of the place being read (``tag`` names it in the round's
        events, as in an mjlog)."""
        self.index += 1
        self.reader.apply(event, self.index, tag, self.where)

    def meld(self, s: int, m: int) -> None:
        """A call of seat ``s`` by its mjlog meld code."""
        try:
            meld = decode_meld(m, s, self.n)
        except ValueError as exc:
            raise LogError(self.name, str(exc), self.index + 1, "N", self.where) from None
        self.feed("N", Call(meld))
