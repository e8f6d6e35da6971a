"""suanfan.game: the riichi table applies typed events and refuses those that do not fit, naming
why, leaving the table as it was; the records it builds are the ones the log readers give."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from suanfan.errors import MahjongError
from suanfan.game import (
    Deal,
    Discard,
    Draw,
    GameBuilder,
    GameError,
    Riichi,
    RiichiTable,
    StartGame,
    TableRules,
)
from suanfan.logs import tenhou

PAO = Path(__file__).resolve().parents[1] / "data" / "tenhou" / "logs" / "dnovikoff" / "pao.xml"
RULES = TableRules(0x89)  # a four-player east-south game with red fives


def _deal() -> Deal:
    # seat s is dealt copies s*13 .. s*13+12 (copy numbers, so no tile twice); dora 135
    hands = tuple(tuple(range(13 * s, 13 * s + 13)) for s in range(4))
    return Deal(0, 0, 0, 0, (25000,) * 4, hands, 135)


def test_events_are_frozen() -> None:
    with pytest.raises(FrozenInstanceError):
        Draw(0, 1).seat = 2  # type: ignore[misc]


def test_a_turn_is_applied() -> None:
    t = RiichiTable(RULES, _deal())
    assert t.to_act() == 0 and t.draws_left == 70
    t.apply(Draw(0, 100))
    assert len(t.hand(0)) == 14 and t.to_act() == 0
    t.apply(Discard(0, 100))
    assert t.seat(0).discards == [100] and t.to_act() == 1 and t.draws_left == 69


@pytest.mark.parametrize(("events", "message"), [
    ([Draw(0, 100), Draw(1, 101)], "draws before seat 0 has discarded"),
    ([Draw(0, 100), Discard(0, 100), Draw(2, 101)], "it is seat 1's turn"),
    ([Draw(0, 100), Discard(1, 13)], "discards"),
    ([Draw(0, 100), Discard(0, 120)], "does not hold tile 120"),
    ([Draw(0, 5)], "appears twice"),
    ([Draw(0, 136)], "not a tile"),
    ([Draw(0, 100), Discard(0, 100), Riichi(0, 2)], "accepted without its riichi discard"),
    ([Draw(0, 100), Riichi(0, 1), Draw(1, 101)], "declares riichi but does not discard"),
])
def test_an_event_that_does_not_fit_is_refused(events: list[Draw | Discard | Riichi],
                                               message: str) -> None:
    t = RiichiTable(RULES, _deal())
    for e in events[:-1]:
        t.apply(e)
    hands = [t.hand(s) for s in range(4)]
    with pytest.raises(GameError, match=message) as info:
        t.apply(events[-1])
    assert isinstance(info.value, MahjongError)
    assert [t.hand(s) for s in range(4)] == hands  # nothing of the refused event stays


def test_the_builder_names_the_place_of_a_fault() -> None:
    b = GameBuilder("x.log")
    b.apply(StartGame(RULES), 0, "GO")
    b.apply(_deal(), 1, "INIT", "line 1")
    b.apply(Draw(0, 100), 2, "T100", "line 2")
    with pytest.raises(MahjongError, match=r"x\.log: line 3: seat 1 draws"):
        b.apply(Draw(1, 101), 3, "U101", "line 3")


def test_the_builder_gives_the_readers_records() -> None:
    game = tenhou.read(PAO)
    b = GameBuilder(game.file)
    b.apply(StartGame(game.rules), 0, "GO")
    assert b.finish().rounds == ()
    assert sum(len(r.wins) for r in game.rounds) > 0
    assert all(r.error is None for r in game.rounds)
