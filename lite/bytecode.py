"""Bytecode for the site's Python, compiled once when the site is built.

Pyodide imports from an in-memory file system that starts empty on every visit, and its
standard library and the wheels come as sources: without bytecode, every start of the kernel
compiles each module it imports (Python's own start, IPython, ipywidgets, ours), which is
most of the seconds before the first board. ``lite/build_site.py`` adds, beside every source:

* in ``python_stdlib.zip``: ``name.pyc`` next to ``name.py``, where ``zipimport`` looks;
* in each wheel: ``__pycache__/name.cpython-3XX.pyc``, where site-packages' importer looks,
  with its rows in the wheel's ``RECORD``.

The sources stay, so tracebacks, ``inspect`` and Jedi's completions read them as before, and
a wheel stays ``py3-none-any``: any other Python ignores a ``cpython-3XX`` cache. The .pyc are
unchecked-hash (PEP 552): imported as they are, never compared with their source, since no
file changes under a running kernel. A .pyc is only good for the CPython that wrote it, so
``lite/compile_pyc.mjs`` writes them with the browser's own interpreter, Pyodide in Node.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from base64 import urlsafe_b64encode
from dataclasses import dataclass
from hashlib import sha256
from pathlib import Path, PurePosixPath

COMPILER = Path(__file__).resolve().parent / "compile_pyc.mjs"


@dataclass(frozen=True)
class Compiled:
    """What :func:`add_bytecode` did: the .pyc files it added, and the sources it could not compile."""

    added: int
    not_compiled: tuple[str, ...]


def _sources(archive: zipfile.ZipFile, *, wheel: bool) -> list[zipfile.ZipInfo]:
    """The archive's Python sources that an import can reach (a wheel's metadata and data are not)."""
    found = []
    for info in archive.infolist():
        top = info.filename.split("/")[0]
        if not info.filename.endswith(".py") or info.is_dir():
            continue
        if wheel and top.endswith((".dist-info", ".data")):
            continue
        found.append(info)
    return found


def _cache_name(source: str, cache_tag: str, *, legacy: bool) -> str:
    path = PurePosixPath(source)
    if legacy:
        return f"{source}c"
    return str(path.parent / "__pycache__" / f"{path.stem}.{cache_tag}.pyc")


def _record_row(name: str, data: bytes) -> str:
    digest = urlsafe_b64encode(sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}"


def _rewrite(path: Path, compiled: Path, cache_tag: str, *, wheel: bool) -> tuple[int, list[str]]:
    """``path`` again with each source's .pyc from ``compiled``; returns how many, and the missing."""
    added, missing = 0, []
    rebuilt = path.with_suffix(".tmp")
    with zipfile.ZipFile(path) as old, zipfile.ZipFile(rebuilt, "w", zipfile.ZIP_DEFLATED) as new:
        record = next((i for i in old.infolist() if wheel and i.filename.endswith(".dist-info/RECORD")), None)
        rows = old.read(record).decode("utf-8").splitlines() if record else []
        for info in old.infolist():
            if info is not record:
                new.writestr(info, old.read(info))
        present = set(old.namelist())
        for source in _sources(old, wheel=wheel):
            name = _cache_name(source.filename, cache_tag, legacy=not wheel)
            if name in present:
                continue
            pyc = compiled / name
            if not pyc.is_file():
                missing.append(source.filename)
                continue
            data = pyc.read_bytes()
            entry = zipfile.ZipInfo(name, date_time=source.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            new.writestr(entry, data)
            rows.append(_record_row(name, data))
            added += 1
        if record is not None:
            new.writestr(record, "\n".join(rows) + "\n")
    rebuilt.replace(path)
    return added, missing


def add_bytecode(pyodide: Path, stdlib: Path, wheels: list[Path], work: Path) -> Compiled:
    """Add the .pyc of every source to ``stdlib`` (Pyodide's zip) and ``wheels``, in place.

    ``pyodide`` is the npm package's folder: its interpreter compiles (``node`` runs it).
    """
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to compile the site's Python with Pyodide")
    shutil.rmtree(work, ignore_errors=True)
    archives = {"stdlib": (stdlib, False), **{f"wheels/{w.stem}": (w, True) for w in wheels}}
    places = {}
    for folder, (path, wheel) in archives.items():
        with zipfile.ZipFile(path) as archive:
            for info in _sources(archive, wheel=wheel):
                target = work / folder / info.filename
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(info))
        places[folder] = {"place": "site-packages" if wheel else "stdlib", "legacy": not wheel}
    (work / "places.json").write_text(json.dumps(places), encoding="utf-8")
    result = subprocess.run([node, str(COMPILER), str(pyodide), str(work)], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"compiling the site's Python with Pyodide failed:\n{result.stderr[-3000:]}")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    added, missing = 0, []
    for folder, (path, wheel) in archives.items():
        count, skipped = _rewrite(path, work / folder, report["cache_tag"], wheel=wheel)
        added += count
        missing += [f"{path.name}: {name}" for name in skipped]
    return Compiled(added, tuple(missing))
