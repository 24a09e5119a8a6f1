"""A page that plays VS Code's notebook webview for ipywidgets, for ``test_vscode.py``.

What it reproduces:

* the widget manager is VS Code's own: ``dist/ipywidgets.js`` of the npm package
  ``@vscode/jupyter-ipywidgets8`` (what VS Code's Jupyter extension loads), copied unchanged;
  ``activate()``, ``vscIPyWidgets8.load()``, then
  ``new vscIPyWidgets.WidgetManager(kernel, undefined, scriptLoader, logger, undefined)``;
* require.js (npm ``requirejs``) on the page first, as VS Code ships it as a notebook preload;
* how VS Code finds the ``anywidget`` front end with its default settings (no CDN sources,
  a local Python kernel): it copies every Jupyter data directory's ``nbextensions`` into a
  folder of its own (lowest priority first), reads the ``require.config`` map out of each
  ``extension.js`` (the same text scan as its ``extractRequireConfigFromWidgetEntry``), drops
  the modules it bundles itself, and answers ``loadWidgetScript`` by registering the module's
  path in requirejs; ``data-base-url`` on the body is that folder;
* a cell's ``application/vnd.jupyter.widget-view+json`` output rendered as VS Code does:
  ``get_model``, ``create_view``, ``display_view`` into ``.cell-output-ipywidget-background``.

What it does not: the kernel here is a real ``@jupyterlab/services`` ``KernelConnection`` in
the page, where VS Code's webview talks to a proxy kernel that forwards messages over
``postMessage`` to the extension host (so message batching and ordering across that bridge are
not tested); there is no VS Code window, theme variables or notebook editor around the output
(the body has the ``vscode-light`` class only); cells run from the page, not from VS Code's
notebook controller; ipywidgets 7 and the CDN and remote-server script sources are not used.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
SOURCES = Path(__file__).resolve().parent / "vscode"
IPYWIDGETS8 = NODE_MODULES / "@vscode" / "jupyter-ipywidgets8" / "dist" / "ipywidgets.js"
REQUIREJS = NODE_MODULES / "requirejs" / "require.js"
ESBUILD = NODE_MODULES / ".bin" / "esbuild"
# What VS Code bundles itself and so never loads from nbextensions (baseIPyWidgetScriptManager.ts).
BUNDLED = ("jupyter-js-widgets", "@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/output")
_CONFIG_CALL = re.compile(r"require(?:js)?\??\.config\(\{")
_ENTRY = re.compile(r"""^\s*["']?([^"':]+)["']?\s*:\s*["']([^"']+)["']\s*$""")


def require_config(extension_js: str) -> dict[str, str]:
    """The module -> path map of an nbextension's ``require.config`` call, read as VS Code reads it:
    from the call's text up to its first ``)``, the innermost ``{...}`` split on commas.

    >>> require_config('define(function () { window.requirejs?.config({ map: { "*": {'
    ...                '\\n anywidget: "nbextensions/anywidget/index",\\n }, }, }); });')
    {'anywidget': 'nbextensions/anywidget/index'}
    >>> require_config("define([], function () {});")
    {}
    """
    match = _CONFIG_CALL.search(extension_js)
    if match is None:
        return {}
    text = extension_js[match.end() - 1 : extension_js.find(")", match.end())]
    inner = text.split("{")[-1].split("}")[0]
    return dict(m.groups() for entry in inner.split(",") if (m := _ENTRY.match(entry.strip())))


def local_widget_sources(data_dirs: list[str], target: Path, target_url: str) -> list[dict[str, str]]:
    """Copy each data directory's ``nbextensions`` into ``target/nbextensions`` (lowest priority
    first, so the highest wins) and list the widget modules found there with their URLs
    (``target`` is served at ``target_url``), as VS Code's LocalIPyWidgetScriptManager does."""
    nbextensions = target / "nbextensions"
    nbextensions.mkdir(parents=True, exist_ok=True)
    for data_dir in reversed(data_dirs):
        source = Path(data_dir) / "nbextensions"
        if source.is_dir():
            shutil.copytree(source, nbextensions, dirs_exist_ok=True)
    mapping: dict[str, str] = {}
    for entry in sorted(nbextensions.rglob("extension.js")):
        mapping.update(require_config(entry.read_text(encoding="utf-8", errors="replace")))
    return [
        {"moduleName": name, "scriptUri": f"{target_url}/{path}", "source": "local"}
        for name, path in mapping.items()
        if name not in BUNDLED
    ]


def build_page(directory: Path, page_url: str, server_url: str, data_dirs: list[str]) -> None:
    """Write the page into ``directory``, served at ``page_url``; its kernel runs on the Jupyter
    server at ``server_url``; ``data_dirs`` are the kernel's Jupyter data directories."""
    for needed in (IPYWIDGETS8, REQUIREJS, ESBUILD):
        if not needed.exists():
            raise RuntimeError(f"{needed} is missing: run npm ci (scripts/bootstrap.sh does)")
    directory.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SOURCES / "index.html", directory / "index.html")
    shutil.copyfile(REQUIREJS, directory / "require.js")
    shutil.copyfile(IPYWIDGETS8, directory / "ipywidgets.js")
    command = [str(ESBUILD), str(SOURCES / "page.js"), "--bundle", "--format=esm", "--target=es2022",
               f"--outfile={directory / 'page.js'}", "--log-level=warning"]  # fmt: skip
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"esbuild failed:\n{result.stderr}")
    # VS Code's copy lives in <extension>/temp/scripts/<kernel hash>/jupyter.
    kernel_hash = hashlib.sha256(b"python3").hexdigest()[:16]
    base = directory / "temp" / "scripts" / kernel_hash / "jupyter"
    base_url = f"{page_url}/temp/scripts/{kernel_hash}/jupyter"
    sources = local_widget_sources(data_dirs, base, base_url)
    host = {"server": server_url, "baseUrl": base_url, "ipywidgets": "./ipywidgets.js", "sources": sources}
    (directory / "host.json").write_text(json.dumps(host, indent=1), encoding="utf-8")
