"""Check a written log against the game it was written from: read it back and replay it.

:func:`round_trip` is what ``suanfan convert`` runs on every log it writes: the text is read back
with the target format's own reader, and the two games must agree round by round (the rounds the
target holds: every round in an mjlog, the finished ones in tenhou.net/6 and mjai) in the round's
label, how it ended, and each win's winner, discarder, hand, recorded score changes and the
score suanfan gives it (han, fu, points, limit, score changes) — what replay compares.
"""

from __future__ import annotations

from ..errors import MahjongError
from ..game import Game, Round
from ..riichi import Rules
from .formats import parse
from .replay import replay_win, table_rules

__all__ = ["round_trip", "summary"]


def _kept(game: Game, to: str) -> list[Round]:
    """The rounds of ``game`` that a log in ``to`` holds."""
    if to == "tenhou-xml":
        return [r for r in game.rounds if r.error is None]
    return [r for r in game.rounds if r.complete and r.error is None]


#: a win as replay sees it: winner, discarder, hand, recorded score changes, the score suanfan
#: gives (han, fu, points, limit, score changes; ``None`` when scoring failed) and the error
WinSummary = tuple[int, int | None, str, tuple[int, ...],
                   tuple[int, int, int, str, tuple[int, ...]] | None, str | None]
#: a round: its label, how it ended (``None`` when won) and its wins
RoundSummary = tuple[str, str | None, tuple[WinSummary, ...]]


def summary(game: Game, rounds: list[Round], rules: Rules | None = None) -> list[RoundSummary]:
    """What a round trip must keep of each round: its label, how it ended, and each win as
    replay sees it (scored with ``rules``, by default the preset fitted to the game's table)."""
    if rules is None:
        rules = table_rules(game.rules)
    out: list[RoundSummary] = []
    for r in rounds:
        wins: list[WinSummary] = []
        for w in r.wins:
            rep = replay_win(w, rules, r.label)
            scored = None if rep.scored is None else (rep.scored.han, rep.scored.fu,
                                                       rep.scored.points, rep.scored.limit,
                                                       rep.scored.deltas)
            wins.append((w.seat, w.from_seat, str(w.hand), w.recorded.deltas, scored, rep.error))
        out.append((r.label, r.draw_game if not r.wins else None, tuple(wins)))
    return out


def round_trip(game: Game, text: str, to: str, name: str) -> list[str]:
    """The differences between ``game`` and the log ``text`` written from it in ``to`` (read
    back as ``name``): empty when the written log reads back to the same rounds, wins and
    scores. The special lobbies' rules, which only an mjlog holds, are not compared:
both games are scored by the rules of the one written.
"""
    try:
        back = parse(text, name, to, strict=True)
    except MahjongError as exc:
        return [f"the written {to} log does not read back: {exc}"]
    # both scored by the rules of the game written (a special lobby's, which only an mjlog
    # holds, are left out of the others: the hands and the situations must still be the same)
    rules = table_rules(game.rules)
    before = summary(game, _kept(game, to), rules)
    after = summary(back, list(back.rounds), rules)
    if len(before) != len(after):
        return [f"{len(before)} rounds written, {len(after)} read back"]
    problems = []
    for (label, end, wins), (label2, end2, wins2) in zip(before, after, strict=True):
        if label != label2:
            problems.append(f"round {label} reads back as {label2}")
        elif end != end2:
            problems.append(f"round {label}: ended {end!r}, reads back {end2!r}")
        elif len(wins) != len(wins2):
            problems.append(f"round {label}: {len(wins)} wins written, {len(wins2)} read back")
        else:
            for w, w2 in zip(wins, wins2, strict=True):
                if w != w2:
                    problems.append(f"round {label}: the win of seat {w[0]} reads back "
                                    f"differently ({_diff(w, w2)})")
    return problems


_FIELDS = ("winner", "discarder", "hand", "recorded score changes", "score", "error")


def _diff(a: WinSummary, b: WinSummary) -> str:
    return "; ".join(f"{name} {x!r} -> {y!r}" for name, x, y in zip(_FIELDS, a, b, strict=True)
                     if x != y)
