"""The examples of the documentation run: README.md and docs/**/*.md.

* every ```` ```pycon ```` block (or a ```` ```python ```` block starting with ``>>>``) is a doctest,
  run from the repository's root (its paths are relative to it), one namespace per page;
* every ```` ```console ```` block is a shell session: each ``$ command`` line (``>`` lines continue
  it) runs in bash, in the block's own shell (a ``cd`` holds for the rest of the block), from the
  repository's root, and what it prints (stdout and stderr, as a terminal shows them) must be the
  lines that follow it. A line ``...`` stands for any number of lines. Trailing spaces are ignored.
  On a page marked ``<!-- console: one session -->`` the blocks are one session: each goes on in the
  shell (folder, variables) the block before left.

So a documented output cannot drift from what the program prints. ``sh`` blocks (installs, servers)
are not run. After a deliberate change of output, ``python tests/test_docs.py PAGE...`` writes what
the commands now print into the pages' console blocks (review the diff).
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```\s*$", re.M | re.S)


def _blocks(page: Path, kinds: tuple[str, ...]) -> list[tuple[int, str, str]]:
    text = page.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        kind, body = m.group(1), m.group(2)
        if kind == "python" and body.lstrip().startswith(">>>"):
            kind = "pycon"
        if kind in kinds:
            out.append((text.count("\n", 0, m.start()) + 1, kind, body))
    return out


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


DOCTEST_PAGES = [p for p in PAGES if _blocks(p, ("pycon",))]
SESSION = "<!-- console: one session -->"


def _console_blocks() -> list[tuple[Path, int, str]]:
    out = []
    for p in PAGES:
        blocks = [(line, body) for line, _k, body in _blocks(p, ("console",))]
        if blocks and SESSION in p.read_text(encoding="utf-8"):
            out.append((p, blocks[0][0], "".join(body for _l, body in blocks)))
        else:
            out.extend((p, line, body) for line, body in blocks)
    return out


CONSOLE_BLOCKS = _console_blocks()


def test_pages_have_examples() -> None:
    # The collection itself can fail: the README and the guides must have runnable examples.
    assert ROOT / "README.md" in DOCTEST_PAGES
    assert any(p.name == "README.md" for p, _l, _b in CONSOLE_BLOCKS)
    assert len(CONSOLE_BLOCKS) >= 10


@pytest.mark.parametrize("page", DOCTEST_PAGES, ids=_name)
def test_doctests(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    globs: dict[str, object] = {}
    report: list[str] = []
    for line, _kind, body in _blocks(page, ("pycon",)):
        test = parser.get_doctest(body, globs, f"{_name(page)}:{line}", str(page), line)
        runner.run(test, out=report.append)
    result = runner.failures, runner.tries
    assert result[0] == 0, (f"{result[0]} of {result[1]} examples of {_name(page)} failed:\n"
                            + "".join(report))


def _commands(body: str) -> list[tuple[str, list[str]]]:
    """[(command, expected lines)] of a console block."""
    out: list[tuple[str, list[str]]] = []
    for raw in body.splitlines():
        if raw.startswith("$ "):
            out.append((raw[2:], []))
        elif raw.startswith("> ") and out and not out[-1][1]:
            out[-1] = (out[-1][0] + "\n" + raw[2:], [])
        elif out:
            out[-1][1].append(raw.rstrip())
        elif raw.strip():
            raise AssertionError(f"a console block must start with a '$ ' line: {raw!r}")
    return out


def _matches(expected: list[str], got: list[str]) -> bool:
    """``...`` lines of ``expected`` match any number of lines of ``got``."""
    if not expected:
        return not got
    if expected[0] == "...":
        return any(_matches(expected[1:], got[i:]) for i in range(len(got) + 1))
    return bool(got) and got[0] == expected[0] and _matches(expected[1:], got[1:])


def _run(commands: list[str]) -> list[list[str]]:
    """What each command prints (stdout and stderr), run in one bash shell from the root."""
    marker = "@@suanfan-docs-command@@"
    script = ["set +e"]
    for i, cmd in enumerate(commands):
        script.append(f"printf '%s {i}\\n' '{marker}'")
        script.append(f"{{ {cmd}\n}} 2>&1")
    env = dict(os.environ)
    # The commands are those of the installed package: this interpreter's `suanfan` first.
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env.pop("SUANFAN_LANG", None)
    env.pop("LC_MESSAGES", None)
    env.update({"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "COLUMNS": "100", "PYTHONIOENCODING": "utf-8"})
    with tempfile.TemporaryDirectory() as home:
        env["HOME"] = env["TMPDIR"] = home
        proc = subprocess.run(["bash", "-c", "\n".join(script)], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=600, stdin=subprocess.DEVNULL)
    chunks = proc.stdout.split(marker + " ")[1:]
    assert len(chunks) == len(commands), proc.stdout + proc.stderr
    out = []
    for chunk in chunks:
        got = [x.rstrip() for x in chunk.split("\n")[1:]]
        while got and not got[-1]:
            got.pop()
        out.append(got)
    return out


@pytest.mark.parametrize(("page", "line", "body"), CONSOLE_BLOCKS,
                         ids=[f"{_name(p)}:{n}" for p, n, _b in CONSOLE_BLOCKS])
def test_console(page: Path, line: int, body: str) -> None:
    commands = _commands(body)
    printed = _run([cmd for cmd, _e in commands])
    problems = []
    for (cmd, expected), got in zip(commands, printed, strict=True):
        while expected and not expected[-1]:
            expected = expected[:-1]
        if not _matches(expected, got):
            problems.append(f"$ {cmd}\n--- documented\n" + "\n".join(expected)
                            + "\n--- printed\n" + "\n".join(got))
    assert not problems, f"{_name(page)}:{line}:\n" + "\n\n".join(problems)


def update(page: Path) -> None:
    """Write what the commands print into a page's console blocks, after a change of output has
    been checked (``python tests/test_docs.py PAGE...``). A block with ``...`` is left to edit by
    hand when it no longer matches."""
    text = page.read_text(encoding="utf-8")
    fences = [m for m in FENCE.finditer(text) if m.group(1) == "console"]
    blocks = [(m, _commands(m.group(2))) for m in fences]
    groups = [blocks] if SESSION in text else [[b] for b in blocks]
    edits = []
    for group in groups:
        printed = iter(_run([cmd for _m, cmds in group for cmd, _e in cmds]))
        for m, cmds in group:
            got = [next(printed) for _c in cmds]
            if all(_matches(e, g) for (_c, e), g in zip(cmds, got, strict=True)):
                continue
            if any("..." in e for _c, e in cmds):
                print(f"{_name(page)}:{text.count(chr(10), 0, m.start()) + 1}: differs; edit by hand")
                continue
            lines = []
            for (cmd, _e), g in zip(cmds, got, strict=True):
                lines.append("$ " + cmd.replace("\n", "\n> "))
                lines.extend(g)
            edits.append((m.start(2), m.end(2), "\n".join(lines) + "\n"))
    for start, end, body in reversed(edits):
        text = text[:start] + body + text[end:]
    page.write_text(text, encoding="utf-8")
    print(f"{_name(page)}: {len(edits)} blocks updated")


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        update(Path(arg).resolve())
