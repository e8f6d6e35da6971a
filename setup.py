"""Build suanfan: the core compiled with mypyc when possible, else the identical pure-Python package.

``pip install .`` compiles every module of ``src/suanfan/`` except those in ``EXCLUDE`` with mypyc
(the version pinned in ``pyproject.toml``'s ``[build-system] requires``) when a C compiler and the
Python headers are present. It installs the pure-Python package instead, with a warning, when

- ``SUANFAN_PURE=1`` is set,
- there is no C compiler or no ``Python.h``,
- mypyc cannot compile the code, or the C compiler fails (the extensions are optional),
- the build is an editable install (``pip install -e .``): a compiled module would shadow later
  edits of its ``.py`` file. ``SUANFAN_COMPILE=1`` compiles an editable install all the same (the
  extension modules then sit next to the sources in ``src/``, and only a reinstall rebuilds them);
  a later plain ``pip install -e .`` removes them and is pure again.

Either way the wheel holds every ``.py`` file and the package data; a compiled wheel adds the
extension modules and ``suanfan/_buildinfo.py`` (the mypyc version), and ``suanfan.BUILD`` /
``suanfan --version`` say which build runs.
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import sys
import sysconfig
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from fnmatch import fnmatch
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SOURCES = "src"
PACKAGE = "src/suanfan"
GROUP = "suanfan_core"  # mypyc's shared library: suanfan_core__mypyc.*.so (not "suanfan": its
# C file would clash with the package's own, __native_suanfan.c)

# Never compiled: the faces (command line, web, SVG), which gain nothing from it, and the modules
# that do not compile or do not behave identically compiled yet (the reason is given for each).
EXCLUDE = [
    # faces
    "src/suanfan/__main__.py",
    "src/suanfan/batch.py",  # a tool: processes and JSON, no engine work of its own
    "src/suanfan/parallel.py",  # a tool: processes and a Dask client, no engine work
    # the statistics tool: counters folded over records, nothing hot; its results cross processes
    "src/suanfan/stats/*",
    "src/suanfan/review/*",  # the review tool: it calls the engines, nothing hot of its own; results cross processes
    # mypyc 2.4.1: a compiled frozen dataclass does not unpickle (FrozenInstanceError on
    # __setstate__), and these results must pickle; neither module is on a hot path
    "src/suanfan/analysis/safety.py",
    "src/suanfan/mcr/fan_search.py",
    "src/suanfan/cli.py",
    "src/suanfan/commands/*",
    "src/suanfan/svg.py",
    "src/suanfan/drawing.py",  # the SVG face's drawing (below the hand model, which draws itself)
    "src/suanfan/web/*",
    # a tool layer (log readers and replay), pure Python: nothing hot enough to compile
    "src/suanfan/logs/*",
    # the game layer (the table state the log readers drive), pure Python like the readers: its
    # records share their read-only base, which sets slots through object.__setattr__
    "src/suanfan/game/*",
    # the tournament layer: SQLite storage and bookkeeping around the scorers, nothing hot
    "src/suanfan/tournament/*",
    # mypyc: "Multiple inheritance is not supported (except for traits)" (TileMissing is both an
    # InvalidHand and a NotWinning, which is public API)
    "src/suanfan/errors.py",
    # segfaults on import: mypyc 2.4.1 crashes initialising any module with a module-level
    # __getattr__ (here the lazy import of mcr, riichi and analysis)
    "src/suanfan/__init__.py",
]

# setup.py commands that build extension modules (others, such as egg_info, dist_info and sdist,
# only need the metadata and must not pay for a compilation).
_BUILD_COMMANDS = {"bdist_wheel", "build", "build_ext", "install", "editable_wheel", "develop"}


def _say(message: str) -> None:
    print(f"suanfan build: {message}", file=sys.stderr, flush=True)


def _compiled_paths() -> list[str]:
    paths = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / PACKAGE).rglob("*.py"))
    return [p for p in paths if not any(fnmatch(p, pattern) for pattern in EXCLUDE)]


def _has_c_compiler() -> str | None:
    """None when a C compiler and the Python headers are present, else what is missing."""
    if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        return "the Python headers (Python.h) are missing"
    if sys.platform == "win32":
        return None  # MSVC is found by setuptools itself; a failure falls back below
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    if not cc or shutil.which(cc[0]) is None:
        return f"no C compiler ({cc[0] if cc else 'cc'} not found)"
    return None


def _why_pure() -> str | None:
    """None when this build should compile, else the reason it stays pure Python."""
    if os.environ.get("SUANFAN_PURE", "") not in ("", "0"):
        return "SUANFAN_PURE is set"
    commands = set(sys.argv[1:])
    if not commands & _BUILD_COMMANDS:
        return "no build command"
    if commands & {"editable_wheel", "develop"} and os.environ.get("SUANFAN_COMPILE", "") in ("", "0"):
        return "editable install (set SUANFAN_COMPILE=1 to compile it)"
    return _has_c_compiler()


def _extensions() -> list[Extension]:
    if set(sys.argv[1:]) & {"editable_wheel", "develop"}:
        _remove_compiled(SOURCES)  # an earlier compiled editable install's modules, if any
    why = _why_pure()
    if why is not None:
        if why != "no build command":
            _say(f"installing the pure-Python package: {why}")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("installing the pure-Python package: mypyc is not installed")
        return []
    paths = _compiled_paths()
    _say(f"compiling {len(paths)} modules with mypyc")
    try:
        extensions = mypycify(paths, opt_level="3", group_name=GROUP, multi_file=True)
    except (Exception, SystemExit) as exc:  # mypyc reports type errors by exiting
        _say(f"installing the pure-Python package: mypyc failed ({exc!r})")
        return []
    return list(extensions)


def _parallel(compile_serial: Callable[..., list[str]], jobs: int) -> Callable[..., list[str]]:
    def compile_parallel(sources: list[str], *args: object, **kwargs: object) -> list[str]:
        with ThreadPoolExecutor(jobs) as pool:
            done = pool.map(lambda source: compile_serial([source], *args, **kwargs), sources)
            return [obj for objs in done for obj in objs]

    return compile_parallel


def _remove_compiled(root: str) -> None:
    """Delete what a compiled build left under ``root`` (a build directory, or ``src`` after a
    compiled editable install): extension modules and ``_buildinfo.py``, so that none of them can
    shadow a ``.py`` file."""
    base = Path(root)
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = [*(base / "suanfan").rglob("*"), *base.glob(f"{GROUP}__mypyc*")]
    stale = [p for p in found if p.is_file() and (p.name.endswith(suffixes) or p.name == "_buildinfo.py")]
    for path in stale:
        path.unlink()
    if stale:
        _say(f"removed {len(stale)} compiled files an earlier build left in {root}")


class BuildPy(build_py):
    """Copies the sources, and clears compiled modules a previous build left in the build
    directory (build_ext adds this build's own, if it compiles)."""

    def run(self) -> None:
        super().run()
        _remove_compiled(self.build_lib)


class OptionalBuildExt(build_ext):
    """Builds the extension modules, all or none: at the first failure it removes those already
    built and the package installs as pure Python (the extensions are optional as a whole)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def build_extension(self, ext: Extension) -> None:
        # mypyc's shared library is one extension of many C files (multi_file): compile them in
        # parallel (build_ext -j only runs whole extensions in parallel).
        compile_serial = self.compiler.compile
        jobs = int(self.parallel or 1)
        if jobs > 1 and len(ext.sources) > 1:
            self.compiler.compile = _parallel(compile_serial, jobs)
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_serial

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
            built = [os.path.exists(self.get_ext_fullpath(ext.name)) for ext in self.extensions]
            failed = [ext.name for ext, ok in zip(self.extensions, built, strict=True) if not ok]
        except Exception as exc:  # a compiler error, whichever class the compiler raises
            _say(f"compiling failed ({exc!r})")
            failed = ["all"]
        if failed:
            for root in self._roots():
                _remove_compiled(root)
            self.extensions = []
            _say(f"installing the pure-Python package: extension modules not built: {', '.join(failed)}")
            return
        for root in self._roots():
            self._write_buildinfo(root)

    def _roots(self) -> list[str]:
        """Where the extension modules go: the build directory, and the sources when in place."""
        roots = [self.build_lib]
        if self.inplace or getattr(self, "editable_mode", False):
            roots.append(SOURCES)
        return roots

    def _write_buildinfo(self, root: str) -> None:
        from mypy.version import __version__ as mypyc_version

        info = Path(root, "suanfan", "_buildinfo.py")
        if info.parent.is_dir():
            text = f'"""Written by setup.py: a compiled build."""\n\nMYPYC_VERSION = "{mypyc_version}"\n'
            info.write_text(text, encoding="utf-8")

    def get_outputs(self) -> list[str]:
        outputs = list(super().get_outputs())
        if self.extensions:
            outputs.append(os.path.join(self.build_lib, "suanfan", "_buildinfo.py"))
        return outputs


class BdistWheel(bdist_wheel):
    """Tags the wheel pure (py3-none-any) when the compilation failed and fell back."""

    def get_tag(self) -> tuple[str, str, str]:
        if not self.root_is_pure and not self.get_finalized_command("build_ext").extensions:
            self.root_is_pure = True
        return tuple(super().get_tag())


setup(
    ext_modules=_extensions(),
    cmdclass={"build_py": BuildPy, "build_ext": OptionalBuildExt, "bdist_wheel": BdistWheel},
)
