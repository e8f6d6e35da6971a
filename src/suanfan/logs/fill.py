"""Fill in the score of wins a log does not record: ``suanfan convert`` to a format that needs
the yaku (tenhou.net/6, mjlog XML) from one that records none (the mjai protocol).

:func:`fill` scores each such win with :func:`suanfan.riichi.score` by the table's rules
(:func:`~suanfan.logs.table_rules`: Tenhou's, with the table's red fives, open tanyao and table
size) and the situation the log gives (riichi, double riichi, ippatsu, dora and ura indicators,
red fives, haitei, houtei, rinshan, chankan, tenhou, chiihou, nuki, honba, sticks), and records
the yaku (Tenhou's ids), han, fu, points and limit as Tenhou would. Where the log records a fact
of the score (the score changes, an mjai log's ``fan`` ``fu`` ``hora_points``), the score found
must agree with it, or :class:`FillError` names the win.
"""

from __future__ import annotations

from typing import Final

from ..errors import MahjongError
from ..game import Game, Recorded, Round, Win
from ..riichi import Result, Rules, score, settle
from .replay import TENHOU_YAKU, table_rules

__all__ = ["FillError", "fill", "needs_fill"]

#: Tenhou's yaku ids by suanfan's (nuki dora is counted as dora, as Tenhou counts it)
_TENHOU_ID: Final = {name: i for i, name in TENHOU_YAKU.items()} | {"nuki_dora": 52}
#: the order Tenhou lists the yaku of a win in (Tenhou ids): riichi and the situation yaku, menzen
#: tsumo, then the hand's yaku, the dora last, red fives before ura. Found on the 18,152 wins
#: of the real mjlogs of ../shared/data: it gives Tenhou's own order on 17,383; the others list
#: their value honours (ids 10-20) in another order, or are five odd wins
_ORDER: Final = (1, 21, 2, 3, 4, 5, 6, 0, 7, 9, 22, 24, 25, 30, 29, 28, 10, 11, 12, 13, 14, 15,
                 16, 17, 18, 19, 20, 23, 26, 27, 31, 32, 8, 33, 34, 35, 52, 54, 53)
#: the facts of a score :func:`fill` finds
_SCORE_FACTS: Final = frozenset({"han", "fu", "points", "yaku"})


class FillError(MahjongError):
    """A win whose score cannot be filled in: the engine finds no yaku in it, or the score found
    disagrees with what the log records (``detail`` says which)."""


def _order(i: int) -> tuple[int, int]:
    return (_ORDER.index(i), i) if i in _ORDER else (len(_ORDER), i)


def needs_fill(win: Win) -> bool:
    """Whether the log records less of ``win``'s score than a Tenhou log holds (its yaku, han,
    points, and the fu of a hand below the limits)."""
    rec = win.recorded
    need = {"han", "points", "yaku"} | (set() if rec.limit else {"fu"})
    return not need <= rec.known


def _where(win: Win, label: str) -> str:
    return f"{win.file}: round {label}: the win of seat {win.seat} ({win.hand})"


def _recorded(win: Win, res: Result, label: str) -> Recorded:
    """The record of ``win`` scored as ``res``, checked against what the log records."""
    rec = win.recorded
    yaku: dict[int, int] = {}
    yakuman: list[int] = []
    for y in res.yaku:
        if y.id not in _TENHOU_ID:
            raise FillError(f"{_where(win, label)}: yaku {y.id} has no Tenhou id")
        i = _TENHOU_ID[y.id]
        if y.yakuman:
            yakuman.extend([i] * y.yakuman)
        elif y.han:
            yaku[i] = yaku.get(i, 0) + y.han
    if (win.riichi or win.double_riichi) and not yakuman:
        yaku.setdefault(53, 0)  # Tenhou lists the ura dora of a riichi, 0 han when none
    limit = "yakuman" if "yakuman" in res.limit else res.limit
    fu = 0 if yakuman else res.fu
    deltas = settle(res, win.seat, win.from_seat, win.dealer, win.players, win.pao)
    found = {"deltas": tuple(deltas), "points": res.payment.value, "fu": fu,
             "han": 13 * len(yakuman) if yakuman else res.han}
    for fact, value in found.items():
        if fact == "fu" and (yakuman or limit):
            continue  # a limit hand's fu is not a fact of its value
        if fact in rec.known and getattr(rec, fact) != value:
            raise FillError(f"{_where(win, label)}: scored {res.han} han {res.fu} fu, "
                            f"{fact} {value}, but the log records {getattr(rec, fact)}")
    pairs = tuple(sorted(yaku.items(), key=lambda p: _order(p[0])))
    return Recorded(fu, res.payment.value, limit, pairs, tuple(sorted(yakuman)),
                    rec.deltas if "deltas" in rec.known else tuple(deltas), rec.scores,
                    rec.pao if "pao" in rec.known else win.pao, rec.honba, rec.sticks, rec.chips,
                    known=rec.known | _SCORE_FACTS | {"deltas"})


def _filled_win(win: Win, rules: Rules, label: str) -> Win:
    try:
        res = score(win.hand, rules=rules, **win.situation())
    except MahjongError as exc:
        raise FillError(f"{_where(win, label)}: cannot be scored: {exc}") from None
    values = {name: getattr(win, name) for name in Win.__slots__
              if name not in ("tsumo", "recorded")}
    return Win(**values, recorded=_recorded(win, res, label))


def fill(game: Game, rules: Rules | None = None) -> tuple[Game, int]:
    """``game`` with the score of every win that records less than a Tenhou log holds
    (:func:`needs_fill`) filled in, and how many wins were filled. Scored by ``rules`` (by
    default the preset fitted to the table, :func:`~suanfan.logs.table_rules`); a win that
    cannot be scored, or whose score disagrees with the log's record: :class:`FillError`
    naming the file, the round and the winner."""
    if rules is None:
        rules = table_rules(game.rules)
    filled = 0
    rounds: list[Round] = []
    for r in game.rounds:
        if not any(needs_fill(w) for w in r.wins):
            rounds.append(r)
            continue
        wins = []
        for w in r.wins:
            if needs_fill(w):
                wins.append(_filled_win(w, rules, r.label))
                filled += 1
            else:
                wins.append(w)
        rounds.append(Round(r.index, r.seed, r.round_wind, r.kyoku, r.honba, r.sticks, r.dealer,
                            r.scores, r.events, tuple(wins), r.draw_game, r.complete, r.deltas,
                            r.dealt, error=r.error))
    if not filled:
        return game, 0
    return Game(game.file, game.players, game.rules, game.names, tuple(rounds)), filled
