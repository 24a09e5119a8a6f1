"""Build the static site into ``site/``: ``scripts/site`` runs this.

The site plays, teaches and scripts Crescent in the browser with no server and no network:

1. our wheel (``pip wheel``, which also bundles the front end with esbuild);
2. the Pyodide runtime from npm's ``pyodide`` package (``lite/package.json``, locked);
3. every other wheel Pyodide loads, pure Python, pinned with hashes in ``lite/wheels.txt``,
   plus the four that ``jupyterlite-pyodide-kernel`` ships; then bytecode beside every source
   of these wheels and of Pyodide's standard library (``lite/bytecode.py``), so that the
   browser does not compile each module again at every start;
4. a ``pyodide-lock.json`` listing exactly those wheels, so that Pyodide loads all of them
   from the site at kernel start (``loadPyodideOptions.packages``) and none from a CDN;
5. ``jupyter lite build`` with only the front-end extensions the site needs (the kernel,
   ipywidgets' manager, anywidget) and ``examples/play.ipynb`` and ``examples/learn.ipynb``;
6. the pages for pupils (``lite/app_pages.py``): ``app/play.html`` and ``app/lesson-N.html``,
   which start by themselves with no code in sight; they load Pyodide without JupyterLab, with
   the game's wheel alone (``lite/app_runtime.py``, into ``app/pyodide/``);
7. the teachers' page at the site's root (a QR code of each link for the address ``--url``
   names), and the printable guide and rules (``lite/teacher_pages.py``).

Step 4 checks that every requirement of every wheel, as it applies in the browser, is met by
another wheel of the site: a missing package fails the build, not a student's first cell.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path
from typing import Any

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

sys.path.insert(0, str(Path(__file__).resolve().parent))
import app_pages  # beside this script, which runs as a file
import app_runtime
import bytecode
import teacher_pages

from crescent_widget.words.i18n import DEFAULT_LANG, LANGS

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
NOTEBOOKS = ("examples/play.ipynb", "examples/learn.ipynb")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNEL_EXTENSION = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
# The kernel's own wheels: piplite and pyodide-kernel, and stand-ins for ipykernel and
# widgetsnbextension (4.x, for ipywidgets 8) that only carry metadata.
KERNEL_WHEELS = ("piplite-", "pyodide_kernel-", "ipykernel-", "widgetsnbextension-4.")
# What the front end needs besides the kernel: ipywidgets' manager and anywidget.
FRONT_END_WHEELS = ("jupyterlab_widgets-", "anywidget-")
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


@dataclass(frozen=True)
class Wheel:
    """One wheel the site serves, with what Pyodide's lock file needs to know of it."""

    path: Path
    name: str
    version: str
    requires: tuple[Requirement, ...]
    imports: tuple[str, ...]

    @classmethod
    def read(cls, path: Path) -> Wheel:
        name, version, _, tags = parse_wheel_filename(path.name)
        if not any(tag.platform == "any" and tag.abi == "none" for tag in tags):
            raise SystemExit(f"{path.name}: not a pure-Python wheel; Pyodide cannot load it from this site")
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            info = next(n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
            metadata = Parser().parsestr(archive.read(info).decode("utf-8"))
        requires = tuple(Requirement(text) for text in metadata.get_all("Requires-Dist") or [])
        tops = {n.split("/")[0] for n in names if n.endswith(".py") or "/" in n}
        imports = sorted(t.removesuffix(".py") for t in tops if not t.endswith((".dist-info", ".data")))
        return cls(path, str(name), str(version), requires, tuple(imports))


def browser_environment(python: str) -> dict[str, str]:
    """Environment markers as Pyodide reports them (PEP 508), for ``python`` like ``3.14.2``."""
    return {
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "python_version": ".".join(python.split(".")[:2]),
        "python_full_version": python,
        "extra": "",
    }


def lock_file(runtime_lock: dict[str, Any], wheels: list[Wheel]) -> dict[str, Any]:
    """A Pyodide lock file listing exactly ``wheels``; fails on any unmet requirement."""
    by_name = {w.name: w for w in wheels}
    environment = browser_environment(runtime_lock["info"]["python"])
    problems: list[str] = []
    packages: dict[str, Any] = {}
    for wheel in sorted(wheels, key=lambda w: w.name):
        depends: list[str] = []
        for requirement in wheel.requires:
            if requirement.marker is not None and not Marker(str(requirement.marker)).evaluate(environment):
                continue
            dependency = by_name.get(canonicalize_name(requirement.name))
            if dependency is None:
                problems.append(f"{wheel.name} {wheel.version} needs {requirement}: not in lite/wheels.txt")
            elif not requirement.specifier.contains(dependency.version, prereleases=True):
                problems.append(f"{wheel.name} {wheel.version} needs {requirement}, the site has {dependency.version}")
            else:
                depends.append(dependency.name)
        packages[wheel.name] = {
            "name": wheel.name,
            "version": wheel.version,
            "file_name": wheel.path.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.path.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": list(wheel.imports),
            "depends": sorted(set(depends)),
            "unvendored_tests": False,
        }
    if problems:
        raise SystemExit("the site's wheels do not fit together:\n  " + "\n  ".join(problems))
    return {"info": runtime_lock["info"], "packages": packages}


def run(command: list[str], cwd: Path = ROOT) -> None:
    print("$", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, check=True)


def build_our_wheel(dest: Path) -> Path:
    """crescent-widget's wheel, front end included; the same a ``pip install`` gets."""
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(dest), str(ROOT)])
    return next(dest.glob("crescent_widget-*.whl"))


