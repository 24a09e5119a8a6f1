"""The site's pages for pupils and teachers: ``lite/build_site.py`` writes them into the built site.

* ``app/play.html`` and ``app/lesson-N.html``: pages that start by themselves, with no code in
  sight. Each runs Python in the page (Pyodide from ``app/pyodide/``, see ``lite/app_runtime.py``)
  with ``lite/web/host.py``'s board, drawn by the widget's own bundle (``app/widget.js``);
  ``lite/web/app.js`` shows the lesson's rule and task at once and the download's progress under
  them, keeps the lessons done in the browser's storage, and offers Try again and Next lesson.
* ``index.html`` at the site's root: "For teachers", the links to every page in both
  languages, how to publish, and the download size.

The language comes from the link (``?lang=en``); ``--lang`` of ``scripts/site`` sets the default.
Every text goes into the pages as JSON and is drawn with ``textContent``.
"""

from __future__ import annotations

import gzip
import html
import json
import re
import shutil
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app_runtime import FOLDER, PACKAGE, AppRuntime

from crescent_widget.lessons import LESSONS
from crescent_widget.words.i18n import LANGS

WEB = Path(__file__).resolve().parent / "web"
APP_DIR = "app"
# The browser's localStorage key of the lessons done: the app pages keep them there (records.js),
# and the teachers' page reads them.
STORE = "crescent-widget/lessons-done"
# The app pages' scripts and style, copied as they are beside the pages.
APP_FILES = ("app.js", "python.js", "records.js", "copy.js", "app.css", "host.py")

# The app pages' own words; the board's are the widget's.
WORDS: dict[str, dict[str, str]] = {
    "pl": {
        "play": "Półksiężyc",
        "lesson": "Lekcja",
        "lessons": "Lekcje",
        "starting": "Uruchamiam Pythona w przeglądarce…",
        "first_visit": "Tylko za pierwszym razem: potem przeglądarka ma Pythona u siebie.",
        "slow": "Od dłuższej chwili nic nie przyszło. Jeśli tak zostanie, załaduj stronę ponownie.",
        "downloading": "Pobieram Pythona: {got} z {total} MB",
        "no_storage": "Ta przeglądarka nie przechowuje danych tej strony (np. zablokowane ciasteczka): "
        "zrobione lekcje nie zostaną zapamiętane po zamknięciu strony.",
        "bad_code": "Kod gry w tym linku jest niepoprawny: oto losowa partia.",
        "bad_position": "Pozycja w tym linku jest niepoprawna: oto losowa partia.",
        "mine": "Postępy",
        "summary": "Zrobione lekcje: {list} ({n} z {count}).",
        "summary_none": "Jeszcze żadna lekcja nie jest zrobiona.",
        "hand_in": "Kod do oddania:",
        "copy": "Kopiuj",
        "copied": "Skopiowano.",
        "select": "Tekst jest zaznaczony: skopiuj go.",
        "reset_ask": "Wyczyścić wszystkie lekcje zrobione w tej przeglądarce?",
        "reset_yes": "Wyczyść",
        "reset_no": "Zostaw",
        "cleared": "Wyczyszczono.",
        "deal_link": "Link do tej partii",
        "task_keep": "Zadanie: znajdź ruch, który zachowuje wygraną.",
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
        "first_visit": "Only the first time: the browser keeps Python afterwards.",
        "slow": "Nothing has arrived for a while. If it stays so, reload the page.",
        "downloading": "Downloading Python: {got} of {total} MB",
        "no_storage": "This browser keeps no data for this site (cookies blocked, say): "
        "the lessons done will not be kept once the page closes.",
        "bad_code": "The game code in this link is not a valid one: here is a random game.",
        "bad_position": "The position in this link is not a valid one: here is a random game.",
        "mine": "Progress",
        "summary": "Lessons done: {list} ({n} of {count}).",
        "summary_none": "No lesson done yet.",
        "hand_in": "Code to hand in:",
        "copy": "Copy",
        "copied": "Copied.",
        "select": "The text is selected: copy it.",
        "reset_ask": "Clear every lesson done in this browser?",
        "reset_yes": "Clear",
        "reset_no": "Keep",
        "cleared": "Cleared.",
        "deal_link": "Link to this deal",
        "task_keep": "Task: find the move that keeps the win.",
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


def app_pages() -> list[AppPage]:
    """Play, then every lesson in order."""
    return [AppPage("play.html"), *(AppPage(f"lesson-{n}.html", n) for n in range(1, len(LESSONS) + 1))]


def page_config(page: AppPage, default_lang: str, runtime: AppRuntime) -> dict[str, Any]:
    """What ``app.js`` needs to know of ``page``: every text in both languages, and its Python."""
    return {
        "lesson": page.lesson,
        "defaultLang": default_lang,
        "langs": list(LANGS),
        "store": STORE,
        "python": {"base": f"{FOLDER}/", "packages": [PACKAGE], "bytes": runtime.bytes, "host": "host.py"},
        "lessons": [
            {
                "key": lesson.key,
                "file": f"lesson-{n}.html",
                "title": {lang: lesson.title.text(lang) for lang in LANGS},
                "rule": {lang: lesson.rule.text(lang) for lang in LANGS},
                "task": {lang: lesson.task.text(lang) for lang in LANGS},
            }
            for n, lesson in enumerate(LESSONS, start=1)
        ],
        "words": WORDS,
    }


def preview(page: AppPage, lang: str) -> str:
    """The lesson's rule and task as the board shows them, for the page to show while Python loads."""
    if page.lesson is None:
        return ""
    lesson = LESSONS[page.lesson - 1]
    rule, task = html.escape(lesson.rule.text(lang)), html.escape(lesson.task.text(lang))
    return (
        '<div class="crescent-widget cw cr-preview"><section class="cw-lesson">'
        f'<p class="cw-lesson-rule">{rule}</p><p class="cw-lesson-task">{task}</p></section></div>'
    )


def json_for_script(data: Any) -> str:
    """JSON that can sit inside a ``<script>`` element: no ``</script>`` can close it early."""
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")


def fill(template: str, **values: str) -> str:
    for name, value in values.items():
        template = template.replace("{{" + name + "}}", value)
    if "{{" in template:
        raise SystemExit(f"a page template has an unfilled field: {template[template.index('{{') :][:40]}")
    return template


def write_app_pages(output: Path, default_lang: str, runtime: AppRuntime) -> list[Path]:
    """``app/*.html`` with their scripts and style; returns the pages written."""
    folder = output / APP_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for name in APP_FILES:
        shutil.copy2(WEB / name, folder / name)
    template = (WEB / "app.html").read_text(encoding="utf-8")
    written = []
    for page in app_pages():
        config = page_config(page, default_lang, runtime)
        title = LESSONS[page.lesson - 1].title.text(default_lang) if page.lesson else WORDS[default_lang]["play"]
        path = folder / page.file
        text = fill(
            template,
            LANG=default_lang,
            TITLE=html.escape(title),
            CONFIG=json_for_script(config),
            PREVIEW=preview(page, default_lang),
        )
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


@dataclass(frozen=True)
class Sizes:
    """The site's size in bytes: all of it, and what an app page's first visit fetches, as a
    static host sends it (scripts, styles, pages and JSON compressed with gzip; the runtime, the
    standard library and the wheel as they are: already compressed)."""

    total: int
    app: int


COMPRESSED_BY_HOSTS = (".html", ".js", ".mjs", ".css", ".json", ".py", ".svg")


def site_sizes(output: Path) -> Sizes:
    total = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    app = output / APP_DIR
    fetched = [app / "lesson-1.html", *(app / name for name in APP_FILES), app / "widget.js", app / "widget.css"]
    fetched += [p for p in (app / FOLDER).iterdir() if p.is_file()]
    sent = 0
    for path in fetched:
        data = path.read_bytes()
        sent += len(gzip.compress(data)) if path.suffix in COMPRESSED_BY_HOSTS else len(data)
    return Sizes(total, sent)


# The language a link without ?lang= gets, as each language's page says it.
LANG_NAMES = {"en": {"pl": "Polish", "en": "English"}, "pl": {"pl": "po polsku", "en": "po angielsku"}}


QR_DIR = "qr"


def favicon_ico(size: int = 32) -> bytes:
    """The site's icon as ``favicon.ico`` (one PNG inside), for the browsers that ask for it
    whatever the page names: a gold crescent on the site's green, as ``favicon.svg`` draws it."""
    green, gold = (0x2E, 0x6B, 0x3F, 255), (0xF2, 0xC1, 0x4E, 255)
    rows = []
    for y in range(size):
        row = bytearray([0])  # PNG filter: none
        for x in range(size):
            cx, cy = x + 0.5 - size * 0.47, y + 0.5 - size / 2
            inside = cx * cx + cy * cy <= (size * 0.34) ** 2
            bitten = (cx - size * 0.16) ** 2 + (cy + size * 0.02) ** 2 <= (size * 0.3) ** 2
            row += bytes(gold if inside and not bitten else green)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows)))
    png += chunk(b"IEND", b"")
    directory = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(png), 22)
    return directory + png


