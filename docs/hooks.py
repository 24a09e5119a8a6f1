"""MkDocs hooks: pages generated from the code, so they cannot drift from it.

- ``<!-- reason-codes -->`` in a page becomes two tables: every error class with the reason
  codes it carries, and the catalogue of refusal reasons with their English and Polish texts.
- ``<!-- error-classes -->`` becomes the API entry of every error class of the package, and
  ``<!-- other-public-names -->`` the entry of every public name that no API page lists, so
  a new one is documented (from its docstring) without anyone listing it.
- The nav's "Examples" section lists every notebook of ``examples/``.
- The example notebooks are executed before mkdocs-jupyter renders them, without widget
  state: each board's output then falls back to the SVG the widget puts beside its view,
  so every board shows as a picture with no JavaScript and no network. (mkdocs-jupyter's
  own execution always stores the widget state, which makes the page load the widget
  manager from a CDN and show an empty box where the board was.)
"""

from __future__ import annotations

import ast
import asyncio
import importlib
import inspect
import os
import pkgutil
import re
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

MARKER = "<!-- reason-codes -->"
CLASSES_MARKER = "<!-- error-classes -->"
NOTEBOOKS = "examples/"
DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
OTHERS_MARKER = "<!-- other-public-names -->"
EXAMPLES = ROOT / "examples"
EXECUTED = ROOT / "build" / "docs-notebooks"
NOTEBOOK_TIMEOUT = 300
# Modules whose ``__all__`` is public API, and modules whose every public top-level
# class and function is.
ALL_OF = (
    "crescent_widget",
    "crescent_widget.solver",
    "crescent_widget.table",
    "crescent_widget.solver.survey",
    "crescent_widget.solver.survey.cli",
    "crescent_widget.bots",
    "crescent_widget.gym",
    "crescent_widget.solver.analysis.review",
)
DEFINED_IN = (
    "crescent_widget.solver.survey.runner",
    "crescent_widget.solver.survey.summary",
    "crescent_widget.solver.survey.cluster",
    "crescent_widget.solver.survey.parquet",
    "crescent_widget.solver.survey.resume",
    "crescent_widget.spiel",
    "crescent_widget.solver.survey.progress",
    "crescent_widget.solver.analysis.why",
    "crescent_widget.solver.safe",
    "crescent_widget.stats",
)
EXTRA = (
    "crescent_widget.engine.moves.Place",
    "crescent_widget.lessons.Lesson",
    "crescent_widget.lessons.sparse_position",
    "crescent_widget.lessons.LESSONS",
    "crescent_widget.words.i18n.Words",
    "crescent_widget.solver.survey.results.SurveyLineWarning",
)
_DIRECTIVE = re.compile(r"^::: (\S+)", re.MULTILINE)
_CODE = re.compile(r"``([a-z]+(?:_[a-z]+)+)``")


def error_classes() -> list[type[Exception]]:
    """Every ``CrescentError`` subclass, the base first, then by module and name."""
    import crescent_widget
    from crescent_widget.errors import CrescentError

    # Every module, so that every subclass is registered (``__main__`` would run the player).
    for module in pkgutil.walk_packages(crescent_widget.__path__, "crescent_widget."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)

    found: list[type[Exception]] = []
    stack: list[type[Exception]] = [CrescentError]
    while stack:
        cls = stack.pop()
        found.append(cls)
        stack.extend(cls.__subclasses__())
    return [CrescentError, *sorted(set(found) - {CrescentError}, key=lambda c: (c.__module__, c.__name__))]


def _public_members(cls: type) -> dict[str, str]:
    """Public methods and properties a class of the package has, each with the class that defines it."""
    names: dict[str, str] = {}
    for klass in cls.__mro__:
        if not klass.__module__.startswith("crescent_widget"):
            continue
        for name, value in vars(klass).items():
            if name.startswith("_") or name in names:
                continue
            if inspect.isfunction(value) or isinstance(value, (property, classmethod, staticmethod)):
                names[name] = f"{klass.__module__}.{klass.__qualname__}"
    return names


