"""The site's pages for pupils and teachers: ``lite/build_site.py`` writes them into the built site.

* ``app/play.html`` and ``app/lesson-N.html``: pages that start by themselves, with no code in
  sight. Each shows JupyterLite's REPL app (``repl/index.html``) in a frame, with the code of
  its board given in the REPL's URL (``code=``, ``hideCodeInput=1``); ``lite/web/app.js`` hides
  the console's editor and chrome, shows the board once it is drawn, keeps lesson progress in
  the browser's storage and offers Try again and Next lesson.
* ``index.html`` at the site's root: "For teachers", the links to every page in both
  languages, how to publish, and the download size.

The language comes from the link (``?lang=en``); ``--lang`` of ``scripts/site`` sets the default.
Every text goes into the pages as JSON and is drawn with ``textContent``.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crescent_widget.lessons import LESSONS
from crescent_widget.words.i18n import LANGS

WEB = Path(__file__).resolve().parent / "web"
APP_DIR = "app"
# The browser's localStorage key of the lessons done: the lesson boards keep them there
# (CrescentWidget's lesson_storage), and the pages read and clear them.
STORE = "crescent-widget/lessons-done"
# The REPL's own options: the Pyodide kernel, no banner, only the code's output.
REPL_OPTIONS = {"kernel": "python", "toolbar": "0", "showBanner": "0", "hideCodeInput": "1"}

# The app pages' own words; the board's are the widget's.
WORDS: dict[str, dict[str, str]] = {
    "pl": {
        "play": "Półksiężyc",
        "lesson": "Lekcja",
        "lessons": "Lekcje",
        "starting": "Uruchamiam Pythona w przeglądarce…",
        "first_visit": "Za pierwszym razem trwa to dłużej: przeglądarka pobiera Pythona.",
        "slow": "To trwa dłużej niż zwykle.",
        "failed": "Coś poszło nie tak.",
        "reload": "Załaduj ponownie",
        "again": "Jeszcze raz",
        "next": "Następna lekcja",
        "to_play": "Zagraj partię",
        "to_lessons": "Lekcje",
        "done": "zrobiona",
        "reset": "Wyczyść postępy",
        "other_lang": "English",
    },
    "en": {
        "play": "Crescent",
        "lesson": "Lesson",
        "lessons": "Lessons",
        "starting": "Starting Python in the browser…",
        "first_visit": "The first visit takes longer: the browser downloads Python.",
        "slow": "This is taking longer than usual.",
        "failed": "Something went wrong.",
        "reload": "Reload",
        "again": "Try again",
        "next": "Next lesson",
        "to_play": "Play a game",
        "to_lessons": "Lessons",
        "done": "done",
        "reset": "Reset progress",
        "other_lang": "Polski",
    },
}


@dataclass(frozen=True)
class AppPage:
    """One page that starts by itself: ``play`` or lesson ``number`` (1-based)."""

    file: str
    lesson: int | None = None

    def code(self, lang: str) -> str:
        """The Python the REPL runs for this page in ``lang``: its board, as the cell's result."""
        board = "from crescent_widget import CrescentWidget\nCrescentWidget("
        if self.lesson is None:
            return f"{board}lang={lang!r})"
        return f"{board}lesson={self.lesson}, lang={lang!r}, lesson_storage={STORE!r})"


def app_pages() -> list[AppPage]:
    """Play, then every lesson in order."""
    return [AppPage("play.html"), *(AppPage(f"lesson-{n}.html", n) for n in range(1, len(LESSONS) + 1))]


def page_config(page: AppPage, default_lang: str) -> dict[str, Any]:
    """What ``app.js`` needs to know of ``page``: every text in both languages, and its code."""
    return {
        "lesson": page.lesson,
        "defaultLang": default_lang,
        "langs": list(LANGS),
        "store": STORE,
        "repl": REPL_OPTIONS,
        "code": {lang: page.code(lang) for lang in LANGS},
        "lessons": [
            {"key": lesson.key, "file": f"lesson-{n}.html", "title": {lang: lesson.title.text(lang) for lang in LANGS}}
            for n, lesson in enumerate(LESSONS, start=1)
        ],
        "words": WORDS,
    }


def json_for_script(data: Any) -> str:
    """JSON that can sit inside a ``<script>`` element: no ``</script>`` can close it early."""
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")


def fill(template: str, **values: str) -> str:
    for name, value in values.items():
        template = template.replace("{{" + name + "}}", value)
    if "{{" in template:
        raise SystemExit(f"a page template has an unfilled field: {template[template.index('{{') :][:40]}")
    return template


def write_app_pages(output: Path, default_lang: str) -> list[Path]:
    """``app/*.html`` with their script and style; returns the pages written."""
    folder = output / APP_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("app.js", "app.css"):
        shutil.copy2(WEB / name, folder / name)
    template = (WEB / "app.html").read_text(encoding="utf-8")
    written = []
    for page in app_pages():
        config = page_config(page, default_lang)
        path = folder / page.file
        path.write_text(fill(template, LANG=default_lang, CONFIG=json_for_script(config)), encoding="utf-8")
        written.append(path)
    return written


@dataclass(frozen=True)
class Sizes:
    """The site's download size in bytes: all of it, and what an app page's first visit fetches
    at least (the Pyodide runtime and every wheel, which the kernel loads at start)."""

    total: int
    python: int


def site_sizes(output: Path, lock: dict[str, Any], runtime_files: tuple[str, ...]) -> Sizes:
    total = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    pyodide_dir = output / "static" / "pyodide"
    files = [*runtime_files, "pyodide-lock.json", *(package["file_name"] for package in lock["packages"].values())]
    return Sizes(total, sum((pyodide_dir / name).stat().st_size for name in files))


def write_landing_page(output: Path, default_lang: str, sizes: Sizes) -> Path:
    """The site's root page, "For teachers" (it replaces JupyterLite's redirect to JupyterLab)."""
    config = {
        "defaultLang": default_lang,
        "langs": list(LANGS),
        "store": STORE,
        "pages": [{"file": f"{APP_DIR}/{page.file}", "lesson": page.lesson} for page in app_pages()],
        "lessons": [{lang: lesson.title.text(lang) for lang in LANGS} for lesson in LESSONS],
    }
    # JupyterLite's apps read the configuration script of every index.html above them, this
    # page's too: it keeps the one JupyterLite wrote.
    lite_root = re.search(
        r'<script id="jupyter-config-data".*?</script>', (output / "index.html").read_text(encoding="utf-8"), re.S
    )
    if lite_root is None:
        raise SystemExit("JupyterLite's root index.html has no jupyter-config-data script")
    template = (WEB / "teachers.html").read_text(encoding="utf-8")
    text = fill(
        template,
        LITE_CONFIG=lite_root.group(0),
        CONFIG=json_for_script(config),
        TOTAL_MB=f"{sizes.total / 1e6:.0f}",
        PYTHON_MB=f"{sizes.python / 1e6:.0f}",
        DEFAULT_LANG=html.escape(default_lang),
        LESSON_COUNT=str(len(LESSONS)),
    )
    shutil.copy2(WEB / "teachers.js", output / "teachers.js")
    shutil.copy2(WEB / "teachers.css", output / "teachers.css")
    path = output / "index.html"
    path.write_text(text, encoding="utf-8")
    return path
