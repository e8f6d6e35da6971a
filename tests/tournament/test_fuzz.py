"""Every public function and method of :mod:`suanfan.tournament` given wrongly typed and absurd
arguments returns or raises a MahjongError (TournamentError), never a TypeError, AttributeError,
OverflowError … (issue 31, item 8), as the scorers are checked in tests/reliability/test_fuzz.py.
Each argument is a good value or, by hypothesis's choice, an absurd one."""

from __future__ import annotations

import contextlib
import inspect
import os
import tempfile
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import suanfan.tournament as tournament
from suanfan import MahjongError
from suanfan.tournament import MCRSheet, RiichiSheet, Tournament

ABSURD = st.one_of(
    st.none(), st.booleans(), st.integers(), st.just(10**30), st.just(-(10**30)), st.just(2**63),
    st.floats(allow_nan=True), st.text(max_size=20), st.binary(max_size=8),
    st.lists(st.integers(), max_size=5), st.lists(st.text(max_size=3), max_size=5),
    st.tuples(st.integers(), st.text(max_size=3)), st.just([[1, 2, 3, 4]]), st.just([[[[]]]]),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3), st.just(object()),
    st.just({"kind": "draw"}), st.just({"kind": "win", "seat": "x"}), st.just({1: 2}),
    st.sampled_from(["1", "", "random", "swiss", "ema", "mcr", "riichi", "x" * 5000, "\x00"]),
)

#: a good value for each parameter name (one that, alone, makes a call that works)
GOOD: dict[str, object] = {
    "round": 1, "table": 1, "entry_id": 1, "number": None, "author": "fuzz", "name": "P1",
    "club": "", "team": "", "ema": "", "country": "", "text": "name\nQ1\n", "active": True,
    "method": "random", "seed": 1, "tables": [["P1", "P2", "P3", "P4"]], "players": [1, 2, 3, 4],
    "history": (), "teams": None, "restarts": 2, "scores": [30, 30, -20, -40], "rules": "wrc",
    "leftover": 0, "ties": "share", "placement": "ema", "system": "mcr", "entry": {"kind": "draw"},
    "path": "", "entries": (),
}

FUNCTIONS: list[Callable[..., Any]] = [
    getattr(tournament, n) for n in tournament.__all__
    if inspect.isfunction(getattr(tournament, n))]
METHODS = sorted(n for n, f in vars(Tournament).items()
                 if not n.startswith("_") and callable(f) and n != "create")


@pytest.fixture(scope="module")
def files() -> Iterator[dict[str, Tournament]]:
    with tempfile.TemporaryDirectory() as d:
        made = {}
        for system in ("mcr", "riichi"):
            t = Tournament.create(os.path.join(d, f"{system}.db"), "Fuzz", system)
            for i in range(1, 9):
                t.add_player(f"P{i}")
            t.seat_round("random", 1)
            made[system] = t
        yield made


def _call(fn: Callable[..., Any], args: dict[str, object]) -> None:
    with contextlib.suppress(MahjongError):
        fn(**args)


def _arguments(fn: Callable[..., Any], data: st.DataObject) -> dict[str, object]:
    args: dict[str, object] = {}
    for p in inspect.signature(fn).parameters.values():
        if p.name in ("self", "cls") or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        good = GOOD.get(p.name, p.default)
        if data.draw(st.booleans(), label=f"{p.name} absurd") or good is inspect.Parameter.empty:
            args[p.name] = data.draw(ABSURD, label=p.name)
        elif good is not inspect.Parameter.empty:
            args[p.name] = good
    return args


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(FUNCTIONS), st.data())
def test_functions(fn: Callable[..., Any], data: st.DataObject) -> None:
    args = _arguments(fn, data)
    if fn is tournament.check_entry:
        args["system"] = data.draw(st.sampled_from(["mcr", "riichi"]) | ABSURD)
    _call(fn, args)


@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["mcr", "riichi"]), st.sampled_from(METHODS), st.data())
def test_tournament_methods(files: dict[str, Tournament], system: str, name: str,
                            data: st.DataObject) -> None:
    method = getattr(files[system], name)
    _call(method, _arguments(method, data))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(ABSURD)
def test_create_and_open(value: object) -> None:
    # in a folder of its own: a fuzzed path is a file name, relative to the current folder
    with tempfile.TemporaryDirectory() as d, contextlib.chdir(d):
        path = os.path.join(d, "t.db")
        for args in ((path, value), (path, "T", value), (path, "T", "riichi", value),
                     (path, "T", "riichi", None, value), (value, "T")):
            _call(Tournament.create, dict(zip(("path", "name", "system", "rules", "placement"),
                                              args, strict=False)))
            if os.path.exists(path):
                os.unlink(path)
        _call(Tournament, {"path": value})


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(ABSURD, ABSURD, st.booleans())
def test_sheets(number: object, entry: object, riichi: bool) -> None:
    from suanfan.mcr import get_rules as mcr_rules
    from suanfan.riichi import get_rules as riichi_rules
    from suanfan.tournament import get_placement

    def sheet(entries: Any) -> Any:
        if riichi:
            return RiichiSheet(riichi_rules("wrc"), get_placement("wrc"), entries)
        return MCRSheet(mcr_rules("mcr"), entries)

    _call(sheet, {"entries": entry})
    _call(sheet(()).add, {"number": number, "entry": entry})
    _call(sheet(()).add, {"number": 1, "entry": entry})
    _call(sheet(()).add, {"number": number, "entry": {"kind": "draw"}})


def test_the_reported_reproducers(files: dict[str, Tournament]) -> None:
    t: Any = files["mcr"]
    seat: Any = tournament.seat
    for call in (lambda: seat([1, 2, 3, 4], "random", history=None),
                 lambda: seat([1, 2, 3, 4], "random", teams="1"),
                 lambda: t.import_players(5),
                 lambda: t.add(10**30, 1, {"kind": "draw"})):
        with pytest.raises(MahjongError):
            call()
    with tempfile.TemporaryDirectory() as d:
        e = Tournament.create(os.path.join(d, "e.db"), "E", "mcr")
        for i in range(1, 5):
            e.add_player(f"P{i}")
        e.seat_round("random", 1)
        e.end_session(1, 1)
        with pytest.raises(MahjongError):
            e.add(1, 1, {"kind": "draw"})
