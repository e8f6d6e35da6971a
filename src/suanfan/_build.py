"""Which build of suanfan runs: compiled by mypyc, or pure Python.

``pip install .`` compiles the core with mypyc when it can (see ``setup.py``) and installs the
identical pure-Python package when it cannot or is told not to. This module is compiled with the
core, so it is an extension module exactly when the core is; a compiled build also carries the
generated ``_buildinfo.py`` that records the mypyc version used.
"""

from __future__ import annotations

import importlib
import importlib.machinery
from typing import Final

__all__ = ["BUILD", "COMPILED"]


def _is_extension(path: str) -> bool:
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _mypyc_version() -> str:
    try:
        info = importlib.import_module(__name__.rpartition(".")[0] + "._buildinfo")
    except ImportError:
        return "unknown version"
    return str(getattr(info, "MYPYC_VERSION", "unknown version"))


COMPILED: Final = _is_extension(__file__)
"""True when suanfan's core runs as mypyc-compiled extension modules."""

BUILD: Final = f"compiled, mypyc {_mypyc_version()}" if COMPILED else "pure Python"
"""The build that runs, as ``suanfan --version`` prints it: ``"compiled, mypyc 2.4.1"`` or
``"pure Python"``."""
