"""The teachers' printable pages: ``guide.html`` (each lesson's aim, what pupils do, what to watch
for, on one page) and ``rules.html`` (the rules in Polish and English, from ``docs/rules/``).

Both pages hold both languages; ``?lang=`` (else the build's language) picks the one shown, and
printing prints it. ``lite/build_site.py`` writes them beside the teachers' page.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import markdown  # type: ignore[import-untyped]  # the site's extra; it ships no types

from crescent_widget.lessons import LESSONS
from crescent_widget.words.i18n import LANGS, Words

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"

# Each lesson's aim and what to watch for, by its key; what pupils do is the lesson's own task.
GUIDE: dict[str, tuple[Words, Words]] = {
    "layout": (
        Words(
            pl="Uczeń rozpoznaje podkowę 16 stosów, fundamenty Asów i Królów i cel gry.",
            en="Pupils know the horseshoe of 16 piles, the Ace and King foundations, and the goal.",
        ),
        Words(
            pl="Dotknięcie stosu 15 tylko go zaznacza (2♠ pasuje w dwa miejsca): trzeba jeszcze dotknąć F1.",
            en="A tap on pile 15 only selects it (2♠ fits two places): F1 must be tapped next.",
        ),
    ),
    "build": (
        Words(
            pl="Kolor i sąsiednia wartość: 8♥ na 9♥ albo na 7♥.",
            en="Same suit, adjacent rank: 8♥ onto 9♥ or onto 7♥.",
        ),
        Words(
            pl="Uczniowie kładą na kartę tej samej wartości albo innego koloru; plansza mówi dlaczego nie.",
            en="Pupils try a card of another suit, or the same rank; the board says why not.",
        ),
    ),
    "wrap": (
        Words(pl="Na stosach As idzie na Króla i Król na Asa.", en="On piles an Ace goes onto a King and back."),
        Words(
            pl="Zawijanie działa tylko na stosach: na fundamentach nigdy.",
            en="The wrap is for piles only: never on the foundations.",
        ),
    ),
    "foundations": (
        Words(
            pl="Fundamenty Asów rosną, Królów maleją; wierzchnia karta może przejść na drugi fundament koloru.",
            en="Ace foundations build up, King foundations down; a top card may cross to its suit's other one.",
        ),
        Words(
            pl="Karta z fundamentu nigdy nie wraca na stos, a karta podstawowa się nie rusza.",
            en="A card never goes back from a foundation to a pile, and a base card never moves.",
        ),
    ),
    "limit": (
        Words(pl="Stos mieści najwyżej 13 kart.", en="A pile holds at most 13 cards."),
        Words(
            pl="Pełny stos widać po liczbie pod nim (×13): warto ją czytać przed ruchem.",
            en="A full pile shows ×13 under it: worth reading before a move.",
        ),
    ),
    "empty": (
        Words(pl="Opróżniony stos zostaje pusty do końca.", en="An emptied pile stays empty for good."),
        Words(
            pl="Opróżnić stos to stracić miejsce do budowania: zapytaj, kiedy to się opłaca.",
            en="Emptying a pile costs a place to build on: ask when it is worth it.",
        ),
    ),
    "reshuffle": (
        Words(
            pl="Przetasowanie: spód każdego stosu idzie na wierzch; 3 na partię.",
            en="The reshuffle: every pile's bottom card goes on top; 3 a game.",
        ),
        Words(
            pl="Po przetasowaniu wcześniejszych ruchów nie da się cofnąć; niech uczniowie przewidzą nowe wierzchy.",
            en="Moves before a reshuffle cannot be undone; let pupils predict the new top cards first.",
        ),
    ),
    "undo": (
        Words(
            pl="Cofanie: do 100 ruchów, licznik ruchów maleje.", en="Undo: up to 100 moves; the move counter goes down."
        ),
        Words(
            pl="Licznik ruchów nad planszą maleje przy cofnięciu: zwróć na to uwagę.",
            en="The move counter above the board goes down with Undo: point it out.",
        ),
    ),
    "end": (
        Words(
            pl="Wygrana to 104 karty na fundamentach; blokada to brak ruchu i przetasowania, a wtedy zostaje Cofnij.",
            en="A win is all 104 cards home; a block is no move and no reshuffle left, and then Undo is the way out.",
        ),
        Words(
            pl="Po cofnięciu uczniowie sami kończą partię: 2♠, potem A♠ na F5.",
            en="After the undo pupils finish the game themselves: 2♠, then A♠ onto F5.",
        ),
    ),
}

WORDS = {
    "pl": {
        "title": "Półksiężyc · Przewodnik dla nauczyciela",
        "intro": "Dziewięć lekcji, po kilka minut każda. Każda ma zasadę, zadanie i planszę, która ocenia "
        "odpowiedź, cofa złą i mówi dlaczego; potem plansza jest do swobodnej gry.",
        "aim": "Cel",
        "do": "Uczniowie",
        "watch": "Na co uważać",
        "rules_title": "Półksiężyc · Zasady gry",
        "back": "Dla nauczycieli",
        "other": "English",
        "print": "Drukuj",
    },
    "en": {
        "title": "Crescent · Teacher's guide",
        "intro": "Nine lessons of a few minutes each. Each has a rule, a task and a board that judges the "
        "answer, takes a wrong one back and says why; then the board is free play.",
        "aim": "Aim",
        "do": "Pupils",
        "watch": "Watch for",
        "rules_title": "Crescent · The rules",
        "back": "For teachers",
        "other": "Polski",
        "print": "Print",
    },
}

STYLE = """
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2a21; }
main { max-width: 50rem; margin: 0 auto; padding: 12px 16px 32px; }
h1 { color: #2e6b3f; font-size: 1.4rem; margin: 0.3rem 0; }
h2 { color: #2e6b3f; font-size: 1.05rem; margin: 0.9rem 0 0.2rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 10px; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; }
nav { display: flex; gap: 12px; font-size: 0.95rem; }
a { color: #22573a; }
code { background: #e7eadf; padding: 0 3px; border-radius: 3px; }
pre { overflow-x: auto; background: #e7eadf; padding: 6px; }
[lang]:not(html)[hidden] { display: none; }
@media print {
  nav { display: none; }
  body { font-size: 11pt; }
  h2 { break-after: avoid; }
  section { break-inside: avoid; }
}
"""

# Shows the language of the link (?lang=pl), else the build's; the other one waits hidden.
CHOOSE = """
const asked = new URLSearchParams(window.location.search).get("lang");
const shown = ["pl", "en"].includes(asked) ? asked : document.documentElement.lang;
document.documentElement.lang = shown;
for (const part of document.querySelectorAll("main > [lang]")) part.hidden = part.lang !== shown;
document.title = document.querySelector(`main > [lang="${shown}"] h1`).textContent;
"""


def page(title: str, default_lang: str, sections: dict[str, str]) -> str:
    """A page holding one section per language; the link's language shows."""
    parts = "\n".join(
        f'<div lang="{lang}"{"" if lang == default_lang else " hidden"}>{body}</div>' for lang, body in sections.items()
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{default_lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<title>{html.escape(title)}</title>\n<link rel="icon" href="favicon.svg" type="image/svg+xml">\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{parts}\n</main>\n<script>{CHOOSE}</script>\n</body>\n</html>\n"
    )


def nav(lang: str, file: str) -> str:
    other = next(each for each in LANGS if each != lang)
    words = WORDS[lang]
    return (
        f'<nav><a href="index.html?lang={lang}">{words["back"]}</a>'
        f'<a href="{file}?lang={other}" hreflang="{other}" lang="{other}">{WORDS[lang]["other"]}</a></nav>'
    )


def guide_section(lang: str) -> str:
    words = WORDS[lang]
    lessons = []
    for lesson in LESSONS:
        aim, watch = GUIDE[lesson.key]
        lessons.append(
            f"<section><h2>{html.escape(lesson.title.text(lang))}</h2><dl>"
            f"<dt>{words['aim']}</dt><dd>{html.escape(aim.text(lang))}</dd>"
            f"<dt>{words['do']}</dt><dd>{html.escape(lesson.task.text(lang))}</dd>"
            f"<dt>{words['watch']}</dt><dd>{html.escape(watch.text(lang))}</dd></dl></section>"
        )
    return f"{nav(lang, 'guide.html')}<h1>{words['title']}</h1><p>{words['intro']}</p>{''.join(lessons)}"


def rules_section(lang: str) -> str:
    text = (RULES / f"{lang}.md").read_text(encoding="utf-8")
    text = re.sub(r"^\[[^\]]*\]\([a-z]{2}\.md\)[^\n]*\n", "", text, flags=re.M)  # the docs' link to the other page
    body = markdown.markdown(text, extensions=["fenced_code", "tables"])
    body = re.sub(r'<a href="(?!https?:)[^"]*">(.*?)</a>', r"\1", body)  # the docs' own links lead nowhere here
    return f"{nav(lang, 'rules.html')}{body}"


def write_teacher_pages(output: Path, default_lang: str) -> list[Path]:
    """``guide.html`` and ``rules.html`` at the site's root; returns them.

    Raises:
        SystemExit: a lesson of the course has no guide text.
    """
    missing = [lesson.key for lesson in LESSONS if lesson.key not in GUIDE]
    if missing:
        raise SystemExit(f"lite/teacher_pages.py has no guide for the lessons {missing}")
    guide = output / "guide.html"
    guide.write_text(
        page(WORDS[default_lang]["title"], default_lang, {lang: guide_section(lang) for lang in LANGS}),
        encoding="utf-8",
    )
    rules = output / "rules.html"
    rules.write_text(
        page(WORDS[default_lang]["rules_title"], default_lang, {lang: rules_section(lang) for lang in LANGS}),
        encoding="utf-8",
    )
    return [guide, rules]
