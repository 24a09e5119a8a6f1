"""Every text the game shows, in Polish (the default, as the rules text) and English.

One catalogue serves the engine's exceptions, the text diagram and the widget, so a
message reads the same wherever it appears.

>>> message("pile_full", "pl")
'Ten stos jest pełny; wybierz inne miejsce docelowe'
>>> message("same_suit", "en")
'Must be the same suit'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

# The languages live below the engine; they are named here too, where the texts are.
from ..lang import DEFAULT_LANG as DEFAULT_LANG  # noqa: PLC0414  (a re-export)
from ..lang import LANGS as LANGS  # noqa: PLC0414  (a re-export)
from ..lang import Lang as Lang  # noqa: PLC0414  (a re-export)
from ..lang import check_lang as check_lang  # noqa: PLC0414  (a re-export)

# Refusal reasons, in the order the engine checks them (the source, then the destination; the
# documentation's rules page, docs/rules/en.md, "Legal moves").
REASONS: Final[dict[str, dict[str, str]]] = {
    "same_place": {
        "pl": "Karta jest już w tym miejscu; wybierz inne miejsce docelowe",
        "en": "The card is already there; choose another destination",
    },
    "empty_source": {
        "pl": "Ten stos jest pusty; nie ma czego przenieść",
        "en": "This pile is empty; there is no card to move",
    },
    "base_locked": {
        "pl": "Podstawa fundamentu jest zablokowana",
        "en": "The foundation base is locked",
    },
    "no_return": {
        "pl": "Karta nie może wrócić z fundamentu na stos",
        "en": "A card cannot return from a foundation to a pile",
    },
    "empty_pile": {
        "pl": "Nie można położyć na pustym stosie",
        "en": "Cannot place a card on an empty pile",
    },
    "pile_full": {
        "pl": "Ten stos jest pełny; wybierz inne miejsce docelowe",
        "en": "This pile is full; choose another destination",
    },
    "same_suit": {
        "pl": "Musi być tego samego koloru",
        "en": "Must be the same suit",
    },
    "adjacent_rank": {
        "pl": "Musi mieć wyższą lub niższą wartość",
        "en": "Must be one rank higher or lower",
    },
    "foundation_order": {
        "pl": "Musi być następną kartą fundamentu",
        "en": "Must be the next card of the foundation",
    },
    "no_reshuffles": {
        "pl": "Brak przetasowań",
        "en": "No reshuffles left",
    },
    "nothing_to_undo": {
        "pl": "Nie ma ruchu do cofnięcia",
        "en": "There is no move to undo",
    },
    "nothing_to_redo": {
        "pl": "Nie ma cofniętego ruchu do ponowienia",
        "en": "There is no undone move to redo",
    },
    "undo_after_reshuffle": {
        "pl": "Ruchów sprzed przetasowania nie można cofnąć",
        "en": "Moves before a reshuffle cannot be taken back",
    },
    "undo_limit": {
        "pl": "Można cofnąć tylko 100 ostatnich ruchów",
        "en": "Only the last 100 moves can be taken back",
    },
    "no_destination": {
        "pl": "Ta karta nie ma teraz dozwolonego ruchu",
        "en": "This card has no legal move now",
    },
    # Malformed input. Engine errors carry an English detail; other languages use these.
    "invalid_move": {
        "pl": "Nieprawidłowy ruch: stosy mają numery 1–16, fundamenty F1–F8",
        "en": "Not a valid move: piles are 1–16, foundations F1–F8",
    },
    "invalid_code": {
        "pl": "Nieprawidłowy kod gry: oczekiwano CR1-V-LLLLLLL, na przykład CR1-N-AAAAAAB",
        "en": "Not a valid game code: expected CR1-V-LLLLLLL, for example CR1-N-AAAAAAB",
    },
    "invalid_card": {
        "pl": "To nie jest karta: oczekiwano na przykład 10H albo D♠",
        "en": "Not a card: expected for example 10H or Q♠",
    },
    "invalid_option": {
        "pl": "Nieprawidłowa opcja",
        "en": "Not a valid option",
    },
    "invalid_position": {
        "pl": "Nieprawidłowy układ albo zapis gry",
        "en": "Not a valid position or saved game",
    },
    "invalid_budget": {
        "pl": "Nieprawidłowy limit czasu albo pozycji dla solvera",
        "en": "Not a valid time or position budget for the solver",
    },
    "search_busy": {
        "pl": "To przeszukiwanie już trwa; nie można go wywołać z jego własnego wywołania zwrotnego",
        "en": "This search is already running; it cannot be called from its own callback",
    },
    "game_over": {
        "pl": "Partia jest zakończona",
        "en": "The game is over",
    },
    # The widget's own refusals (replay and teaching mode).
    "replay_active": {
        "pl": "Trwa odtwarzanie; zakończ je, aby grać",
        "en": "A replay is running; exit it to play",
    },
    "no_replay": {
        "pl": "Nie trwa żadne odtwarzanie",
        "en": "No replay is running",
    },
    "nothing_pending": {
        "pl": "Żaden ruch nie czeka na potwierdzenie",
        "en": "No move is waiting for confirmation",
    },
    "hidden_cards": {
        "pl": "Część kart jest zakryta; analiza będzie możliwa po zakończeniu partii",
        "en": "Some cards are face down; the game can be reviewed once it is over",
    },
    "nothing_to_try": {
        "pl": "Analiza nie znalazła lepszego ruchu do wypróbowania",
        "en": "The review found no better move to try",
    },
    "nothing_to_practise": {
        "pl": "Najpierw analiza przegranej partii: ćwiczenie zaczyna się tuż przed ruchem, który zaprzepaścił wygraną",
        "en": "Review a lost game first: practice starts just before the move that threw the win away",
    },
    "practice_hidden": {
        "pl": "Część kart tej pozycji jest zakryta: solver oceniałby próby kartami, których nie widać",
        "en": "Some cards of this position are face down: the solver would judge the tries by cards not yet seen",
    },
    "practice_no_win": {
        "pl": "Tej pozycji nie da się wygrać (udowodnione): nie ma wygranej do utrzymania",
        "en": "This position cannot be won (proven): there is no win to keep",
    },
    "nothing_to_finish": {
        "pl": "Tej partii nie da się dokończyć samymi ruchami na fundamenty",
        "en": "This game cannot be finished with foundation moves alone",
    },
}

LABELS: Final[dict[str, dict[str, str]]] = {
    "reshuffle": {"pl": "Przetasuj", "en": "Reshuffle"},
    "reshuffles_left": {"pl": "Przetasowania: {n}", "en": "Reshuffles left: {n}"},
    "undo": {"pl": "Cofnij", "en": "Undo"},
    "redo": {"pl": "Ponów", "en": "Redo"},
    # A tap on a card the board has just moved there by itself (a tap's only place, the lit
    # card, auto-play), whose only move is back: said as what the player saw happen.
    "tap_kept": {
        "pl": "{card} właśnie została przeniesiona na {place}; dotknięcie nie odsyła jej od razu z powrotem "
        "(przeciągnij ją albo cofnij ruch).",
        "en": "{card} has just been moved to {place} for you; a tap does not send it straight back (drag it, or Undo).",
    },
    "reshuffled": {
        "pl": "Przetasowano: spodnia karta każdego stosu jest teraz na wierzchu. Zostało przetasowań: {n}.",
        "en": "Reshuffled: each pile's bottom card is now on top. Reshuffles left: {n}.",
    },
    "new_game": {"pl": "Nowa gra", "en": "New game"},
    "confirm_new_game": {
        "pl": "Partia trwa: naciśnij „Nowa gra” jeszcze raz, aby ją porzucić.",
        "en": "A game is in progress: press New game again to abandon it.",
    },
    "hint": {"pl": "Podpowiedź", "en": "Hint"},
    "finish": {"pl": "Dokończ", "en": "Finish"},
    "moves": {"pl": "Ruchy: {n}", "en": "Moves: {n}"},
    "code": {"pl": "Kod gry: {code}", "en": "Game code: {code}"},
    "custom_position": {"pl": "własny układ", "en": "custom position"},
    "copy": {"pl": "Kopiuj", "en": "Copy"},
    "copied": {"pl": "Skopiowano", "en": "Copied"},
    "time": {"pl": "Czas", "en": "Time"},
    "pile": {"pl": "Stos {n}", "en": "Pile {n}"},
    "foundation": {"pl": "Fundament {name}", "en": "Foundation {name}"},
    "won": {"pl": "Wygrana! Wszystkie karty są na fundamentach.", "en": "You won! Every card is on a foundation."},
    "blocked": {
        "pl": "Partia zablokowana: brak ruchów i przetasowań.",
        "en": "The game is blocked: no moves and no reshuffles left.",
    },
    "only_reshuffle": {
        "pl": "Nie ma już ruchu: „Przetasuj” (zostało {n}) przenosi dolną kartę każdego stosu na wierzch.",
        "en": "No move is left: Reshuffle ({n} left) brings every pile's bottom card to the top.",
    },
    "undo_last": {"pl": "Cofnij ostatni ruch", "en": "Undo last move"},
    "status_playing": {"pl": "w grze", "en": "playing"},
    "status_won": {"pl": "wygrana", "en": "won"},
    "status_blocked": {"pl": "zablokowana", "en": "blocked"},
    # Hints, "still winnable?" and the teaching mode's warning.
    "winnable_ask": {"pl": "Da się wygrać?", "en": "Still winnable?"},
    # In place of a board too narrow for its cards to be tapped (a phone's narrowest panes).
    "too_narrow": {
        "pl": "Za wąsko na planszę: zamknij panel boczny (np. listę plików) albo poszerz okno.",
        "en": "Too narrow for the board: close the side panel (the file browser, say) or widen the window.",
    },
    "winnable_winnable": {
        "pl": "Tę grę nadal można wygrać (udowodnione).",
        "en": "This game can still be won (proven).",
    },
    "winnable_lost": {
        "pl": "Tej gry nie da się już wygrać (udowodnione).",
        "en": "This game can no longer be won (proven).",
    },
    "winnable_unknown": {
        "pl": "Nie wiadomo, czy da się wygrać: brak dowodu w zadanym czasie.",
        "en": "Not known whether it can be won: no proof in the time given.",
    },
    "confirm": {"pl": "Mimo to zagraj", "en": "Go ahead"},
    "cancel": {"pl": "Wycofaj ruch", "en": "Take it back"},
    # Narrated replay.
    "replay_prev": {"pl": "◀ Wstecz", "en": "◀ Back"},
    "replay_next": {"pl": "Dalej ▶", "en": "Next ▶"},
    "replay_play": {"pl": "Odtwarzaj", "en": "Play"},
    "replay_pause": {"pl": "Pauza", "en": "Pause"},
    "replay_stop": {"pl": "Zakończ odtwarzanie", "en": "Exit replay"},
    # A replay counts moves as the board's Moves counter does (a reshuffle is a step, not a move).
    "replay_step": {"pl": "Ruchy: {n} z {total}", "en": "Moves: {n} of {total}"},
    "replay_start": {"pl": "Początek odtwarzania (do ruchu {total})", "en": "Start of the replay (to move {total})"},
    "record_entry": {
        "pl": "wpis {n} ({entry}): {reason}",
        "en": "record entry {n} ({entry}): {reason}",
    },
    "replay_bad": {
        "pl": "Nie można odtworzyć: wpis {n} ({entry}): {reason}",
        "en": "Cannot replay: entry {n} ({entry}): {reason}",
    },
    # Accessible names of places ({cards}: the plural form below that fits {count}).
    "pile_named": {"pl": "Stos {n}: {card}, {count} {cards}", "en": "Pile {n}: {card}, {count} {cards}"},
    "pile_empty": {"pl": "Stos {n}: pusty", "en": "Pile {n}: empty"},
    "foundation_named": {
        "pl": "Fundament {name}: {card}, {count} {cards}",
        "en": "Foundation {name}: {card}, {count} {cards}",
    },
    "foundation_empty": {"pl": "Fundament {name}: pusty", "en": "Foundation {name}: empty"},
    "cards_one": {"pl": "karta", "en": "card"},
    "cards_few": {"pl": "karty", "en": "cards"},
    "cards_many": {"pl": "kart", "en": "cards"},
    "face_down_count": {"pl": ", zakryte: {n}", "en": ", {n} face down"},
    "state_selected": {"pl": ", wybrany", "en": ", selected"},
    "state_target": {"pl": ", można tu położyć", "en": ", can take the selected card"},
    "state_hint": {"pl": ", podpowiedź", "en": ", hint"},
    # Screen-reader announcements (the live region).
    "place_pile": {"pl": "stos {n}", "en": "pile {n}"},
    "place_foundation": {"pl": "fundament {name}", "en": "foundation {name}"},
    "announce_selected": {
        "pl": "Wybrano {card} ({place}). Można położyć na: {targets}.",
        "en": "Selected {card} ({place}). It can go to: {targets}.",
    },
    "announce_deselected": {"pl": "Anulowano wybór.", "en": "Selection cleared."},
    "announce_undo": {
        "pl": "Cofnięto ruch {n}: {card} wraca na {place}.",
        "en": "Undid move {n}: {card} is back on {place}.",
    },
    "announce_new_game": {"pl": "Nowa gra: {code}.", "en": "New game: {code}."},
    # Keyboard help (one key per line).
    "game_name": {
        "pl": "Pasjans Półksiężyc; klawisz ? pokazuje skróty",
        "en": "Crescent patience; press ? for the keys",
    },
    "help": {"pl": "Jak grać", "en": "How to play"},
    # The help panel: the game in seven lines, then the keys (one list item per line; a line ending in ":"
    # heads the list after it).
    "help_keys": {
        "pl": "Cel: wszystkie 104 karty na 8 fundamentów, kolorami: fundamenty asów rosną do króla, fundamenty "
        "króli maleją do asa\n"
        "Rusza się tylko wierzchnia karta stosu: na fundament albo na wierzchnią kartę innego stosu w tym samym "
        "kolorze, o jeden wyżej lub niżej (as i król się łączą)\n"
        "Pusty stos zostaje pusty; stos mieści najwyżej 13 kart\n"
        "Pod stosem jego numer i liczba kart: „5 ×6” to stos 5 z 6 kartami\n"
        "Brak ruchu? Przetasuj (3 razy w grze): spodnia karta każdego stosu idzie na wierzch\n"
        "Dotknij karty, by ją zagrać; gdy ma kilka miejsc, dotknij miejsca. Dwa dotknięcia: na fundament. "
        "Można też przeciągać. Karta z podpowiedzi idzie jednym dotknięciem tam, gdzie wskazuje podpowiedź\n"
        "Podpowiedź pokazuje ruch wygrywającej linii; ⚙: język (Language) i opcje; lekcje uczą każdej reguły\n"
        "Klawisze:\n"
        "Strzałki: przejście między stosami i fundamentami\n"
        "Enter lub spacja: dotknij stosu (wybierz kartę albo połóż wybraną)\n"
        "F: wyślij kartę na fundament\n"
        "R: przetasuj\nU: cofnij\nY: ponów cofnięty ruch\nH: podpowiedź\nN: nowa gra\nS: statystyki\n"
        "D: dokończ (gdy zostały same ruchy na fundamenty)\n"
        "Escape: anuluj wybór (albo wycofaj ruch czekający na potwierdzenie, albo przerwij szukanie)\n"
        "[ ] P: krok wstecz, krok dalej, odtwarzaj/pauza (w odtwarzaniu)\n"
        "?: pokaż lub ukryj tę listę",
        "en": "Goal: all 104 cards onto the 8 foundations, by suit: Ace foundations build up to the King, King "
        "foundations down to the Ace\n"
        "Only a pile's top card moves: onto a foundation, or onto another pile's top card of the same suit, one "
        "rank higher or lower (Ace and King join up)\n"
        "An emptied pile stays empty; a pile holds at most 13 cards\n"
        "Under each pile, its number and card count: “5 ×6” is pile 5, holding 6 cards\n"
        "No move? Reshuffle (3 times a game): each pile's bottom card goes on top\n"
        "Tap a card to play it; when it has a choice, tap where it goes. Double-tap: to a foundation. Or drag it. "
        "The hinted card goes where the hint says with one tap\n"
        "Hint shows a move of a winning line; ⚙: language (Język) and options; the lessons teach each rule\n"
        "Keys:\n"
        "Arrows: move between piles and foundations\n"
        "Enter or Space: tap the pile (select its card, or put the selected one there)\n"
        "F: send the card to a foundation\n"
        "R: reshuffle\nU: undo\nY: redo the move undone\nH: hint\nN: new game\nS: statistics\n"
        "D: finish (when only foundation moves are left)\n"
        "Escape: clear the selection (or take back a move waiting for confirmation, or stop a search)\n"
        "[ ] P: step back, step forward, play/pause (in a replay)\n"
        "?: show or hide this list",
    },
    # Lessons: the verdict on a learner's answer, before the rule or the reason.
    "verdict_right": {"pl": "Dobrze! ", "en": "Right! "},
    "verdict_illegal": {"pl": "Jeszcze nie: ", "en": "Not yet: "},
    "verdict_other": {
        "pl": "Ten ruch jest dozwolony, ale lekcja prosi o coś innego. ",
        "en": "That move is legal, but the lesson asks for something else. ",
    },
    "verdict_undone": {"pl": "Dobrze! Ruch {move} został cofnięty.", "en": "Right! Move {move} was taken back."},
    # After the task is done: moves are free play, judged no more.
    "lesson_free_play": {
        "pl": "Lekcja zrobiona ✓. Teraz grasz swobodnie: Spróbuj jeszcze raz albo Następna lekcja.",
        "en": "Lesson done ✓. The board is free play now: Try again, or Next lesson.",
    },
    # The terminal player (python -m crescent_widget); the widget does not ship these.
    "terminal_prompt": {
        "pl": "ruch (13-14, 13-F, r, u, h, w, review, ? = pomoc, q = koniec)> ",
        "en": "move (13-14, 13-F, r, u, h, w, review, ? = help, q = quit)> ",
    },
    "terminal_help": {
        "pl": "13-14  przenieś kartę ze stosu 13 na stos 14 (13-F: na fundament, F1-F5: między fundamentami)\n"
        "13-14 5-F R  kilka ruchów w jednym wierszu: zagrane po kolei (np. wygrywająca linia z solvera)\n"
        "r      przetasuj (gdy można cofać ruchy: dwa razy, chyba że podpowiedź każe przetasować)\n"
        "u      cofnij ostatni ruch\n"
        "redo   ponów cofnięty ruch (także: ponów)\n"
        "m      wypisz dozwolone ruchy\n"
        "h      podpowiedź\n"
        "w      czy nadal da się wygrać?\n"
        "review analiza partii: gdzie przepadła wygrana, dlaczego i co zagrać zamiast\n"
        "practice  ćwiczenie po analizie: pozycja tuż przed błędem, znajdź ruch, który zachowuje wygraną\n"
        "t      tryb nauki: włącz lub wyłącz\n"
        "y / x  tryb nauki: mimo to zagraj / wycofaj wstrzymany ruch\n"
        "l      zmień język (Polish / English)\n"
        "n      nowa gra (w trakcie partii: dwa razy)\n"
        "stats  twoje statystyki: partie, wygrane, serie, najlepszy czas\n"
        "again  w lekcji: spróbuj jeszcze raz (także: znowu)\n"
        "next   w lekcji: następna lekcja (także: dalej)\n"
        "?      ta lista (także: help); Tab uzupełnia polecenie, strzałka w górę przywołuje poprzednie\n"
        "q      koniec (także: Ctrl-C, Ctrl-D)",
        "en": "13-14  move the card from pile 13 onto pile 14 (13-F: to a foundation, F1-F5: between foundations)\n"
        "13-14 5-F R  several moves on one line: played in order (a solver's winning line, say)\n"
        "r      reshuffle (while moves can be undone: twice, unless the hint says to reshuffle)\n"
        "u      undo the last move\n"
        "redo   redo the move undone (also: ponów)\n"
        "m      list the legal moves\n"
        "h      hint\n"
        "w      still winnable?\n"
        "review review the game: where the win was lost, why, and what to play instead\n"
        "practice  after a review: the position just before the mistake; find a move that keeps the win\n"
        "t      teaching mode on or off\n"
        "y / x  teaching mode: go ahead / take back the move held back\n"
        "l      switch language (polski / English)\n"
        "n      new game (during a game: twice)\n"
        "stats  your statistics: games, wins, streaks, best time\n"
        "again  in a lesson: try again\n"
        "next   in a lesson: the next lesson\n"
        "?      this list (also: help); Tab completes a command, the Up arrow recalls an earlier one\n"
        "q      quit (also: Ctrl-C, Ctrl-D)",
    },
    # The command's own --help and argument errors (crescent --lang en --help), in its --lang.
    "terminal_command_usage": {"pl": "użycie: ", "en": "usage: "},
    "terminal_command_description": {
        "pl": "Zagraj w pasjans Półksiężyc w terminalu. (English: crescent --lang en --help)",
        "en": "Play Crescent patience in a terminal. (Po polsku: crescent --lang pl --help)",
    },
    "terminal_command_arguments": {"pl": "argumenty", "en": "arguments"},
    "terminal_command_code": {
        "pl": "kod gry, np. CR1-N-AAAAAAB (domyślnie losowe rozdanie)",
        "en": "a game code such as CR1-N-AAAAAAB (default: a random deal)",
    },
    "terminal_command_lang": {
        "pl": "język: pl albo en (domyślnie pl)",
        "en": "language: pl or en (default: pl)",
    },
    "terminal_command_teach": {
        "pl": "tryb nauki: objaśnia ruchy i ostrzega przed ruchem, który przegrywa",
        "en": "teaching mode: explain moves, warn before a losing one",
    },
    "terminal_command_lesson": {
        "pl": "zagraj lekcję N (1–9): jej zadanie, ocena każdego ruchu, again i next",
        "en": "play lesson N (1–9): its task, a verdict on every move, again and next",
    },
    "terminal_command_bad_lesson": {
        "pl": "--lesson przyjmuje numer lekcji od 1 do {count}, nie {given}",
        "en": "--lesson takes a lesson number from 1 to {count}, not {given}",
    },
    "terminal_command_lesson_and_code": {
        "pl": "lekcja rozdaje własną pozycję: podaj --lesson albo CODE, nie oba",
        "en": "a lesson deals its own position: give --lesson or CODE, not both",
    },
    "terminal_command_help": {"pl": "pokaż tę pomoc i zakończ", "en": "show this help and exit"},
    "terminal_command_examples": {
        "pl": "przykłady:\n"
        "  crescent                          losowe rozdanie, po polsku\n"
        "  crescent CR1-N-AAAAAAB --lang en  rozdanie o tym kodzie, po angielsku\n"
        "  crescent --teach                  z trybem nauki\n"
        "  crescent --lesson 3               lekcja 3 z 9\n\n"
        "W grze ? wypisuje wszystkie polecenia, a q kończy.",
        "en": "examples:\n"
        "  crescent --lang en                 a random deal, in English\n"
        "  crescent CR1-N-AAAAAAB --lang en   the deal of this code\n"
        "  crescent --lang en --teach         with the teaching mode\n"
        "  crescent --lesson 3 --lang en      lesson 3 of 9\n\n"
        "In the game, ? lists every command and q quits.",
    },
    "terminal_command_error": {"pl": "błąd", "en": "error"},
    "terminal_command_bad_lang": {
        "pl": "--lang przyjmuje pl albo en, nie {given}",
        "en": "--lang takes pl or en, not {given}",
    },
    "terminal_command_unknown": {
        "pl": "nieznane argumenty: {given}",
        "en": "unrecognised arguments: {given}",
    },
    "terminal_command_no_output": {
        "pl": "brak standardowego wyjścia, na którym można pokazać grę",
        "en": "no standard output to show the game on",
    },
    "terminal_teach_on": {
        "pl": "Tryb nauki włączony: każdy ruch jest objaśniany, a ruch, który przegrywa wygraną grę, czeka na y.",
        "en": "Teaching mode on: every move is explained, and a move that loses a won game waits for y.",
    },
    "terminal_teach_off": {"pl": "Tryb nauki wyłączony.", "en": "Teaching mode off."},
    "terminal_language": {"pl": "Język: polski.", "en": "Language: English."},
    "terminal_pending": {
        "pl": "y: mimo to zagraj, x: wycofaj ruch",
        "en": "y: go ahead, x: take it back",
    },
    "terminal_no_moves": {"pl": "Brak dozwolonych ruchów.", "en": "No legal moves."},
    "terminal_lesson_commands": {
        "pl": "again: spróbuj jeszcze raz, next: następna lekcja",
        "en": "again: try again, next: the next lesson",
    },
    "terminal_no_lesson": {
        "pl": "Żadna lekcja nie trwa: crescent --lesson 1 zaczyna pierwszą.",
        "en": "No lesson is on: crescent --lesson 1 starts the first.",
    },
    "terminal_last_lesson": {
        "pl": "To była ostatnia lekcja. Gratulacje!",
        "en": "That was the last lesson. Well done!",
    },
    "terminal_taken_back": {
        "pl": "Ruch {move} wycofany; nic nie zagrano.",
        "en": "Move {move} taken back; nothing was played.",
    },
    "terminal_confirm_reshuffle": {
        "pl": "Po przetasowaniu nie da się cofnąć żadnego wcześniejszego ruchu: wpisz r jeszcze raz, aby przetasować.",
        "en": "After a reshuffle no earlier move can be undone: type r again to reshuffle.",
    },
    "terminal_confirm_new_game": {
        "pl": "Partia trwa: wpisz n jeszcze raz, aby ją porzucić i zacząć nową.",
        "en": "A game is in progress: type n again to abandon it and start a new one.",
    },
    # A search running in the background (table/background.py); {searched} is the count of
    # positions searched so far, in the plural form below that fits it (searched_text()).
    "searching_hint": {"pl": "Szukam podpowiedzi… {searched}", "en": "Looking for a hint… {searched}"},
    "searching_winnable": {
        "pl": "Sprawdzam, czy da się wygrać… {searched}",
        "en": "Checking whether it can still be won… {searched}",
    },
    "searching_check": {"pl": "Sprawdzam ruch… {searched}", "en": "Checking the move… {searched}"},
    "searching_review": {"pl": "Analiza partii… {percent}%", "en": "Reviewing the game… {percent}%"},
    "searched_one": {"pl": "przeszukano {n} pozycję", "en": "{n} position searched"},
    "searched_few": {"pl": "przeszukano {n} pozycje", "en": "{n} positions searched"},
    "searched_many": {"pl": "przeszukano {n} pozycji", "en": "{n} positions searched"},
    "cancel_search": {"pl": "Przerwij", "en": "Stop"},
    "search_cancelled": {"pl": "Szukanie przerwane.", "en": "Search stopped."},
}

# Replay narration and the teaching mode's one-line rule for each kind of move.
NARRATION: Final[dict[str, dict[str, str]]] = {
    "move": {"pl": "Ruch {n}: {what}", "en": "Move {n}: {what}"},
    "what": {"pl": "{card} {src} na {top} {dst}", "en": "{card} from {src} onto {top} on {dst}"},
    "reshuffle": {
        "pl": "Przetasowanie {n}: spodnia karta każdego stosu idzie na wierzch (zostało: {left})",
        "en": "Reshuffle {n}: the bottom card of every pile goes to the top ({left} left)",
    },
    "src_pile": {"pl": "ze stosu {name}", "en": "pile {name}"},
    "src_foundation": {"pl": "z fundamentu {name}", "en": "foundation {name}"},
    "dst_pile": {"pl": "na stosie {name}", "en": "pile {name}"},
    "dst_foundation": {"pl": "na fundamencie {name}", "en": "foundation {name}"},
    "rule_pile": {
        "pl": "{card} na {top} na stosie {name}: na stosach kładzie się kartę tego samego koloru o jeden wyższą "
        "lub niższą.",
        "en": "{card} went onto {top} on pile {name}: on piles, a card goes onto its suit one rank higher or lower.",
    },
    "rule_wrap": {
        "pl": "{card} na {top} na stosie {name}: na stosach wartości zataczają koło, od Króla do Asa.",
        "en": "{card} went onto {top} on pile {name}: on piles, ranks wrap from King to Ace.",
    },
    "rule_up": {
        "pl": "{card} na fundament {name}: fundamenty Asa rosną w swoim kolorze, aż do Króla.",
        "en": "{card} went to foundation {name}: Ace foundations build up in their suit, to the King.",
    },
    "rule_down": {
        "pl": "{card} na fundament {name}: fundamenty Króla maleją w swoim kolorze, aż do Asa.",
        "en": "{card} went to foundation {name}: King foundations build down in their suit, to the Ace.",
    },
    "rule_across": {
        "pl": "{card} z {src} na {name}: wierzchnia karta fundamentu może przejść na drugi fundament "
        "swojego koloru, jeśli po nim następuje.",
        "en": "{card} moved from {src} to {name}: a foundation's top card may move to the other "
        "foundation of its suit when it follows that one's top card.",
    },
    "rule_reshuffle": {
        "pl": "Przetasowanie: spodnia karta każdego stosu z co najmniej dwiema kartami idzie na wierzch; "
        "ruchów sprzed niego nie można cofnąć.",
        "en": "Reshuffle: every pile of two or more cards moves its bottom card to the top; "
        "moves before it can no longer be undone.",
    },
    "emptied": {
        "pl": " Stos {name} jest teraz pusty i pozostanie pusty.",
        "en": " Pile {name} is now empty and stays empty.",
    },
    # A lesson's wrong answer, taken back: where the card went, and not where the task wanted it.
    "went_pile": {"pl": "{card} {src} na {top} na stosie {name}", "en": "{card} went {src}onto {top} on pile {name}"},
    "went_foundation": {"pl": "{card} {src} na fundament {name}", "en": "{card} went {src}to foundation {name}"},
    "went_from_pile": {"pl": "ze stosu {name}", "en": "from pile {name} "},
    "went_from_foundation": {"pl": "z fundamentu {name}", "en": "from foundation {name} "},
    "not_pile": {"pl": ", a nie na stos {name}.", "en": ", not onto pile {name}."},
    "not_foundation": {"pl": ", a nie na fundament {name}.", "en": ", not to foundation {name}."},
    # The same, said of a move a lesson took back: the pile still holds its card.
    "emptied_taken_back": {
        "pl": " Ten ruch opróżniłby stos {name} na dobre.",
        "en": " That move would have emptied pile {name} for good.",
    },
}


# A refused attempt in a lesson, naming its cards: it follows "Not yet: " (so it starts small),
# and says the rule the engine's reason code names (REASONS) about the cards of this attempt.
# {at} is where a card lies ("on pile 4" / "na stosie 4"); {limit} is a pile's most cards.
REFUSED_ATTEMPTS: Final[dict[str, dict[str, str]]] = {
    "at_pile": {"pl": "na stosie {name}", "en": "on pile {name}"},
    "at_foundation": {"pl": "na fundamencie {name}", "en": "on foundation {name}"},
    "same_place": {"pl": "{card} już leży {at}", "en": "{card} is already {at}"},
    "empty_source": {
        "pl": "stos {name} jest pusty; nie ma czego przenieść",
        "en": "pile {name} is empty; there is no card to move",
    },
    "base_locked": {
        "pl": "{card} to podstawa fundamentu {name} i zostaje na miejscu",
        "en": "{card} is the base of foundation {name} and stays there",
    },
    "no_return": {
        "pl": "{card} nie może wrócić z fundamentu {name} na stos",
        "en": "{card} cannot go back from foundation {name} to a pile",
    },
    "empty_pile": {
        "pl": "{card} nie może trafić na pusty stos {name} (pusty stos zostaje pusty)",
        "en": "{card} cannot go onto the empty pile {name} (an empty pile stays empty)",
    },
    "pile_full": {
        "pl": "{card} nie może trafić na {top} {at}, bo ten stos jest pełny ({limit} kart)",
        "en": "{card} cannot go onto {top} {at}, as that pile is full ({limit} cards)",
    },
    "same_suit": {
        "pl": "{card} nie jest tego samego koloru co {top} {at}",
        "en": "{card} is not the same suit as {top} {at}",
    },
    "adjacent_rank": {
        "pl": "{card} nie jest o jeden wyższa ani niższa od {top} {at}",
        "en": "{card} is not one rank higher or lower than {top} {at}",
    },
    "foundation_order": {
        "pl": "{card} nie jest następną kartą po {top} {at}",
        "en": "{card} is not the next card after {top} {at}",
    },
    "foundation_order_any": {
        "pl": "{card} nie jest następną kartą żadnego fundamentu",
        "en": "{card} is not the next card of any foundation",
    },
    "no_destination": {"pl": "{card} {at} nie ma teraz dozwolonego ruchu", "en": "{card} {at} has no legal move now"},
}


# The solver's advice (hints) and its verdicts on a move, for the teaching mode.
ADVICE: Final[dict[str, dict[str, str]]] = {
    "winning": {
        "pl": "Ten ruch należy do wygrywającej linii: {move}.",
        "en": "This move is part of a winning line: {move}.",
    },
    "winning_reshuffle": {
        "pl": "Przetasuj teraz: to krok wygrywającej linii.",
        "en": "Reshuffle now: it is a step of a winning line.",
    },
    "heuristic": {
        "pl": "Nie znaleziono jeszcze wygranej; najlepiej wygląda ruch {move}.",
        "en": "No win found yet; the most promising move is {move}.",
    },
    "heuristic_reshuffle": {"pl": "Żaden ruch nie pomaga; przetasuj.", "en": "No move helps; reshuffle."},
    "undo": {
        "pl": "Tej pozycji nie da się już wygrać; cofnij ruch.",
        "en": "This position can no longer be won; undo a move.",
    },
    "lost_no_undo": {
        "pl": "Tej pozycji nie da się już wygrać; zacznij nową grę.",
        "en": "This position can no longer be won; start a new game.",
    },
    "blocked": {
        "pl": "Brak ruchów; cofnij ruch albo zacznij nową grę.",
        "en": "No moves left; undo or start a new game.",
    },
    "won": {"pl": "Gra jest wygrana.", "en": "The game is won."},
    "only_back": {
        "pl": "Każdy ruch prowadzi z powrotem do niedawnej pozycji; cofnij ruch albo zacznij nową grę.",
        "en": "Every move leads back to a recent position; undo a move or start a new game.",
    },
}
MOVE_VERDICTS: Final[dict[str, dict[str, str]]] = {
    "keeps_win": {"pl": "Po tym ruchu nadal można wygrać.", "en": "The game can still be won after this move."},
    "loses_win": {
        "pl": "Uwaga: po tym ruchu gry nie da się już wygrać.",
        "en": "Careful: after this move the game can no longer be won.",
    },
    "already_lost": {"pl": "Tej pozycji i tak nie da się wygrać.", "en": "This position cannot be won anyway."},
    "unknown": {"pl": "Nie wiadomo, czy ten ruch szkodzi.", "en": "Not known whether this move does harm."},
}

ADVICE["fair"] = {
    "pl": "Część kart jest zakryta, więc podpowiedź opiera się tylko na tym, co widać: {move}.",
    "en": "Some cards are face down, so this hint uses only what you can see: {move}.",
}
ADVICE["fair_reshuffle"] = {
    "pl": "Część kart jest zakryta; żaden widoczny ruch nie pomaga, więc przetasuj.",
    "en": "Some cards are face down; no visible move helps, so reshuffle.",
}
MOVE_VERDICTS["hidden"] = {
    "pl": "Część kart jest zakryta, więc nie wiadomo, czy ten ruch szkodzi.",
    "en": "Some cards are face down, so it is not known whether this move does harm.",
}

# The board's settings panel, its statistics and its panels' buttons.
LABELS.update(
    {
        "settings": {"pl": "Ustawienia", "en": "Settings"},
        "close": {"pl": "Zamknij", "en": "Close"},
        "setting_lang": {"pl": "Język", "en": "Language"},
        "setting_teach": {"pl": "Tryb nauki", "en": "Teaching mode"},
        "setting_four_colour": {"pl": "Cztery kolory kart", "en": "Four-colour cards"},
        "setting_large": {"pl": "Duże karty", "en": "Large cards"},
        "setting_auto_play": {
            "pl": "Sam przenoś karty, gdy to na pewno nie szkodzi",
            "en": "Move cards home by itself when it surely does no harm",
        },
        "setting_variant": {"pl": "Wariant następnej partii", "en": "Next deal's variant"},
        "lang_pl": {"pl": "polski", "en": "Polski"},
        "lang_en": {"pl": "English", "en": "English"},
        "variant_N": {"pl": "Półksiężyc", "en": "Crescent"},
        "variant_F": {"pl": "Półksiężyc Cztery", "en": "Crescent Four"},
        "variant_H": {"pl": "Zakryte rozdanie", "en": "Face-down deal"},
        "stats": {"pl": "Statystyki", "en": "Statistics"},
        "stats_variant": {"pl": "Wariant", "en": "Variant"},
        "stats_games": {"pl": "Partie", "en": "Games"},
        "stats_wins": {"pl": "Wygrane", "en": "Wins"},
        "stats_win_rate": {"pl": "% wygranych", "en": "Win %"},
        "stats_streak": {"pl": "Seria", "en": "Streak"},
        "stats_best_streak": {"pl": "Najdłuższa seria", "en": "Best streak"},
        "stats_best_time": {"pl": "Najlepszy czas", "en": "Best time"},
        "stats_fewest_moves": {"pl": "Najmniej ruchów", "en": "Fewest moves"},
        "stats_none": {"pl": "Nie zagrano jeszcze żadnej partii.", "en": "No game played yet."},
        "stats_off": {"pl": "Statystyki są wyłączone.", "en": "Statistics are off."},
        # Said with a win, on the banner and to a screen reader: the variant's figures, this win counted.
        "won_record": {"pl": "Wygrane: {wins}, seria: {streak}", "en": "Wins: {wins}, streak: {streak}"},
    }
)

# The board as a player meets it: "still winnable?" with hidden cards, confirmations,
# restarting a deal, leaving a replay, and lessons that take a wrong move back.
LABELS.update(
    {
        "winnable_hidden": {
            "pl": "Część kart jest zakryta, więc nikt nie wie, czy da się wygrać; solver nie podgląda zakrytych kart.",
            "en": "Some cards are face down, so nobody can tell whether it can be won; the solver does not peek.",
        },
        "confirm_reshuffle": {
            "pl": "Po przetasowaniu nie da się cofnąć żadnego wcześniejszego ruchu. Naciśnij „Przetasuj” jeszcze raz, "
            "aby przetasować.",
            "en": "After a reshuffle no earlier move can be undone. Press Reshuffle again to reshuffle.",
        },
        # A press that asked for a second one, and got another action instead: said with that action.
        "cancelled_reshuffle": {"pl": "Nie przetasowano.", "en": "Reshuffle not done."},
        "cancelled_restart": {"pl": "Rozdania nie zaczęto od nowa.", "en": "Restart not done."},
        "cancelled_new_game": {"pl": "Nie rozdano nowej gry.", "en": "New game not dealt."},
        "restart": {"pl": "Od nowa", "en": "Restart"},
        "restart_title": {"pl": "Zagraj to samo rozdanie od początku", "en": "Play this deal again from the start"},
        "confirm_restart": {
            "pl": "Partia trwa: naciśnij „Od nowa” jeszcze raz, aby zacząć to rozdanie od początku (ruchy przepadną).",
            "en": "A game is in progress: press Restart again to play this deal from the start (its moves are lost).",
        },
        "announce_restart": {
            "pl": "To samo rozdanie od początku: {code}.",
            "en": "The same deal from the start: {code}.",
        },
        "replay_keep": {"pl": "Graj od tego miejsca", "en": "Play from here"},
        "verdict_taken_back": {"pl": "{what} Ruch cofnięto. Wskazówka: ", "en": "{what} It is taken back. Hint: "},
        "verdict_hint": {"pl": ". Wskazówka: {idea}", "en": ". Hint: {idea}"},
        "verdict_other_undo": {"pl": "W tej lekcji nie trzeba niczego cofać.", "en": "This lesson needs no undo."},
        "lesson_progress": {"pl": "Lekcja {n} z {count}", "en": "Lesson {n} of {count}"},
        "lesson_done": {"pl": "zrobiona ✓", "en": "done ✓"},
        "lesson_retry": {"pl": "Spróbuj jeszcze raz", "en": "Try again"},
        "lesson_next": {"pl": "Następna lekcja", "en": "Next lesson"},
        "why_emptied": {"pl": "Opróżnił stos {n}.", "en": "It emptied pile {n}."},
        "why_freed": {
            "pl": "Odsłonił {card}, na którą czekał fundament.",
            "en": "It uncovered {card}, which a foundation was waiting for.",
        },
        "why_only_line": {
            "pl": "Tylko ten ruch zachowywał wygraną (udowodnione).",
            "en": "It was the only move that kept a win (proven).",
        },
        "replay_kept": {
            "pl": "Grasz dalej od kroku {step} odtwarzania: gra {code}, ruchy: {n}.",
            "en": "You play on from step {step} of the replay: game {code}, {n} moves.",
        },
        "replay_left": {
            "pl": "Koniec odtwarzania: wracasz do swojej gry ({code}, ruchy: {n}) w miejscu, w którym była.",
            "en": "Replay closed: back to your game ({code}, {n} moves) where you left it.",
        },
    }
)


@dataclass(frozen=True)
class Words:
    """One text in every language, made at once so that a change of language re-translates it.

    ``.text(lang)`` picks one, the call every bilingual object of the package answers
    (errors, hints, move checks, cards, records).

    >>> w = Words.of(lambda lang: label("undo", lang))
    >>> w.text(), w.text("en"), bool(Words())
    ('Cofnij', 'Undo', False)
    """

    pl: str = ""
    en: str = ""

    @classmethod
    def of(cls, make: Callable[[Lang], str]) -> Words:
        """The text ``make(lang)`` gives in each language."""
        return cls(make("pl"), make("en"))

    @classmethod
    def same(cls, text: str) -> Words:
        """A text shown as it is in every language (e.g. a note written by notebook code)."""
        return cls(text, text)

    def text(self, lang: str = DEFAULT_LANG) -> str:
        """The text in ``lang``."""
        return self.pl if check_lang(lang) == "pl" else self.en

    def __bool__(self) -> bool:
        return bool(self.pl or self.en)


NO_WORDS: Final = Words()


def message(reason: str, lang: str = DEFAULT_LANG) -> str:
    """The text of a refusal reason in a language (``KeyError`` for an unknown reason)."""
    return REASONS[reason][check_lang(lang)]


def label(key: str, lang: str = DEFAULT_LANG, **values: object) -> str:
    """A labelled text of the interface, with ``{placeholders}`` filled in.

    >>> label("reshuffles_left", "pl", n=2)
    'Przetasowania: 2'
    """
    return LABELS[key][check_lang(lang)].format(**values)


def plural_form(count: int) -> Literal["one", "few", "many"]:
    """Which plural form a count takes: Polish has three (1 karta, 2-4 karty, 5 kart; 22 karty,
    but 12-14 kart), English uses its plural for both "few" and "many".

    >>> [plural_form(count) for count in (0, 1, 2, 4, 5, 12, 21, 22, 112, 379_394)]
    ['many', 'one', 'few', 'few', 'many', 'many', 'many', 'few', 'many', 'few']
    """
    if count == 1:
        return "one"
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return "few"
    return "many"


def searched_text(count: int, lang: str = DEFAULT_LANG) -> str:
    """How many positions a search has looked at, in words, with thin spaces between thousands.

    >>> searched_text(379_397, "en"), searched_text(379_397, "pl")
    ('379\\u202f397 positions searched', 'przeszukano 379\\u202f397 pozycji')
    >>> searched_text(1, "en"), searched_text(1, "pl"), searched_text(1_022, "pl")
    ('1 position searched', 'przeszukano 1 pozycję', 'przeszukano 1\\u202f022 pozycje')
    """
    number = f"{count:,}".replace(",", "\u202f")
    return label(f"searched_{plural_form(count)}", lang, n=number)


def reshuffle_button_text(reshuffles_left: int, lang: str = DEFAULT_LANG) -> str:
    """What the Reshuffle button says: the count left, then "no reshuffles left".

    >>> reshuffle_button_text(3, "en"), reshuffle_button_text(0, "pl")
    ('Reshuffle (3)', 'Brak przetasowań')
    """
    if reshuffles_left <= 0:
        return message("no_reshuffles", lang)
    return f"{label('reshuffle', lang)} ({reshuffles_left})"


# Why a position is lost, and the game review (solver/analysis/why.py, solver/analysis/review.py).
REVIEW: Final[dict[str, dict[str, str]]] = {
    "lost_suit": {
        "pl": "Kolor {suit} nie może już w całości trafić na fundamenty, nawet gdyby inne kolory zniknęły z drogi.",
        "en": "The {suit} suit can no longer all reach its foundations, even with every other suit out of the way.",
    },
    "lost_dead_end": {
        "pl": "{stuck} leży na {beneath}, która musi trafić na fundament przed nią, a {stuck} nie ma dokąd zejść.",
        "en": "{stuck} lies on {beneath}, which must reach a foundation first, and {stuck} has nowhere else to go.",
    },
    "lost_dead_ends": {
        "pl": "Sprawdzono każdy dalszy ciąg gry: każdy kończy się kartą, która utknęła na dobre, "
        "najczęściej {stuck} na {beneath}: {stuck} mogłaby zejść tylko na fundament, i to dopiero po {beneath}, "
        "która leży pod nią.",
        "en": "Every way to play on was tried, and each ends with a card stuck for good, most often "
        "{stuck} on {beneath}: {stuck} could only go to a foundation, and only after {beneath}, which lies under it.",
    },
    "lost_proven": {
        "pl": "Sprawdzono każdy dalszy ciąg gry i żaden nie wygrywa.",
        "en": "Every way to play on was tried, and none wins.",
    },
    "lost_blocked": {"pl": "Nie został żaden ruch.", "en": "No move is left."},
    "lost_blocked_on": {
        "pl": "Nie został żaden ruch: {beneath}, na którą czeka fundament, leży pod {stuck}.",
        "en": "No move is left: {beneath}, which a foundation waits for, lies under {stuck}.",
    },
    # Actions are named as the board's Moves counter counts them (review_words.py); Polish
    # needs the name in three cases: nominative, locative (przy, po), genitive (zamiast, od, do).
    "name_move": {"pl": "ruch {n}", "en": "move {n}"},
    "name_move_loc": {"pl": "ruchu {n}", "en": "move {n}"},
    "name_move_gen": {"pl": "ruchu {n}", "en": "move {n}"},
    "name_reshuffle": {"pl": "przetasowanie {r}", "en": "reshuffle {r}"},
    "name_reshuffle_loc": {"pl": "przetasowaniu {r}", "en": "reshuffle {r}"},
    "name_reshuffle_gen": {"pl": "przetasowania {r}", "en": "reshuffle {r}"},
    "name_after": {"pl": "{name} (po ruchu {m})", "en": "{name} (after move {m})"},
    "name_start": {"pl": "początku", "en": "the start"},
    "turning": {
        "pl": "Przy {at} przepadła wygrana{move}. {why}",
        "en": "At {at} the win was thrown away{move}. {why}",
    },
    "probable": {
        "pl": "Prawdopodobnie twój błąd: {at}{move}. {before}; {after}.",
        "en": "Probably your mistake: {at}{move}. {before}; {after}.",
    },
    "possible": {
        "pl": "Być może twój błąd: {at}{move}. {before}; {after}.",
        "en": "Perhaps your mistake: {at}{move}. {before}; {after}.",
    },
    "probable_found": {"pl": "Przed nim wygraną znaleziono w {found}", "en": "Before it a win took {found} to find"},
    "probable_known": {"pl": "Przed nim wygrana była już znana", "en": "Before it a win was already known"},
    "probable_searched": {
        "pl": "po nim nie znaleziono żadnej w {searched} szukania",
        "en": "after it, {searched} of search found none",
    },
    "probable_unsearched": {"pl": "po nim zabrakło już czasu na szukanie", "en": "after it no time was left to search"},
    "proven_after": {
        "pl": "Po {after} gry nie dało się już wygrać (udowodnione). {why}",
        "en": "After {after} the game could no longer be won (proven). {why}",
    },
    "seconds": {"pl": "{s} s", "en": "{s} s"},
    "seconds_under": {"pl": "niespełna {s} s", "en": "under {s} s"},
    "better": {
        "pl": "Zamiast {at}{played} lepiej: {move}, które zachowuje wygraną (ruchy wygrywającej linii: {k}).",
        "en": "Instead of {at}{played}, better: {move}, which keeps the win (a winning line of {k} moves).",
    },
    "lost_from_deal": {"pl": "Tego rozdania nie dało się wygrać. {why}", "en": "This deal could not be won. {why}"},
    "lost_unplaced": {
        "pl": "Po {after} gry nie da się wygrać; nie ustalono, czy wcześniej się dało. {why}",
        "en": "After {after} the game cannot be won; whether it could be before was not settled. {why}",
    },
    "won": {"pl": "Gra wygrana: ani razu nie była przegrana.", "en": "The game was won: it was never lost."},
    "winnable": {
        "pl": "Tę grę nadal da się wygrać: ani razu nie była przegrana.",
        "en": "This game can still be won: it was never lost.",
    },
    "only_moves": {
        "pl": "Najdłużej tylko jeden ruch utrzymywał wygraną od {a} do {b}; powtórka zaczyna się tuż przed nimi.",
        "en": "The longest stretch where just one move kept the win: from {a} to {b}; the replay opens just before it.",
    },
    "only_move": {
        "pl": "Tylko przy {a} wygraną utrzymywał jeden jedyny ruch; powtórka zaczyna się tuż przed nim.",
        "en": "Only at {a} did just one move keep the win; the replay opens just before it.",
    },
    "unsettled": {
        "pl": "W dostępnym czasie nie udało się ustalić, czy i gdzie przepadła wygrana.",
        "en": "Within its time the review could not settle whether or where the win was lost.",
    },
    "review": {"pl": "Analiza", "en": "Review"},
    "review_title": {
        "pl": "Gdzie przepadła wygrana i co należało zagrać",
        "en": "Where the win was lost, and what to play instead",
    },
}
# Practice after a review (table/practice.py): find a move that keeps the win.
PRACTICE: Final[dict[str, dict[str, str]]] = {
    "practice": {"pl": "Ćwicz", "en": "Practice"},
    "practice_title": {
        "pl": "Ćwicz pozycję tuż przed błędem: znajdź ruch, który zachowuje wygraną",
        "en": "Practise the position just before the mistake: find a move that keeps the win",
    },
    "practice_task": {
        "pl": "Ćwiczenie: znajdź ruch, który zachowuje wygraną (masz {most} próby).",
        "en": "Practice: find a move that keeps the win ({most} tries).",
    },
    "practice_task_named": {
        "pl": "Ćwiczenie: znajdź ruch, który zachowuje wygraną, zamiast {at} ({move}; masz {most} próby).",
        "en": "Practice: find a move that keeps the win, instead of {at} ({move}; {most} tries).",
    },
    "practice_tries": {"pl": "Próba {n} z {most}", "en": "Try {n} of {most}"},
    "practice_copy": {"pl": "Kopiuj pozycję", "en": "Copy position"},
    "practice_keeps": {
        "pl": "Dobrze: {move} zachowuje wygraną (ruchy wygrywającej linii: {k}). Graj dalej; "
        "Podpowiedź prowadzi tą linią.",
        "en": "Right: {move} keeps the win (a winning line of {k} moves). Play on; Hint follows that line.",
    },
    "practice_throws": {
        "pl": "{move} zaprzepaszcza wygraną: {why}",
        "en": "{move} throws the win away: {why}",
    },
    "practice_throws_named": {
        "pl": "{move} zaprzepaszcza wygraną: to ruch, który analiza wskazała jako błąd. {why}",
        "en": "{move} throws the win away: it is the move the review named as the mistake. {why}",
    },
    "practice_named_probable": {
        "pl": "{move} to ruch, który analiza wskazała jako prawdopodobny błąd: w {searched} "
        "nie znalazła po nim wygranej.",
        "en": "{move} is the move the review named as your probable mistake: after it, {searched} of search "
        "found no win.",
    },
    "practice_named_possible": {
        "pl": "{move} to ruch, który analiza wskazała jako możliwy błąd: w {searched} nie znalazła po nim wygranej.",
        "en": "{move} is the move the review named as your possible mistake: after it, {searched} of search "
        "found no win.",
    },
    "practice_unknown": {
        "pl": "Nie wiadomo w zadanym czasie, czy {move} zachowuje wygraną.",
        "en": "The solver could not tell in time whether {move} keeps the win.",
    },
    "practice_again": {
        "pl": "Ten ruch nie zostaje na planszy: spróbuj innego (zostało prób: {left}).",
        "en": "The move does not stand: try another ({left} left).",
    },
    "practice_no_better": {
        "pl": "Ten ruch nie zostaje na planszy. Solver nie znalazł jeszcze wygranej z tej pozycji, "
        "więc nie pokaże lepszego ruchu; próbuj dalej.",
        "en": "The move does not stand. The solver has found no win from this position yet, so it shows "
        "no better move; keep trying.",
    },
    "practice_lost": {
        "pl": "Tej pozycji nie da się już wygrać: żaden ruch nie zachowa wygranej.",
        "en": "This position cannot be won any more: no move keeps the win.",
    },
    "practice_shown": {
        "pl": "Ten ruch nie zostaje na planszy. Lepszy ruch: {move}, podświetlony na planszy; zagraj go "
        "(ruchy wygrywającej linii: {k}).",
        "en": "The move does not stand. The better move: {move}, lit on the board; play it "
        "(a winning line of {k} moves).",
    },
}
LABELS.update({key: PRACTICE[key] for key in ("practice", "practice_title", "practice_tries", "practice_copy")})
LABELS["review"] = REVIEW["review"]
LABELS["review_title"] = REVIEW["review_title"]
LABELS["review_try"] = {"pl": "Wypróbuj", "en": "Try it"}
LABELS["review_tried"] = {
    "pl": "Zamiast {at} zagrano lepszy ruch, {move}; grasz dalej od tego miejsca. Podświetlony ruch "
    "to następny krok wygrywającej linii, a Podpowiedź prowadzi nią dalej.",
    "en": "The better move is played instead of {at}, {move}; you play on from there. The lit move "
    "is the next step of a winning line, and Hint follows it.",
}
