"""Per-seat statistics over Botzone MCR logs (``suanfan stats`` on a Botzone file; docs/stats.md).

A Botzone log names no player: its lines say ``Player 0`` … ``Player 3``, the seat (and seat
wind, 0-3 = E S W N) of each match, and a match is one hand. So the statistics are kept per seat,
labelled ``seat 0`` … ``seat 3`` (:func:`seat_label`): the same label in two matches is the same
seat, not necessarily the same player. :func:`match_counts` counts one
:class:`~suanfan.logs.botzone.Match`; :class:`MCRCounts` add up (``+``), so files are counted
apart and merged in order; :func:`mcr_stats` merges them per label.

Each win is re-scored by suanfan's MCR engine (:func:`suanfan.logs.botzone_replay.replay_win`,
the ``mcr-botzone`` preset): the average fans and the fan frequencies are our engine's; the
recorded ``Fan`` total is kept beside it (``average_recorded_fans``) with the number of wins
whose totals differ (``fan_differences``). A win our engine refuses is counted with the
recorded total and fans."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from ..logs.botzone import Match
from ..logs.botzone_replay import DEFAULT_RULES, replay_win
from ..mcr import FAN_BY_ID, Rules, get_rules

__all__ = ["SEATS", "MCRCounts", "fan_names", "match_counts", "mcr_stats", "seat_label"]

#: the seats of a Botzone match
SEATS: Final = 4


def seat_label(seat: int) -> str:
    """The name a Botzone seat is given in the statistics (the logs name no player)."""
    return f"seat {seat}"


def fan_names(fid: str) -> tuple[str, str]:
    """The Chinese and English names of an MCR fan id (an unknown recorded name, ``"?name"``,
    is its own name in both)."""
    fan = FAN_BY_ID.get(fid)
    if fan is None:
        name = fid.removeprefix("?")
        return name, name
    return fan.name("zh"), fan.name("en")


@dataclass(frozen=True, slots=True)
class MCRCounts:
    """The counters of one Botzone seat: counts and sums only, so two ``MCRCounts`` of the same
    seat add up. ``fans`` holds ``(fan id, wins with it, times counted)`` sorted by fan id."""

    name: str
    games: int = 0
    rounds: int = 0
    wins: int = 0
    self_drawn_wins: int = 0
    deal_ins: int = 0
    draws: int = 0
    fan_points: int = 0
    recorded_points: int = 0
    fan_differences: int = 0
    refused: int = 0
    fans: tuple[tuple[str, int, int], ...] = field(default=())

    def __add__(self, other: MCRCounts) -> MCRCounts:
        if self.name != other.name:
            raise ValueError("counts of different seats do not add up")
        merged: dict[str, tuple[int, int]] = {f: (w, c) for f, w, c in self.fans}
        for f, w, c in other.fans:
            w0, c0 = merged.get(f, (0, 0))
            merged[f] = (w0 + w, c0 + c)
        return MCRCounts(
            self.name, self.games + other.games, self.rounds + other.rounds,
            self.wins + other.wins, self.self_drawn_wins + other.self_drawn_wins,
            self.deal_ins + other.deal_ins, self.draws + other.draws,
            self.fan_points + other.fan_points, self.recorded_points + other.recorded_points,
            self.fan_differences + other.fan_differences, self.refused + other.refused,
            tuple((f, w, c) for f, (w, c) in sorted(merged.items())))

    def to_dict(self) -> dict[str, object]:
        """The figures of docs/stats.md (an entry of ``suanfan stats --json``, ``"system":
        "mcr"``); ``fans`` most frequent first (then by fan id)."""
        fans = sorted(self.fans, key=lambda x: (-x[1], -x[2], x[0]))
        return {
            "name": self.name, "system": "mcr", "seats": SEATS, "games": self.games,
            "rounds": self.rounds, "wins": self.wins, "self_drawn_wins": self.self_drawn_wins,
            "deal_ins": self.deal_ins, "draws": self.draws,
            "win_rate": _rate(self.wins, self.rounds),
            "self_drawn_rate": _rate(self.self_drawn_wins, self.wins),
            "deal_in_rate": _rate(self.deal_ins, self.rounds),
            "average_fans": _rate(self.fan_points, self.wins),
            "average_recorded_fans": _rate(self.recorded_points, self.wins),
            "fan_differences": self.fan_differences, "refused": self.refused,
            "fans": [{"id": f, "zh": fan_names(f)[0], "en": fan_names(f)[1], "wins": w,
                      "count": c, "rate": _rate(w, self.wins)} for f, w, c in fans],
        }


def _rate(a: int, b: int) -> float:
    return a / b if b else 0.0


def match_counts(match: Match, rules: str | Rules | None = None) -> list[MCRCounts]:
    """The counts of each seat of one match, in seat order (a bad match counts for nobody:
    an empty list). The win is scored with ``rules`` (default ``mcr-botzone``)."""
    if match.error is not None:
        return []
    r = get_rules(DEFAULT_RULES if rules is None else rules)
    c = [dict(games=1, rounds=1, wins=0, self_drawn_wins=0, deal_ins=0, draws=0, fan_points=0,
              recorded_points=0, fan_differences=0, refused=0) for _ in range(SEATS)]
    fans: list[tuple[tuple[str, int, int], ...]] = [()] * SEATS
    w = match.win
    if w is not None and w.recorded is not None:
        done = replay_win(w, r)
        s = w.seat
        c[s]["wins"] = 1
        c[s]["self_drawn_wins"] = int(w.self_drawn)
        if w.from_seat is not None and w.from_seat != s:
            c[w.from_seat]["deal_ins"] = 1
        c[s]["recorded_points"] = done.recorded.total
        used = done.scored if done.scored is not None else done.recorded
        c[s]["fan_points"] = used.total
        c[s]["refused"] = int(done.scored is None)
        c[s]["fan_differences"] = int(done.scored is not None
                                      and done.scored.total != done.recorded.total)
        fans[s] = tuple((f, 1, n) for f, n in used.fans)
    elif match.huang:
        for s in range(SEATS):
            c[s]["draws"] = 1
    return [MCRCounts(seat_label(s), fans=fans[s], **c[s]) for s in range(SEATS)]


def mcr_stats(matches: Iterable[Match] | Iterable[MCRCounts],
              rules: str | Rules | None = None) -> list[MCRCounts]:
    """Every seat's counts over ``matches`` (or over per-seat :class:`MCRCounts`), one entry a
    label, in the order first seen."""
    r = get_rules(DEFAULT_RULES if rules is None else rules)
    total: dict[str, MCRCounts] = {}
    for m in matches:
        for one in (match_counts(m, r) if isinstance(m, Match) else [m]):
            total[one.name] = total[one.name] + one if one.name in total else one
    return list(total.values())
