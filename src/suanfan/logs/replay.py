"""Replay a game: re-score every win with :func:`suanfan.riichi.score`, settle it seat by seat with
:func:`suanfan.riichi.settle` and compare with what the log recorded."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any, Final

from ..errors import MahjongError
from ..game.record import Record
from ..riichi import PRESETS, Result, Rules, get_rules, score, settle
from .formats import read
from .tenhou import Game, Recorded, TableRules, Win

__all__ = ["TENHOU_YAKU", "Replayed", "Scored", "replay", "table_rules"]

#: Tenhou's yaku ids (``<AGARI yaku= yakuman=>``) and suanfan's
TENHOU_YAKU: Final[dict[int, str]] = dict(enumerate((
    "menzen_tsumo", "riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "pinfu",
    "tanyao", "iipeikou", "seat_wind_e", "seat_wind_s", "seat_wind_w", "seat_wind_n",
    "round_wind_e", "round_wind_s", "round_wind_w", "round_wind_n", "haku", "hatsu", "chun",
    "double_riichi", "chiitoitsu", "chanta", "ittsu", "sanshoku", "sanshoku_doukou", "sankantsu",
    "toitoi", "sanankou", "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu",
    "chinitsu", "renhou", "tenhou", "chiihou", "daisangen", "suuankou", "suuankou_tanki",
    "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren", "junsei_chuuren", "kokushi", "kokushi_13",
    "daisuushii", "shousuushii", "suukantsu", "dora", "ura_dora", "aka_dora",
)))


#: the fields of a score a replay compares
_COMPARED: Final = frozenset({"han", "fu", "points", "yaku", "deltas"})


def table_rules(table: TableRules) -> Rules:
    """The ``tenhou`` preset with the table's rules: red fives, open tanyao, three players, and the
    special lobbies' kiriage (chip lobbies) and honba value. A three-player ron is paid a honba as
    the two payers of a tsumo pay it, two thirds of ``honba_points``: 200 (Tenhou's three-player
    logs), and 1000 in the 0x400 lobby, which pays 1500 a honba with four players (500 from each
    payer on tsumo; no three-player log of that lobby was found to confirm it)."""
    return PRESETS["tenhou"].replace(
        name="tenhou", red_fives=table.aka, open_tanyao=table.kuitan, sanma=table.sanma,
        kiriage=table.chips, honba_points=table.honba_points,
        sanma_ron_honba=table.honba_points // 3 * 2)


class Scored(Record):
    """A score, recorded or computed: ``han`` (13 a yakuman), ``fu`` (0 for a yakuman), ``points``
    (the hand's value without honba and sticks), ``limit``, ``yaku`` the ``(suanfan id, han)``
    pairs (nuki dora counted as dora, as Tenhou does; no zero-han lines), ``deltas`` every seat's
    score change; ``known`` the fields a log recorded (a computed score knows all)."""

    __slots__ = ("deltas", "fu", "han", "known", "limit", "points", "yaku")

    han: int
    fu: int
    points: int
    limit: str
    yaku: tuple[tuple[str, int], ...]
    deltas: tuple[int, ...]
    known: frozenset[str]

    def __init__(self, han: int, fu: int, points: int, limit: str,
                 yaku: tuple[tuple[str, int], ...], deltas: tuple[int, ...],
                 known: frozenset[str] = _COMPARED) -> None:
        self._set(han=han, fu=fu, points=points, limit=limit, yaku=yaku, deltas=deltas,
                  known=known)

    def to_dict(self) -> dict[str, Any]:
        """The known fields (``limit`` with ``points``)."""
        out: dict[str, Any] = {"han": self.han, "fu": self.fu, "points": self.points,
                               "limit": self.limit, "yaku": [[i, h] for i, h in self.yaku],
                               "deltas": list(self.deltas)}
        for name in _COMPARED - self.known:
            del out[name]
        if "points" not in self.known:
            del out["limit"]
        return out


def _yaku(pairs: list[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    merged: dict[str, int] = {}
    for name, han in pairs:
        if name == "nuki_dora":
            name = "dora"
        if han:
            merged[name] = merged.get(name, 0) + han
    return tuple(sorted(merged.items()))


def _recorded(rec: Recorded) -> Scored:
    pairs = [(TENHOU_YAKU.get(i, f"tenhou_{i}"), h) for i, h in rec.yaku]
    pairs += [(TENHOU_YAKU.get(i, f"tenhou_{i}"), 13) for i in rec.yakuman]
    known = rec.known & _COMPARED
    if rec.yakuman:
        known |= {"fu"}  # 0 for a yakuman either way
    elif not rec.fu:
        # no fu recorded: Tenhou writes at least 20 (30 to 60 on its yakuman), an mjlog converted
        # from a tenhou.net/6 log (no fu for a limit hand; suanfan.logs.tenhou_write) writes 0
        known -= {"fu"}
    return Scored(rec.han, 0 if rec.yakuman else rec.fu, rec.points, rec.limit, _yaku(pairs),
                  rec.deltas, known)


def _scored(res: Result, win: Win) -> Scored:
    deltas = settle(res, win.seat, win.from_seat, win.dealer, win.players, win.pao)
    limit = res.limit
    if "yakuman" in limit:
        limit = "yakuman"  # Tenhou writes one limit for every yakuman (the han say how many)
    return Scored(res.han, 0 if res.yakuman else res.fu, res.payment.value, limit,
                  _yaku([(y.id, y.han) for y in res.yaku]), deltas)


class Replayed(Record):
    """One win replayed: where (``file``, ``round`` label such as ``E1-0``, ``round_index``,
    ``winner``, ``from_seat`` (``None`` on tsumo)), ``hand`` in suanfan notation, what the log
    ``recorded`` and what suanfan ``scored`` (``None`` when scoring failed: ``error`` says why),
    ``differences`` (the fields of the score that differ, or "error" when scoring failed) and
    ``equal`` (the score is reproduced); ``conflicts`` where the log's events and its own record
    disagree, kept apart: they say the log is inconsistent, not that the score differs."""

    __slots__ = ("conflicts", "differences", "equal", "error", "file", "from_seat", "hand",
                 "recorded", "round", "round_index", "scored", "winner")

    file: str
    round: str
    round_index: int
    winner: int
    from_seat: int | None
    hand: str
    recorded: Scored
    scored: Scored | None
    error: str | None
    conflicts: tuple[str, ...]
    differences: tuple[str, ...]
    equal: bool

    def __init__(self, file: str, round: str, round_index: int, winner: int,
                 from_seat: int | None, hand: str, recorded: Scored, scored: Scored | None,
                 error: str | None, conflicts: tuple[str, ...]) -> None:
        diff: list[str] = []
        if scored is None:
            diff.append("error")
        else:
            diff += [f for f in ("han", "fu", "points", "yaku", "deltas")
                     if f in recorded.known and getattr(scored, f) != getattr(recorded, f)]
        self._set(file=file, round=round, round_index=round_index, winner=winner,
                  from_seat=from_seat, hand=hand, recorded=recorded, scored=scored, error=error,
                  conflicts=conflicts, differences=tuple(diff), equal=not diff)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "file": self.file, "round": self.round, "round_index": self.round_index,
            "winner": self.winner, "from": self.from_seat, "system": "riichi", "hand": self.hand,
            "recorded": self.recorded.to_dict(),
            "scored": None if self.scored is None else self.scored.to_dict(),
            "equal": self.equal, "differences": list(self.differences),
        }
        if self.error is not None:
            out["error"] = self.error
        if self.conflicts:
            out["conflicts"] = list(self.conflicts)
        return out


def replay_win(win: Win, rules: Rules, round_label: str) -> Replayed:
    """Score one win and compare it with the record."""
    scored: Scored | None = None
    error: str | None = None
    try:
        res = score(win.hand, rules=rules, **win.situation())
        scored = _scored(res, win)
    except MahjongError as exc:
        error = f"{type(exc).__name__}: {exc}"
    return Replayed(win.file, round_label, win.round_index, win.seat, win.from_seat, str(win.hand),
                    _recorded(win.recorded), scored, error, win.conflicts)


def replay(game: Game | str | os.PathLike[str],
           rules: str | Rules | None = None) -> Iterator[Replayed]:
    """Each win of ``game`` (a :class:`Game`, or the path of a log file, read with
    :func:`suanfan.logs.read`) re-scored and compared with the log: scored with the ``tenhou``
    preset fitted to the table (:func:`table_rules`) unless ``rules`` (a preset name or
    :class:`~suanfan.riichi.Rules`, used as given) says otherwise."""
    if not isinstance(game, Game):
        game = read(game)
    r = table_rules(game.rules) if rules is None else get_rules(rules)
    for rnd in game.rounds:
        for win in rnd.wins:
            yield replay_win(win, r, rnd.label)
