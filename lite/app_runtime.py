"""The Python that the app pages load (``app/pyodide/``): Pyodide and the game, nothing else.

An app page runs a board, not a notebook: it needs no JupyterLab, no kernel, no IPython, and
none of their packages. ``lite/build_site.py`` writes, beside the app pages:

* ``pyodide.mjs`` and ``pyodide.asm.mjs``, Pyodide's loader (a static host compresses scripts);
* ``pyodide.asm.wasm.gz``, the runtime compressed once here (``python.js`` unpacks it as it
  arrives), so that the first visit is as small on a host that compresses nothing else;
* ``python_stdlib.zip``: Pyodide's standard library as sources, except the modules a page
  imports before its first board (found by running the page's Python in Pyodide in Node,
  ``lite/trace_imports.mjs``), which come as bytecode (``.pyc``, compiled by ``lite/bytecode.py``)
  instead of their source: quick to start, small to send, and every other module still there;
* the game's wheel (its bytecode beside its sources) and a ``pyodide-lock.json`` that lists it
  alone: Pyodide loads it at start, with nothing it would not use.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TRACER = Path(__file__).resolve().parent / "trace_imports.mjs"
FOLDER = "pyodide"
LOADER = ("pyodide.mjs", "pyodide.asm.mjs")
WASM = "pyodide.asm.wasm"
STDLIB = "python_stdlib.zip"
LOCK = "pyodide-lock.json"
PACKAGE = "crescent-widget"


@dataclass(frozen=True)
class AppRuntime:
    """What an app page downloads besides its own page and scripts: each file's bytes as sent."""

    files: dict[str, int]

    @property
    def bytes(self) -> int:
        return sum(self.files.values())


def traced_stdlib(runtime: Path, wheel: Path, host: Path) -> set[str]:
    """The standard library's files (``json/__init__.py``) that the page's Python imports before its board."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to find what the app pages import")
    result = subprocess.run(
        [node, str(TRACER), str(runtime), str(wheel), str(host)], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise SystemExit(f"running the app pages' Python in Pyodide failed:\n{result.stderr[-3000:]}")
    return set(json.loads(result.stdout.strip().splitlines()[-1])["files"])


def slim_stdlib(source: Path, compiled: Path, imported: set[str], dest: Path) -> int:
    """``source`` (the sources' zip) with each ``imported`` module's ``.pyc`` from ``compiled`` in
    place of its source; returns how many were swapped."""
    swapped = 0
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for info in old.infolist():
            pyc = compiled / f"{info.filename}c"
            if info.filename in imported and pyc.is_file():
                entry = zipfile.ZipInfo(f"{info.filename}c", date_time=info.date_time)
                entry.compress_type = zipfile.ZIP_DEFLATED
                new.writestr(entry, pyc.read_bytes())
                swapped += 1
            else:
                entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                entry.compress_type = zipfile.ZIP_DEFLATED
                new.writestr(entry, old.read(info))
    return swapped


def lock_file(runtime_lock: dict[str, Any], wheel: Path) -> dict[str, Any]:
    """A lock file listing the game's wheel alone (the page imports none of its requirements)."""
    return {
        "info": runtime_lock["info"],
        "packages": {
            PACKAGE: {
                "name": PACKAGE,
                "version": wheel.name.split("-")[1],
                "file_name": wheel.name,
                "install_dir": "site",
                "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
                "package_type": "package",
                "imports": ["crescent_widget"],
                "depends": [],
                "unvendored_tests": False,
            }
        },
    }


def write_app_runtime(runtime: Path, wheel: Path, compiled_stdlib: Path, host: Path, app_dir: Path) -> AppRuntime:
    """Write ``app_dir/pyodide/`` from the npm package ``runtime``, the game's ``wheel`` (bytecode
    added) and the standard library's bytecode in ``compiled_stdlib``; see the module docs."""
    dest = app_dir / FOLDER
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for name in LOADER:
        shutil.copy2(runtime / name, dest / name)
    (dest / f"{WASM}.gz").write_bytes(gzip.compress((runtime / WASM).read_bytes(), compresslevel=9, mtime=0))
    imported = traced_stdlib(runtime, wheel, host)
    swapped = slim_stdlib(runtime / STDLIB, compiled_stdlib, imported, dest / STDLIB)
    print(f"app pages: {swapped} modules of the standard library as bytecode, the rest as sources")
    shutil.copy2(wheel, dest / wheel.name)
    runtime_lock = json.loads((runtime / LOCK).read_text(encoding="utf-8"))
    (dest / LOCK).write_text(json.dumps(lock_file(runtime_lock, wheel), indent=1), encoding="utf-8")
    sent = [f"{WASM}.gz", STDLIB, wheel.name, LOCK]
    return AppRuntime({name: (dest / name).stat().st_size for name in sent})


def front_end(wheel: Path, app_dir: Path) -> None:
    """The board's bundle (``widget.js``, ``widget.css``) from the game's wheel: the very one a widget gets."""
    with zipfile.ZipFile(wheel) as archive:
        for name in ("widget.js", "widget.css"):
            (app_dir / name).write_bytes(archive.read(f"crescent_widget/static/{name}"))