def fetch_runtime() -> Path:
    """The npm ``pyodide`` package, as locked in ``lite/package-lock.json``."""
    run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=LITE)
    return LITE / "node_modules" / "pyodide"


def fetch_wheels(dest: Path) -> list[Path]:
    """The pinned pure-Python wheels of ``lite/wheels.txt``, hashes checked by pip."""
    pure = ["--only-binary=:all:", "--platform", "any", "--implementation", "py", "--abi", "none"]
    run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "--require-hashes", *pure,
         "--python-version", "3.14", "--dest", str(dest), "-r", str(LITE / "wheels.txt")]
    )  # fmt: skip
    return sorted(dest.glob("*.whl"))


def kernel_wheels() -> list[Path]:
    """The wheels shipped inside jupyterlite-pyodide-kernel's front-end extension."""
    shipped = sorted((KERNEL_EXTENSION / "static" / "pypi").glob("*.whl"))
    found = [p for p in shipped if p.name.startswith(KERNEL_WHEELS)]
    if len(found) != len(KERNEL_WHEELS):
        raise SystemExit(f"the kernel's wheels are not in {KERNEL_EXTENSION}: pip install -e '.[site]'")
    return found


def site_settings(packages: list[str]) -> dict[str, Any]:
    """``jupyter-lite.json``: load every package at kernel start, never fall back to PyPI."""
    kernel = {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": packages}}
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"appName": "Crescent", "litePluginSettings": {KERNEL_PLUGIN: kernel}},
    }


