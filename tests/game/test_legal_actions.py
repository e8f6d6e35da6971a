"""legal_actions on the riichi table: every action a real log records (draws, discards, calls,
kongs, Norths, riichi declarations, wins) is among the legal actions of its seat at that point,
on every riichi log of tests/data and ../shared/data/real (mjlog, tenhou.net/6, mjai)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from suanfan.errors import MahjongError
from suanfan.game import (
    Action,
    Call,
    Deal,
    DeclareWin,
    Discard,
    Draw,
    GameEvent,
    Riichi,
    RiichiTable,
    TableRules,
)
from suanfan.logs import mjai, tenhou, tenhou6

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou" / "logs"
REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "real"


def _action(event: GameEvent) -> Action | None:
    if isinstance(event, Draw):
        return Action("draw", event.seat)
    if isinstance(event, Discard):
        return Action("discard", event.seat, event.tile)
    if isinstance(event, Riichi):
        return Action("riichi", event.seat) if event.step == 1 else None
    if isinstance(event, DeclareWin):
        return Action("win", event.seat)
    if isinstance(event, Call):
        m = event.meld
        if m.kind in ("chi", "pon", "daiminkan"):
            assert m.called is not None
            return Action(m.kind, m.seat, m.called,
                          tuple(sorted(t for t in m.tiles if t != m.called)))
        if m.kind == "ankan":
            return Action("ankan", m.seat, min(m.tiles), tuple(sorted(m.tiles)))
        assert m.added is not None
        return Action(m.kind, m.seat, m.added)
    return None


def _logs() -> Iterator[Path]:
    yield from sorted(DATA.rglob("*.xml"))
    if REAL.exists():
        yield from sorted((REAL / "tenhou6").glob("*.json"))
        yield from sorted((REAL / "mjai").glob("*.jsonl"))


def test_every_logged_action_is_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: dict[str, int] = {}
    missing: list[tuple[str, Action, list[Action]]] = []
    apply = RiichiTable.apply
    current = [""]

    def checking(self: RiichiTable, event: GameEvent, index: int = 0, tag: str = "") -> None:
        a = _action(event)
        if a is not None:
            legal = self.legal_actions(a.seat)
            if a in legal:
                checked[a.kind] = checked.get(a.kind, 0) + 1
            else:
                missing.append((f"{current[0]} {index} {tag}", a, legal))
        apply(self, event, index, tag)

    play = RiichiTable.play

    def checking_play(self: RiichiTable, draw: bool, seat: int, tile: int, index: int = 0,
                      tag: str = "") -> None:
        # the readers' fast path for draws and discards (no event object), checked alike
        event: GameEvent = Draw(seat, tile) if draw else Discard(seat, tile)
        a = _action(event)
        assert a is not None
        if a in self.legal_actions(seat):
            checked[a.kind] = checked.get(a.kind, 0) + 1
        else:
            missing.append((f"{current[0]} {index} {tag}", a, self.legal_actions(seat)))
        play(self, draw, seat, tile, index, tag)

    monkeypatch.setattr(RiichiTable, "apply", checking)
    monkeypatch.setattr(RiichiTable, "play", checking_play)
    bad = 0
    for path in _logs():
        current[0] = path.name
        try:
            if path.suffix == ".xml":
                tenhou.read(path)
            elif path.suffix == ".json":
                tenhou6.read(path)
            else:
                mjai.read(path)
        except MahjongError:  # a bad log of the test data: its actions up to the fault count
            bad += 1
    assert not missing, missing[:5]
    assert bad <= 1  # the one bad log of the test data (its actions up to the fault count)
    assert checked.get("discard", 0) > 10_000 and checked.get("riichi", 0) > 100
    assert all(checked.get(k, 0) for k in ("chi", "pon", "ankan", "kakan", "win", "draw"))


def test_legal_actions_of_a_hand_made_round() -> None:
    # seat s is dealt copies s*13 .. s*13+12: seat 0 holds 1111m 2222m 3333m 4m
    rules = TableRules(0x89)
    hands = tuple(tuple(range(13 * s, 13 * s + 13)) for s in range(4))
    t = RiichiTable(rules, Deal(0, 0, 0, 0, (25000,) * 4, hands, 135))
    assert [t.legal_actions(s) for s in range(4)] == [[Action("draw", 0)], [], [], []]
    t.apply(Draw(0, 134))  # a red dragon
    legal = t.legal_actions(0)
    assert [a for a in legal if a.kind == "discard"] == \
        [Action("discard", 0, c) for c in (*range(13), 134)]
    assert [a for a in legal if a.kind == "ankan"] == \
        [Action("ankan", 0, 4 * k, tuple(range(4 * k, 4 * k + 4))) for k in range(3)]
    assert t.legal_actions(1) == []
    t.apply(Discard(0, 12))  # 4m: seat 1 (4m 4m 4m 5m...) may pon, kan or chi it
    legal = t.legal_actions(1)
    assert Action("draw", 1) in legal and Action("pass", 1) in legal
    assert Action("pon", 1, 12, (13, 14)) in legal and Action("daiminkan", 1, 12, (13, 14, 15)) in legal
    assert Action("chi", 1, 12, (16, 20)) in legal  # 4m 5m 6m with copies 16 and 20
    assert Action("chi", 1, 12, (4, 8)) not in legal  # 2m 3m: seat 1 holds none
    assert t.legal_actions(2) == [] and t.legal_actions(0) == []
