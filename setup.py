"""Build suanfan: the core compiled with mypyc when possible, else the identical pure-Python package.

``pip install .`` compiles every module of ``src/suanfan/`` except those in ``EXCLUDE`` with mypyc
(the version pinned in ``pyproject.toml``'s ``[build-system] requires``) when a C compiler and the
Python headers are present. It installs the pure-Python package instead, with a warning, when

- ``SUANFAN_PURE=1`` is set,
- there is no C compiler or no ``Python.h``,
- mypyc cannot compile the code, or the C compiler fails (the extensions are optional),
- the build is an editable install (``pip install -e .``): a compiled module would shadow later
  edits of its ``.py`` file. ``SUANFAN_COMPILE=1`` compiles an editable install all the same (the
  extension modules then sit next to the sources in ``src/suanfan/``; ``git clean -fX src`` or a
  plain ``pip install -e .`` after removing them makes it pure again).

Either way the wheel holds every ``.py`` file and the package data; a compiled wheel adds the
extension modules and ``suanfan/_buildinfo.py`` (the mypyc version), and ``suanfan.BUILD`` /
``suanfan --version`` say which build runs.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from fnmatch import fnmatch
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = "src/suanfan"

# Never compiled: the faces (command line, web, SVG), which gain nothing from it, and the modules
# that do not compile or do not behave identically compiled yet (the reason is given for each).
EXCLUDE = [
    # faces
    "src/suanfan/__main__.py",
    "src/suanfan/cli.py",
    "src/suanfan/commands/*",
    "src/suanfan/svg.py",
    "src/suanfan/web/*",
    # mypyc: "Multiple inheritance is not supported (except for traits)" (TileMissing is both an
    # InvalidHand and a NotWinning, which is public API)
    "src/suanfan/errors.py",
    # mypyc: riichi/score.py:729: "Cannot access instance attribute "__dict__" through class
    # object" (the result's slot setters taken from Result.__dict__)
    "src/suanfan/riichi/score.py",
    # C compiler: "error: expected identifier or '(' before '__real'" in the generated header
    # (LazyReading's attribute _real becomes the C struct field __real, a GCC keyword)
    "src/suanfan/mcr/lean.py",
    # segfaults on import: mypyc 2.4.1 crashes initialising any module with a module-level
    # __getattr__ (here the lazy import of mcr, riichi and analysis)
    "src/suanfan/__init__.py",
    # object.__setattr__ in the __post_init__ of frozen dataclasses (Meld, Hand)
    "src/suanfan/hand.py",
    # results built with object.__new__ and a __class__ assignment (res.__class__ = MCRResult)
    "src/suanfan/mcr/score.py",
    # object.__setattr__ on a frozen dataclass, of attributes it does not declare (_values,
    # _excl, _enabled)
    "src/suanfan/mcr/rules.py",
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
        extensions = mypycify(paths, opt_level="3", group_name="suanfan_core", multi_file=True)
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
            failed = [ext.name for ext in self.extensions if not os.path.exists(self.get_ext_fullpath(ext.name))]
        except Exception as exc:  # a compiler error, whichever class the compiler raises
            _say(f"compiling failed ({exc!r})")
            failed = ["all"]
        if failed:
            self._remove_outputs()
            _say(f"installing the pure-Python package: extension modules not built: {', '.join(failed)}")
            return
        self._write_buildinfo()

    def _targets(self, name: str) -> list[str]:
        targets = {os.path.abspath(self.get_ext_fullpath(name))}
        if getattr(self, "editable_mode", False) or self.inplace:
            build_py = self.get_finalized_command("build_py")
            package, _, module = name.rpartition(".")
            filename = module + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")
            targets.add(os.path.abspath(os.path.join(build_py.get_package_dir(package), filename)))
        return sorted(targets)

    def _remove_outputs(self) -> None:
        for ext in self.extensions:
            for target in self._targets(ext.name):
                if os.path.exists(target):
                    os.remove(target)
        self.extensions = []

    def _write_buildinfo(self) -> None:
        from mypy.version import __version__ as mypyc_version

        for target in self._targets("suanfan._build"):
            info = os.path.join(os.path.dirname(target), "_buildinfo.py")
            with open(info, "w", encoding="utf-8") as f:
                f.write(f'"""Written by setup.py: this build is compiled."""\n\nMYPYC_VERSION = "{mypyc_version}"\n')

    def get_outputs(self) -> list[str]:
        outputs = list(super().get_outputs())
        if self.extensions:
            info = os.path.join(os.path.dirname(self.get_ext_fullpath("suanfan._build")), "_buildinfo.py")
            outputs.append(info)
        return outputs


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