def build(output: Path, work: Path, lang: str, url: str = "") -> None:
    started = time.perf_counter()
    shutil.rmtree(work, ignore_errors=True)
    lite_dir = work / "lite"
    pyodide_dir = lite_dir / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)

    runtime = fetch_runtime()
    for name in PYODIDE_RUNTIME:
        shutil.copy2(runtime / name, pyodide_dir / name)
    ours = build_our_wheel(work / "dist")
    pypi = fetch_wheels(work / "pypi")
    all_wheels = [ours, *pypi, *kernel_wheels()]
    for path in all_wheels:
        shutil.copy2(path, pyodide_dir / path.name)
    compiled = bytecode.add_bytecode(
        runtime, pyodide_dir / "python_stdlib.zip", [pyodide_dir / p.name for p in all_wheels], work / "bytecode"
    )
    print(f"bytecode: {compiled.added} .pyc added, {len(compiled.not_compiled)} sources left to compile in the browser")
    wheels = [Wheel.read(pyodide_dir / p.name) for p in all_wheels]
    runtime_lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock = lock_file(runtime_lock, wheels)
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    settings = site_settings(sorted(lock["packages"]))
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(settings, indent=1), encoding="utf-8")

    front_end = [str(p) for p in pypi if p.name.startswith(FRONT_END_WHEELS)]
    shutil.rmtree(output, ignore_errors=True)
    command = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite_dir),
               "--output-dir", str(output), "--ignore-sys-prefix", "--no-sourcemaps",
               f"--LiteBuildConfig.federated_extensions={json.dumps([str(KERNEL_EXTENSION), *front_end])}"]  # fmt: skip
    for notebook in NOTEBOOKS:
        command += ["--contents", str(ROOT / notebook)]
    run(command, cwd=lite_dir)
    (output / ".nojekyll").touch()  # GitHub Pages: serve every file as it is
    app_dir = output / app_pages.APP_DIR
    app_dir.mkdir(parents=True, exist_ok=True)
    ours_compiled = pyodide_dir / ours.name  # with its bytecode
    runtime_files = app_runtime.write_app_runtime(
        runtime, ours_compiled, work / "bytecode" / "stdlib", app_pages.WEB / "host.py", app_dir
    )
    app_runtime.front_end(ours_compiled, app_dir)
    app_pages.write_app_pages(output, lang, runtime_files)
    check_site(output, lock)
    sizes = app_pages.site_sizes(output)
    app_pages.write_landing_page(output, lang, sizes, url)
    teacher_pages.write_teacher_pages(output, lang)
    print(
        f"site built in {time.perf_counter() - started:.0f} s: {output} ({sizes.total / 1e6:.0f} MB; an app page's "
        f"first visit {sizes.app / 1e6:.1f} MB as a host sends it); pages speak {lang} by default"
    )


def check_site(output: Path, lock: dict[str, Any]) -> None:
    """The built site serves its own Pyodide and every wheel in the lock, hashes matching."""
    config = json.loads((output / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise SystemExit(f"the site does not load its own Pyodide: pyodideUrl is {kernel.get('pyodideUrl')!r}")
    pyodide_dir = output / "static" / "pyodide"
    for name in PYODIDE_RUNTIME:
        if not (pyodide_dir / name).is_file():
            raise SystemExit(f"the site lacks Pyodide's {name}")
    for package in lock["packages"].values():
        data = (pyodide_dir / package["file_name"]).read_bytes()
        if hashlib.sha256(data).hexdigest() != package["sha256"]:
            raise SystemExit(f"the site's {package['file_name']} does not match its lock entry")
    for notebook in NOTEBOOKS:
        if not (output / "files" / Path(notebook).name).is_file():
            raise SystemExit(f"the site lacks {notebook}")
    for page in app_pages.app_pages():
        if not (output / app_pages.APP_DIR / page.file).is_file():
            raise SystemExit(f"the site lacks its page {app_pages.APP_DIR}/{page.file}")
    app_python = output / app_pages.APP_DIR / app_runtime.FOLDER
    for name in (*app_runtime.LOADER, f"{app_runtime.WASM}.gz", app_runtime.STDLIB, app_runtime.LOCK):
        if not (app_python / name).is_file():
            raise SystemExit(f"the app pages lack Pyodide's {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/site", description=__doc__.split("\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "site", help="where to build (default site/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "site", help="scratch folder")
    parser.add_argument(
        "--lang",
        choices=LANGS,
        default=DEFAULT_LANG,
        help=f"the pages' language when a link names none (default {DEFAULT_LANG})",
    )
    parser.add_argument(
        "--url",
        default="",
        help="the address the site will be published at (https://NAME.github.io/REPO/): the teachers' "
        "page shows a QR code of each link there",
    )
    args = parser.parse_args(argv)
    if args.url and not args.url.startswith(("http://", "https://")):
        parser.error(f"--url must start with http:// or https://, not {args.url!r}")
    os.environ.setdefault("JUPYTER_PLATFORM_DIRS", "1")
    build(args.output.resolve(), args.work.resolve(), args.lang, args.url)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