def public_objects() -> dict[str, tuple[object, set[str]]]:
    """Each public class, function or constant: its object, and the anchors that may document
    it (the path a user imports it by, or its home module's)."""
    found: dict[str, tuple[object, set[str]]] = {}

    def add(path: str, obj: object) -> None:
        found[path] = (obj, {path, f"{getattr(obj, '__module__', '')}.{path.rsplit('.', 1)[1]}"})

    for module_name in ALL_OF:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            add(f"{module_name}.{name}", getattr(module, name))
    for module_name in DEFINED_IN:
        module = importlib.import_module(module_name)
        for name, obj in vars(module).items():
            if (
                not name.startswith("_")
                and (inspect.isclass(obj) or inspect.isfunction(obj))
                and obj.__module__ == module_name
            ):
                add(f"{module_name}.{name}", obj)
    for path in EXTRA:
        module_name, name = path.rsplit(".", 1)
        add(path, getattr(importlib.import_module(module_name), name))
    for cls in error_classes():
        add(f"{cls.__module__}.{cls.__name__}", cls)
    # A class or function exported by two modules (``crescent_widget.play_many`` is
    # ``crescent_widget.bots.play_many``) is documented by an entry under either name.
    by_object: dict[int, set[str]] = {}
    for obj, anchors in found.values():
        if inspect.isclass(obj) or inspect.isfunction(obj):
            by_object.setdefault(id(obj), set()).update(anchors)
    return {path: (obj, by_object.get(id(obj), anchors)) for path, (obj, anchors) in found.items()}


def public_names() -> dict[str, set[str]]:
    """Every public name, the public methods and properties of the classes included, with
    the anchors that may document it."""
    names: dict[str, set[str]] = {}
    for path, (obj, anchors) in public_objects().items():
        names[path] = anchors
        if inspect.isclass(obj):
            # An inherited member may be documented where it is defined (CrescentError.text).
            for member, owner in _public_members(obj).items():
                names[f"{path}.{member}"] = {f"{anchor}.{member}" for anchor in anchors} | {f"{owner}.{member}"}
    return names


def undocumented_objects() -> list[str]:
    """Public names that no API page lists (``::: name``) and no generated entry covers."""
    listed = {
        match.group(1)
        for page in (DOCS / "api").glob("*.md")
        for match in _DIRECTIVE.finditer(page.read_text(encoding="utf-8"))
    }
    listed |= {f"{cls.__module__}.{cls.__name__}" for cls in error_classes()}
    # A module's entry (``::: crescent_widget.solver.survey.cli``) covers what that module makes public.
    return [
        path
        for path, (_, anchors) in public_objects().items()
        if not anchors & listed and not any(anchor.startswith(f"{entry}.") for anchor in anchors for entry in listed)
    ]


def _string_constants(tree: ast.AST) -> set[str]:
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def fixed_reason(cls: type[Exception]) -> str | None:
    """The reason code a class's ``__init__`` always passes up, if it fixes one."""
    init = cls.__dict__.get("__init__")
    if init is None:
        return None
    tree = ast.parse(inspect.cleandoc("\n" + inspect.getsource(init)))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "__init__"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            return node.args[0].value
    return None


def named_reasons(cls: type[Exception]) -> list[str]:
    """Reason codes a class's docstring names that its module really passes as strings."""
    module = inspect.getmodule(cls)
    if module is None or not cls.__doc__:
        return []
    literals = _string_constants(ast.parse(inspect.getsource(module)))
    return [code for code in dict.fromkeys(_CODE.findall(cls.__doc__)) if code in literals]


def reason_codes(cls: type[Exception]) -> list[str]:
    """The reason codes an error of this class carries, as far as the code fixes them."""
    fixed = fixed_reason(cls)
    return [fixed] if fixed is not None else named_reasons(cls)


def _first_line(doc: str | None) -> str:
    return " ".join((doc or "").strip().split("\n\n")[0].split())


