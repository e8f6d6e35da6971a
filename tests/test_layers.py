"""Imports run one way: faces -> analysis / logs / tools -> rule systems -> core (the brief's
"How we write code"; issue 12: "the rule systems never import analysis").

Every import statement of every module under ``src/suanfan`` (those inside functions too) is read
with :mod:`ast` and checked against the layer of the module it names.
"""

from __future__ import annotations

import ast
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
_CORE_MODULES = {"errors", "tiles", "hand", "notation", "decompose", "shanten", "_build", "_buildinfo", "svg"}
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