def page_link(page: AppPage, lang: str) -> str:
    """An app page's link from the site's root, as the teachers' page lists it."""
    return f"{APP_DIR}/{page.file}?lang={lang}"


def write_qr_codes(output: Path, url: str) -> dict[str, str]:
    """A QR code (SVG, by segno) of every app page's link at the site's address ``url``, in
    ``qr/``; returns each link's (``app/play.html?lang=en``) file. ``""``: no address, no codes."""
    if not url:
        return {}
    import segno  # the site's extra: only the build needs it

    base = url if url.endswith("/") else f"{url}/"
    folder = output / QR_DIR
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    for page in app_pages():
        for lang in LANGS:
            link = page_link(page, lang)
            name = f"{QR_DIR}/{Path(page.file).stem}-{lang}.svg"
            segno.make(base + link, error="m").save(str(output / name), kind="svg", scale=3, border=2, dark="#1d2a21")
            files[link] = name
    return files


def write_landing_page(output: Path, default_lang: str, sizes: Sizes, url: str = "") -> Path:
    """The site's root page, "For teachers" (it replaces JupyterLite's redirect to JupyterLab),
    with a QR code beside each link when the site's address ``url`` is known."""
    config = {
        "defaultLang": default_lang,
        "langs": list(LANGS),
        "store": STORE,
        "pages": [{"file": f"{APP_DIR}/{page.file}", "lesson": page.lesson} for page in app_pages()],
        "lessons": [{lang: lesson.title.text(lang) for lang in LANGS} for lesson in LESSONS],
        "lessonKeys": [lesson.key for lesson in LESSONS],
        "qr": {"base": url if not url or url.endswith("/") else f"{url}/", "files": write_qr_codes(output, url)},
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
        APP_MB=f"{sizes.app / 1e6:.0f}",
        DEFAULT_LANG_EN=LANG_NAMES["en"][default_lang],
        DEFAULT_LANG_PL=LANG_NAMES["pl"][default_lang],
        LESSON_COUNT=str(len(LESSONS)),
    )
    for name in ("teachers.js", "teachers.css", "records.js", "copy.js", "favicon.svg"):
        shutil.copy2(WEB / name, output / name)
    (output / "favicon.ico").write_bytes(favicon_ico())
    path = output / "index.html"
    path.write_text(text, encoding="utf-8")
    return path
