"""Imports run one way: faces -> analysis / logs / tools -> rule systems -> core (the brief's
"How we write code"; issue 12: "the rule systems never import analysis"), and no two modules
import each other, in a circle of any length (issue 35).

Every import statement of every module under ``src/suanfan`` (those inside functions and under
``if TYPE_CHECKING:`` too) is read with :mod:`ast` and checked against the layer of the module it
names; the same imports make the graph in which no circle may be.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "suanfan"

#: the layers, lowest first; a module may import its own layer and the ones below
CORE = 0
RULES = 1
ANALYSIS = 2
GAME = 3
TOOLS = 4
FACES = 5
_CORE_MODULES = {"errors", "tiles", "writing", "drawing", "hand", "notation", "decompose", "shanten",
                 "_build", "_buildinfo", "svg"}
_RULE_PACKAGES = {"mcr", "riichi"}
_FACES = {"cli", "commands", "web", "__main__"}


def _layer(parts: tuple[str, ...]) -> int:
    """The layer of module ``suanfan.<parts>`` (the package root counts as core: it re-exports
    the core and imports the rule systems only on first use, by name)."""
    if not parts:
        return CORE
    head = parts[0]
    if head in _CORE_MODULES:
        return CORE
    if head in _RULE_PACKAGES:
        return RULES
    if head in _FACES:
        return FACES
    if head == "analysis":
        return ANALYSIS
    if head == "game":
        return GAME
    return TOOLS


def _modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def _name(path: Path) -> tuple[str, ...]:
    rel = path.relative_to(SRC).with_suffix("")
    parts = rel.parts
    return parts[:-1] if parts[-1] == "__init__" else parts


def _imports(path: Path, text: str | None = None) -> list[tuple[int, tuple[str, ...]]]:
    """(line, target module parts within suanfan) for each import of a suanfan module."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
    here = _name(path)
    package = here if path.name == "__init__.py" else here[:-1]
    out: list[tuple[int, tuple[str, ...]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = tuple(alias.name.split("."))
                if parts[0] == "suanfan":
                    out.append((node.lineno, parts[1:]))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                mod = tuple(node.module.split(".")) if node.module else ()
                target = base + mod
            elif node.module and node.module.split(".")[0] == "suanfan":
                target = tuple(node.module.split("."))[1:]
            else:
                continue
            if target:
                out.append((node.lineno, target))
            else:  # "from . import riichi": each name is a module of the package root
                out.extend((node.lineno, (alias.name,)) for alias in node.names)
    return out


def _violations(path: Path, text: str | None = None) -> list[str]:
    here = _name(path)
    mine = _layer(here)
    out = []
    for line, target in _imports(path, text):
        theirs = _layer(target)
        where = f"{path.relative_to(SRC)}:{line} imports suanfan.{'.'.join(target)}"
        if theirs > mine:
            out.append(f"{where}: layer {theirs} above its own {mine} "
                       "(faces -> logs/tools -> game -> analysis -> rule systems -> core)")
        elif mine == RULES and theirs == RULES and target[0] != here[0]:
            out.append(f"{where}: one rule system imports another")
    return out


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_imports_run_one_way(path: Path) -> None:
    assert _violations(path) == []


@pytest.mark.parametrize("text", [
    "from ..analysis import mcr_waits",          # the lazy import mcr.waits had
    "def f():\n    from ..analysis.shanten import mcr_shanten\n",
    "import suanfan.web.app",
    "from ..riichi import score",
    "from .. import analysis",
])
def test_a_wrong_import_is_caught(text: str) -> None:
    assert _violations(SRC / "mcr" / "winning.py", text)


def test_right_imports_pass() -> None:
    text = "from ..shanten import winning_kinds\nfrom .scoring import score"
    assert _violations(SRC / "mcr" / "winning.py", text) == []
    assert _violations(SRC / "analysis" / "waits.py", "from ..mcr import winning") == []


# -- circles ------------------------------------------------------------------------------------
#: circles known to remain, each to be removed by the change that resolves it (and then from
#: here: test_known_circles_are_still_there fails once one is gone)
KNOWN_CIRCLES: frozenset[frozenset[str]] = frozenset({
    # none left: the logs circles (tenhou <-> tenhou_write, logs <-> logs.replay) went with the
    # game state (issue 33); a circle found later is listed here only with the issue that removes it
})


def _module_names() -> set[tuple[str, ...]]:
    return {_name(p) for p in _modules()}


def _edges(path: Path, text: str | None, modules: set[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The suanfan modules that ``path`` imports: ``from pkg import mod`` names the module
    ``pkg.mod`` when there is one, else the package ``pkg`` (its ``__init__``)."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
    here = _name(path)
    package = here if path.name == "__init__.py" else here[:-1]
    out: set[tuple[str, ...]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = tuple(alias.name.split("."))
                if parts[0] == "suanfan":
                    out.add(parts[1:])
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                target = base + (tuple(node.module.split(".")) if node.module else ())
            elif node.module and node.module.split(".")[0] == "suanfan":
                target = tuple(node.module.split("."))[1:]
            else:
                continue
            for alias in node.names:
                sub = (*target, alias.name)
                out.add(sub if sub in modules else target)
    out.discard(here)
    return {m for m in out if m in modules}


def import_graph(replace: dict[Path, str] | None = None) -> dict[str, set[str]]:
    """Module → the modules it imports (dotted names within suanfan, ``""`` the package root);
    ``replace`` gives other text for some files (the self-tests)."""
    modules = _module_names()
    replace = replace or {}
    return {".".join(_name(p)): {".".join(m) for m in _edges(p, replace.get(p), modules)} for p in _modules()}


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm): each is a
    set of modules that import each other round a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[frozenset[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(frozenset(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _show(found: Iterable[frozenset[str]]) -> list[str]:
    return sorted(" <-> ".join(sorted(c)) for c in found)


def test_no_import_circles() -> None:
    found = circles(import_graph())
    assert _show(c for c in found if c not in KNOWN_CIRCLES) == []


def test_known_circles_are_still_there() -> None:
    """Each allowed circle must still exist: once it is resolved, take it off KNOWN_CIRCLES."""
    found = set(circles(import_graph()))
    assert _show(KNOWN_CIRCLES - found) == []


@pytest.mark.parametrize(("path", "text", "circle"), [
    # settlement importing the scorer back, inside a function
    (("mcr", "settlement.py"), "def f():\n    from .scoring import MCRResult\n",
     {"mcr.settlement", "mcr.scoring"}),
    # or only for its type annotations
    (("mcr", "settlement.py"), "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
     "    from .scoring import MCRResult\n", {"mcr.settlement", "mcr.scoring"}),
    # the hand model importing its formatter: hand -> notation -> hand
    (("hand.py",), "def f():\n    from .notation import format_hand\n", {"hand", "notation"}),
    # a longer circle: the writer importing the svg face (writing -> svg -> hand -> writing)
    (("writing.py",), "from . import svg\n", {"writing", "svg", "hand"}),
])
def test_a_circle_is_caught(path: tuple[str, ...], text: str, circle: set[str]) -> None:
    file = SRC.joinpath(*path)
    original = file.read_text(encoding="utf-8")
    found = circles(import_graph({file: original + "\n" + text}))
    assert any(circle <= c for c in found), _show(found)
    assert frozenset(circle) not in KNOWN_CIRCLES


def test_circles_finds_exactly_the_circles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"f"}, "f": set()}
    assert circles(graph) == [frozenset({"a", "b", "c"})]