def reason_tables() -> str:
    """The Markdown of both tables."""
    from crescent_widget.words.i18n import REASONS

    rows = ["| error | is a | reason codes | raised for |", "|---|---|---|---|"]
    for cls in error_classes():
        codes = reason_codes(cls)
        base = cls.__mro__[1].__name__
        if codes:
            shown = ", ".join(f"`{code}`" for code in codes)
        elif cls.__name__ in ("CrescentError", "IllegalMoveError"):
            shown = "a code of the catalogue below"
        else:
            shown = "the code of the refusal it reports"
        path = f"{cls.__module__}.{cls.__name__}"
        rows.append(f"| [`{cls.__name__}`][{path}] | `{base}` | {shown} | {_first_line(cls.__doc__)} |")
    catalogue = ["| reason | English | Polish |", "|---|---|---|"]
    catalogue += [f"| `{code}` | {texts['en']} | {texts['pl']} |" for code, texts in REASONS.items()]
    return "\n".join(rows) + "\n\n### The catalogue of reasons\n\n" + "\n".join(catalogue) + "\n"


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Fill in the generated tables where a page asks for them."""
    if MARKER in markdown:
        markdown = markdown.replace(MARKER, reason_tables())
    if OTHERS_MARKER in markdown:
        # A public name no page lists yet still gets its entry, from its docstring.
        others = undocumented_objects()
        entries = ["## Other public names", *(f"::: {path}" for path in others)] if others else []
        markdown = markdown.replace(OTHERS_MARKER, "\n\n".join(entries))
    if CLASSES_MARKER in markdown:
        entries = [f"::: {cls.__module__}.{cls.__name__}" for cls in error_classes()]
        markdown = markdown.replace(CLASSES_MARKER, "\n\n".join(entries))
    return markdown


async def _execute_notebook(source: Path, target: Path, slots: asyncio.Semaphore) -> None:
    """Run a notebook top to bottom in a fresh kernel; any error fails the build."""
    import nbformat
    from jupyter_client.manager import AsyncKernelManager
    from nbclient import NotebookClient

    async with slots:
        notebook = nbformat.read(source, as_version=4)
        with tempfile.TemporaryDirectory() as workdir:  # whatever a notebook writes stays out of the tree
            # Local sockets, not TCP ports: a port picked free can be taken by another process
            # before the kernel binds it ("Address already in use") on a busy machine.
            kernel = AsyncKernelManager(kernel_name="python3", transport="ipc", ip=str(Path(workdir) / "kernel"))
            client = NotebookClient(
                notebook,
                km=kernel,
                timeout=NOTEBOOK_TIMEOUT,
                store_widget_state=False,
                allow_errors=False,
                resources={"metadata": {"path": workdir}},
            )
            # The examples play games from code: their statistics stay with the build, out of
            # the user's own file.
            env = {**os.environ, "CRESCENT_STATS_PATH": str(Path(workdir) / "stats.sqlite3")}
            try:
                await client.async_execute(env=env)
            finally:
                if kernel.has_kernel:  # a kernel manager passed in is ours to shut down
                    await kernel.shutdown_kernel(now=True)
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(notebook, target)


def execute_notebooks(jobs: list[tuple[Path, Path]]) -> None:
    """Run the notebooks, as many at once as there are cores, the biggest first."""
    slots = asyncio.Semaphore(max(1, os.cpu_count() or 1))
    ordered = sorted(jobs, key=lambda job: -job[0].stat().st_size)

    async def run_all() -> None:
        await asyncio.gather(*(_execute_notebook(source, target, slots) for source, target in ordered))

    asyncio.run(run_all())


def on_config(config: MkDocsConfig, **_: Any) -> MkDocsConfig:
    """Fill the nav's "Examples" section with every example notebook, play first."""
    notebooks = sorted(EXAMPLES.glob("*.ipynb"), key=lambda path: (path.name != "play.ipynb", path.name))
    for entry in config.nav or []:
        if isinstance(entry, dict) and "Examples" in entry:
            entry["Examples"] = [f"{NOTEBOOKS}{path.name}" for path in notebooks]
    return config


@event_priority(100)  # before mkdocs-jupyter's own on_files, which picks the notebooks up
def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    """Add each example notebook, freshly executed, as the page ``examples/NAME.ipynb``."""
    jobs = []
    for source in sorted(EXAMPLES.glob("*.ipynb")):
        uri = f"{NOTEBOOKS}{source.name}"
        jobs.append((source, EXECUTED / uri))  # keeps examples/NAME.ipynb: mkdocs-jupyter matches on it
        # A file of a second source folder (not File.generated): mkdocs-jupyter's wrapper
        # finds the path through src_dir.
        files.append(File(uri, str(EXECUTED), config.site_dir, config.use_directory_urls))
    execute_notebooks(jobs)
    return files
