"""The calculator as a static site (``suanfan site OUT_DIR``): a folder any static file server
can host, in which the page runs suanfan itself under Pyodide (see docs/web-offline.md).

The folder holds the page and its scripts, the tile pictures, PNG icons and a web app manifest,
the Pyodide runtime files the engine needs (copied from a local Pyodide distribution, e.g. the npm
package's ``node_modules/pyodide``: nothing is downloaded), suanfan's pure-Python wheel and a
service worker that precaches all of it under a cache name versioned by the content. Needs only
the standard library.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import struct
import zipfile
import zlib
from base64 import urlsafe_b64encode
from importlib import resources
from pathlib import Path
from typing import Final

from .. import __version__
from ..errors import InvalidArgument
from .engine import tile_picture

__all__ = ["PAGE_FILES", "PYODIDE_FILES", "SiteReport", "build_site", "icon_png", "pure_wheel"]

#: the page's own files, from the package's ``web/static`` (``index.html`` goes to the root)
PAGE_FILES: Final = ("index.html", "static/app.js", "static/i18n.js", "static/style.css", "static/worker.js")
#: the Pyodide files the engine loads (one of the two ``pyodide.asm`` scripts, by version)
PYODIDE_FILES: Final = ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
_PYODIDE_ASM: Final = ("pyodide.asm.mjs", "pyodide.asm.js")
#: the tile pictures the page shows
TILE_NAMES: Final = tuple(
    [f"{r}{s}" for s in "mps" for r in range(10)] + [f"{r}z" for r in range(1, 8)]
    + [f"{r}f" for r in range(1, 9)] + ["back"])
ICON_SIZES: Final = (192, 512)


class SiteReport:
    """What :func:`build_site` wrote: the files (paths relative to the folder) and their bytes."""

    __slots__ = ("files", "out", "pyodide_version", "total_bytes", "version", "wheel")

    def __init__(self, out: Path, files: dict[str, int], version: str, wheel: str,
                 pyodide_version: str) -> None:
        self.out = out
        self.files = files
        self.total_bytes = sum(files.values())
        self.version = version
        self.wheel = wheel
        self.pyodide_version = pyodide_version


# -- icons: a white tile with a red 中 on the page's green, drawn here (no image library) --------
def icon_png(size: int) -> bytes:
    """A square PNG icon of ``size`` pixels (RGB)."""
    green, cream, red, edge = (0x1F, 0x7A, 0x5C), (0xFF, 0xFD, 0xF8), (0xC0, 0x39, 0x2B), (0xD8, 0xD0, 0xC0)
    s = size / 512
    tile = (int(136 * s), int(56 * s), int(376 * s), int(456 * s))  # left, top, right, bottom
    bar = int(30 * s)
    cx = size // 2
    box = (int(176 * s), int(170 * s), int(336 * s), int(300 * s))
    rows = bytearray()
    for y in range(size):
        rows.append(0)  # filter: none
        for x in range(size):
            colour = green
            if tile[0] <= x < tile[2] and tile[1] <= y < tile[3]:
                near_edge = x < tile[0] + bar // 3 or x >= tile[2] - bar // 3 or y >= tile[3] - bar // 2
                colour = edge if near_edge else cream
                in_box = box[0] <= x < box[2] and box[1] <= y < box[3]
                inner = box[0] + bar <= x < box[2] - bar and box[1] + bar <= y < box[3] - bar
                stem = cx - bar // 2 <= x < cx + bar // 2 and int(100 * s) <= y < int(400 * s)
                if (in_box and not inner) or stem:
                    colour = red
            rows += bytes(colour)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
            + chunk(b"IEND", b""))


# -- the wheel ----------------------------------------------------------------------------------
def pure_wheel(out_dir: Path) -> Path:
    """A pure-Python wheel of the installed suanfan, from its sources (what ``SUANFAN_PURE=1 pip
    wheel --no-deps .`` builds from a checkout), written to ``out_dir``."""
    root = Path(str(resources.files("suanfan")))
    files: list[tuple[str, bytes]] = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if not path.is_file() or "__pycache__" in rel.parts:
            continue
        if path.suffix in (".so", ".pyd"):
            if not path.with_suffix("").with_suffix(".py").exists() and not (
                    path.parent / (path.name.split(".")[0] + ".py")).exists():
                raise InvalidArgument(
                    f"the installed suanfan has no Python source for {rel}: pass --wheel with a "
                    "pure wheel (SUANFAN_PURE=1 pip wheel --no-deps . -w DIR)")
            continue
        files.append(("suanfan/" + rel.as_posix(), path.read_bytes()))
    name = f"suanfan-{__version__}"
    info = f"{name}.dist-info"
    files.append((f"{info}/METADATA", (
        f"Metadata-Version: 2.1\nName: suanfan\nVersion: {__version__}\nRequires-Python: >=3.11\n"
        "Summary: Score mahjong hands exactly by the rules (pure-Python build for the browser)\n").encode()))
    files.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: suanfan site\nRoot-Is-Purelib: true\n"
                                   b"Tag: py3-none-any\n"))
    record = io.StringIO()
    for arc, data in files:
        digest = urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.write(f"{arc},sha256={digest},{len(data)}\n")
    record.write(f"{info}/RECORD,,\n")
    files.append((f"{info}/RECORD", record.getvalue().encode()))
    target = out_dir / f"{name}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for arc, data in files:
            entry = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))  # the same bytes each build
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            zf.writestr(entry, data)
    return target


# -- the site -----------------------------------------------------------------------------------
def _pyodide_files(pyodide: Path) -> tuple[list[str], str]:
    if not pyodide.is_dir():
        raise InvalidArgument(f"--pyodide {pyodide}: not a folder (give node_modules/pyodide of "
                              "`npm install pyodide`, or a Pyodide release folder)")
    missing = [n for n in PYODIDE_FILES if not (pyodide / n).is_file()]
    asm = [n for n in _PYODIDE_ASM if (pyodide / n).is_file()]
    if missing or not asm:
        raise InvalidArgument(f"--pyodide {pyodide}: no {', '.join(missing or ['pyodide.asm.mjs'])} "
                              "(not a Pyodide distribution)")
    version = "unknown"
    package = pyodide / "package.json"
    if package.is_file():
        version = str(json.loads(package.read_text(encoding="utf-8")).get("version", "unknown"))
    return [*PYODIDE_FILES[:1], asm[0], *PYODIDE_FILES[1:]], version


def build_site(out: str | os.PathLike[str], pyodide: str | os.PathLike[str],
               wheel: str | os.PathLike[str] | None = None) -> SiteReport:
    """Write the static site to ``out`` (created; the files it writes are replaced, others left):
    ``pyodide`` a local Pyodide distribution, ``wheel`` suanfan's pure wheel (default: made
    from the installed package by :func:`pure_wheel`)."""
    out_dir, pyo = Path(out), Path(pyodide)
    names, pyodide_version = _pyodide_files(pyo)
    if out_dir.exists() and not out_dir.is_dir():
        raise InvalidArgument(f"{out_dir}: not a folder")
    for sub in ("static", "tiles", "icons", "pyodide", "wheels"):
        (out_dir / sub).mkdir(parents=True, exist_ok=True)
    static = resources.files("suanfan.web") / "static"
    written: dict[str, bytes] = {}

    def put(rel: str, data: bytes) -> None:
        (out_dir / rel).write_bytes(data)
        written[rel] = data

    for rel in PAGE_FILES:
        put(rel, (static / rel.rpartition("/")[2]).read_bytes())
    for name in TILE_NAMES:
        put(f"tiles/{name}.svg", tile_picture(name).encode())
    for size in ICON_SIZES:
        put(f"icons/icon-{size}.png", icon_png(size))
    for name in names:
        shutil.copyfile(pyo / name, out_dir / "pyodide" / name)
        written[f"pyodide/{name}"] = (out_dir / "pyodide" / name).read_bytes()
    for old in (out_dir / "wheels").glob("suanfan-*.whl"):
        old.unlink()
    if wheel is None:
        wheel_path = pure_wheel(out_dir / "wheels")
    else:
        src = Path(wheel)
        if not src.is_file() or not src.name.endswith("-py3-none-any.whl"):
            raise InvalidArgument(f"--wheel {src}: not a pure suanfan wheel (*-py3-none-any.whl)")
        wheel_path = out_dir / "wheels" / src.name
        shutil.copyfile(src, wheel_path)
    wheel_rel = f"wheels/{wheel_path.name}"
    written[wheel_rel] = wheel_path.read_bytes()
    manifest = json.loads((static / "manifest.webmanifest").read_text(encoding="utf-8"))
    manifest.update(start_url="./", scope="./", icons=[
        {"src": f"icons/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png", "purpose": "any"}
        for n in ICON_SIZES] + [{"src": "tiles/7z.svg", "sizes": "any", "type": "image/svg+xml"}])
    put("manifest.webmanifest", json.dumps(manifest, ensure_ascii=False, indent=2).encode())
    engine = {"suanfan": __version__, "pyodide_version": pyodide_version, "pyodide": "pyodide/",
              "wheel": wheel_rel, "bytes": 0}
    engine["bytes"] = sum(len(d) for d in written.values())
    put("engine.json", json.dumps(engine, indent=2).encode())
    digest = hashlib.sha256()
    for rel in sorted(written):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(written[rel]).digest())
    precache = ["./", *sorted(r for r in written if r != "index.html")]
    sizes = {r: len(written["index.html" if r == "./" else r]) for r in precache}
    sw = (static / "sw.js").read_text(encoding="utf-8")
    sw = _replace_line(sw, "const VERSION = ", f'const VERSION = "{__version__}-{digest.hexdigest()[:12]}";')
    listing = json.dumps(sizes, separators=(",", ":"))
    sw = _replace_line(sw, "const PRECACHE = ", f"const PRECACHE = {listing};")
    put("sw.js", sw.encode())
    files = {rel: len(data) for rel, data in sorted(written.items())}
    return SiteReport(out_dir, files, __version__, wheel_rel, pyodide_version)


def _replace_line(text: str, start: str, new: str) -> str:
    lines = text.split("\n")
    hits = [i for i, line in enumerate(lines) if line.startswith(start)]
    if len(hits) != 1:
        raise AssertionError(f"sw.js: no single line starting {start!r}")
    lines[hits[0]] = new
    return "\n".join(lines)
