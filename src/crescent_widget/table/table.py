"""The game at a table: one :class:`Game` plus everything a player's session adds to it.

A :class:`Table` holds the selection, a move held back for confirmation, a hint, a
"still winnable?" answer, a replay, the teaching mode, the language, and the last
message, note and announcement. The player's intents are its methods (:meth:`Table.tap`,
:meth:`Table.move`, :meth:`Table.undo`, …); :meth:`Table.view` gives an immutable
:class:`TableView` of what to show. Every face of the game draws that view: the Jupyter
widget turns it into traits, the terminal player prints it. No widget library is needed.

Table is one class of about 390 lines of code on purpose: every intent reads and resets the
same session state, and :meth:`Table._reset_interaction` is the one place that resets it.
Split across classes, that state would be declared again in each (the mixins this replaced).

>>> t = Table("CR1-N-AAAAAAB", lang="en")
>>> t.tap(5)                            # exactly one destination: the card goes there
Move.parse('5-F2')
>>> t.tap(3), t.view().selected         # several destinations: the pile is selected
(None, '3')
>>> t.tap("F7"), t.view().announcement
(Move.parse('3-F7'), 'Move 2: Q♣ from pile 3 onto K♣ on foundation F7')
>>> t.undo(), t.view().can_undo
(Move.parse('3-F7'), True)
"""

from __future__ import annotations

import contextlib
import copy
import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, Literal, NoReturn

from ..deprecation import renamed
from ..engine.codes import VARIANT_RESHUFFLES
from ..engine.endgame import finishing_run
from ..engine.game import Game, MoveArg
from ..engine.moves import ANY_FOUNDATION, PILES, RESHUFFLE, Move, Place, PlaceLike, parse_place
from ..errors import ArgumentTypeError, CrescentError, IllegalMoveError, InvalidOptionError
from ..words.announcements import (
    announce_action,
    announce_selected,
    announce_undo,
    explain_action,
    game_end,
    join,
    labels,
    refusal,
)
from ..words.i18n import NO_WORDS, Lang, Words, check_lang, label, message, reshuffle_button_text
from .background import Searches, SearchKind
from .plan import HintPlan
from .replay import Replay, ReplayInput, ReplayState
from .review import REVIEW_SECONDS, review_state, review_step
from .serial import serialized

if TYPE_CHECKING:
    from ..solver import Hint, MoveCheck, Winnability
    from ..solver.review import Review

logger = logging.getLogger(__name__)

# Seconds the teaching mode gives the solver before a player's move: short enough not to feel like a wait.
TEACH_CHECK_SECONDS: Final = 0.4

NOTE_TONES: Final = ("", "right", "wrong")
ActionKind = Literal["move", "reshuffle", "undo", "new_game"]
ActionCallback = Callable[[str, Move | None], object]
MoveCallback = Callable[[Move], object]


def _deal(code: str | None = None, variant: str | None = None, winnable: bool = False) -> Game:
    """The game of ``code``; without one a random deal of ``variant``, proven winnable if asked.

    A deal the solver won in the standard game is winnable in Crescent Four (one more
    reshuffle) and in the face-down deal (the same moves; only what is shown differs).
    """
    if code is not None or not winnable:
        return Game(code, variant=variant)
    return Game.random(winnable=True, variant=variant or "N")


def check_flag(name: str, value: object) -> bool:
    """``value`` if it is a bool, else :class:`InvalidOptionError` (``1`` or ``"yes"`` is no flag)."""
    if not isinstance(value, bool):
        raise InvalidOptionError(f"{name} must be True or False, got {type(value).__name__}")
    return value


def check_variant(value: object) -> str:
    """``value`` if it names a variant (``"N"``, ``"F"``, ``"H"``), else :class:`InvalidOptionError`."""
    if not isinstance(value, str) or value not in VARIANT_RESHUFFLES:
        raise InvalidOptionError(f"variant must be one of {', '.join(VARIANT_RESHUFFLES)}, got {value!r}")
    return value


@dataclass(frozen=True)
class TableView:
    """What a face of the game shows at one moment; every text is in :attr:`lang`.

    Places are written as the game writes them: ``"1"``–``"16"`` and ``"F1"``–``"F8"``.
    Face-down cards are not in it: a pile shows its top card (always face up) and counts.
    """

    code: str  # "" for a position made with Game.from_layout
    variant: str
    piles: tuple[tuple[str, int], ...]  # 16 × (top card or "", card count)
    face_down: tuple[int, ...]  # 16 × face-down cards under the top
    foundations: tuple[tuple[str, int], ...]  # 8 × (top card, card count)
    reshuffles_left: int
    reshuffle_label: str
    move_count: int
    can_undo: bool
    undo_reason: str  # why Undo is unavailable ("" when it is available)
    status: str  # "playing", "won" or "blocked"
    message: str  # why the last action was refused ("" when rules are silent)
    note: str  # a line of information: hint, explanation, narration
    note_tone: str  # "right" or "wrong" when the note is a verdict, else ""
    announcement: str  # the last announcement for screen readers
    announce_id: int  # +1 with every new announcement
    selected: str  # the selected place or ""
    targets: Mapping[str, tuple[str, ...]]  # place -> its legal destinations
    hint_move: str  # the suggested move ("13-14", "R") or ""
    winnability: str  # "winnable", "lost", "unknown", "hidden" (cards face down) or "" (not asked)
    can_finish: bool  # only foundation moves are left: "Finish" may play them (endgame.finishing_run)
    pending_move: str  # a move held for confirmation, or ""
    warning: str  # why the pending move is held
    replay: ReplayState | None
    elapsed: float
    clock_running: bool
    lang: Lang
    labels: Mapping[str, Any]  # every interface text in lang (button labels, templates)
    search: str = ""  # what a background search is doing ("" when none runs), in lang


@serialized
class Table:
    """One game of Crescent with a player's session around it; see the module docs.

    Args:
        code: a game code; ``None`` deals a random game of ``variant``.
        lang: ``"pl"`` (default) or ``"en"`` for every text.
        interactive_rules: say why a move is refused (in the view's ``message``); refusals
            raise either way.
        teach: teaching mode: each action is explained in the note, and a player's move
            that turns a winnable game into a lost one waits for :meth:`confirm` or
            :meth:`cancel`.
        winnable: random deals are deals the solver proved winnable.
        variant: the variant of random deals (``"N"``, ``"F"``, ``"H"``).
        auto_play: after each move, play the foundation moves the solver's safe-move
            rule proves harmless (:func:`~crescent_widget.solver.safe.safe_moves`).

    Moves come from a player (``by_player=True``, the default: board gestures, the
    terminal) or from notebook code (``by_player=False``): only a player's move is held
    back by the teaching mode, and only a player's New game asks for a second press.
    A refused intent raises the engine's error, changes nothing but the message, and is
    still shown.

    ``on_view`` (if set) receives the new :class:`TableView` after every change, before
    the action callbacks run.

    A Table is safe to share between threads (a widget's messages and a bot's thread):
    every public method and property holds one lock while it runs, so actions and views
    never interleave. Callbacks run holding it, on the acting thread, and may call the
    table again. The :class:`Game` behind :attr:`game` is not locked: change it only
    through the table, or while no other thread acts.

    With :attr:`background` on (the widget's board), the board's searches run off the
    calling thread (:mod:`.background`): their results, and a move the teaching check
    let through, are applied on the searching thread, holding the lock, and only while
    the position they were asked about still stands.
    """

    def __init__(
        self,
        code: str | None = None,
        *,
        lang: str = "pl",
        interactive_rules: bool = True,
        teach: bool = False,
        winnable: bool = False,
        variant: str | None = None,
        auto_play: bool = False,
    ) -> None:
        self._lock = threading.RLock()
        self._lang = check_lang(lang)
        self._auto_play = check_flag("auto_play", auto_play)
        self._auto_playing = False
        self._interactive_rules = check_flag("interactive_rules", interactive_rules)
        self._teach = check_flag("teach", teach)
        self._winnable = check_flag("winnable", winnable)
        self._game = _deal(code, variant, winnable)
        self._variant = self._game.variant
        self._plan = HintPlan()  # the line the hints follow, and the player's recent path
        self._plan.visit(self._game)
        self._previous: Game | None = None
        self._replay: Replay | None = None
        self._saved: Game | None = None  # the game a replay stepped away from
        self._review: Review | None = None  # the review a replay shows, if it is one
        self._note: Words = NO_WORDS
        self._toned: tuple[Words, str] = (NO_WORDS, "")  # a note with a tone, while it is the note
        self._words: Words = NO_WORDS
        self._announced = 0
        self._version = 0
        self._new_game_armed_at = -1
        self._armed: tuple[str, int] = ("", -1)  # an action that asked for a second press, and when
        self._reset_interaction()
        self._action_callbacks: list[ActionCallback] = []
        self._move_callbacks: list[MoveCallback] = []
        self.on_view: Callable[[TableView], object] | None = None
        self.on_search: Callable[[str], object] | None = None
        self._background = False
        self._searches = Searches(
            lock=self._lock, stamp=self._stamp, show=self._show, refuse=self._show_refusal, report=self._search_progress
        )

    def _reset_interaction(self) -> None:
        """Drop everything that was about the position before: the one place it is reset."""
        self._selected: Place | None = None
        self._pending: tuple[Move, MoveCheck] | None = None
        self._hint: Hint | None = None
        self._winnability = ""
        self._notice: CrescentError | None = None

    @classmethod
    def from_game(cls, game: Game, **options: Any) -> Table:
        """A table showing an existing engine game, e.g. one from ``Game.from_layout``."""
        table = cls(**options)
        table.load(game)
        return table

    # ------------------------------------------------------------------ reading and options

    @property
    def game(self) -> Game:
        """The engine game (in a replay: the replayed position). After changing it, call :meth:`refresh`."""
        return self._game

    @property
    def previous_game(self) -> Game | None:
        """A copy of the game from just before the last action (``None`` before any)."""
        return self._previous

    @property
    def version(self) -> int:
        """+1 with every change of what the table shows."""
        return self._version

    @property
    def lang(self) -> Lang:
        """The language of every text; setting it re-translates what is shown."""
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = check_lang(value)
        self._show()

    @property
    def interactive_rules(self) -> bool:
        """Whether a refusal is explained (its message shown and announced)."""
        return self._interactive_rules

    @interactive_rules.setter
    def interactive_rules(self, value: bool) -> None:
        self._interactive_rules = check_flag("interactive_rules", value)
        self._show()

    @property
    def teach(self) -> bool:
        """Teaching mode (see the class docs)."""
        return self._teach

    @teach.setter
    def teach(self, value: bool) -> None:
        self._teach = check_flag("teach", value)
        if not value:
            self._pending = None  # a move held by the teaching mode is not held without it
        self._show()

    @property
    def winnable(self) -> bool:
        """Whether random deals are proven winnable."""
        return self._winnable

    @winnable.setter
    def winnable(self, value: bool) -> None:
        self._winnable = check_flag("winnable", value)

    @property
    def auto_play(self) -> bool:
        """Whether moves to the foundations that can never hurt are played for the player."""
        return self._auto_play

    @auto_play.setter
    def auto_play(self, value: bool) -> None:
        self._auto_play = check_flag("auto_play", value)
        if self._auto_play and self._replay is None:
            self._play_safe_moves()

    @property
    def variant(self) -> str:
        """The variant of the next random deal (a loaded game sets it to its own)."""
        return self._variant

    @variant.setter
    def variant(self, value: str) -> None:
        self._variant = check_variant(value)

    @property
    def selected(self) -> Place | None:
        """The selected place (it prints as ``3``, ``F1``) or ``None``."""
        return self._selected

    @property
    def pending(self) -> Move | None:
        """The player's move the teaching mode holds back, or ``None``."""
        return None if self._pending is None else self._pending[0]

    @property
    def replaying(self) -> bool:
        """Whether a replay is on the table."""
        return self._replay is not None

    def legal_moves(self) -> list[Move]:
        """Every legal move now, as the engine lists them (reshuffle not included)."""
        return self._game.legal_moves()

    # ------------------------------------------------------------------------- callbacks

    def on_action(self, callback: ActionCallback, remove: bool = False) -> None:
        """Register ``callback(kind, move)`` after every action; ``remove=True`` unregisters it.

        ``kind`` is ``"move"``, ``"reshuffle"``, ``"undo"`` (``move`` is the move taken back)
        or ``"new_game"`` (``move`` is ``None``). A failing callback is logged.

        Raises:
            InvalidOptionError: ``callback`` is not callable, or was never registered.
        """
        _register(self._action_callbacks, callback, remove)

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Register ``callback(move)`` after every move and reshuffle; ``remove=True`` unregisters it.

        Raises:
            InvalidOptionError: ``callback`` is not callable, or was never registered.
        """
        _register(self._move_callbacks, callback, remove)

    # ------------------------------------------------------------------------- intents

    def move(self, src: MoveArg, dst: PlaceLike | None = None, *, by_player: bool = True) -> Move | None:
        """Play a move (``move(10, 14)``, ``move("13-F")``); returns the move played.

        A player's move that loses a won game waits in teaching mode (returns ``None``).

        Raises:
            InvalidMoveError: the move is malformed; nothing changes.
            IllegalMoveError: the rules forbid it; nothing changes but the message.
        """
        check_flag("by_player", by_player)
        concrete = self._resolve(src, dst)
        if by_player and self._teach and self._held_for_confirmation(concrete):
            return None
        return self._play(concrete)

    def tap(self, place: PlaceLike, *, by_player: bool = True) -> Move | None:
        """Tap a pile or foundation; returns the move made, if any.

        With nothing selected: if exactly one place accepts the top card it goes there;
        with several, the place becomes selected. With a place selected: tapping it again
        deselects it; tapping another place moves the selected card there.

        Raises:
            InvalidMoveError: no such place.
            IllegalMoveError: the tap asks for a move the rules forbid (the selection is
                dropped), the card has no legal move (``no_destination``), or the pile is
                empty (``empty_source``).
        """
        check_flag("by_player", by_player)
        self._no_replay()
        tapped = self._place(place)
        selected, self._selected = self._selected, None
        self._pending = None
        if selected is not None:
            if selected == tapped:
                self._notice = None
                self._announce(Words.of(lambda lang: label("announce_deselected", lang)))
                self._show()
                return None
            return self.move(Move(selected, tapped), by_player=by_player)
        destinations = self._destinations(tapped)
        if len(destinations) == 1:
            return self.move(Move(tapped, destinations[0]), by_player=by_player)
        if not destinations:
            empty = self._game.top(tapped) is None
            self._refuse(IllegalMoveError("empty_source" if empty else "no_destination"))
        self._selected = tapped
        self._notice = None
        self._announce(announce_selected(self._game, tapped, destinations))
        self._show()
        return None

    def double_tap(self, place: PlaceLike, *, by_player: bool = True) -> Move | None:
        """Send the card to a foundation that accepts it (``F``); otherwise act as :meth:`tap`."""
        self._no_replay()
        tapped = self._place(place)
        if self._game.can_move(Move(tapped, ANY_FOUNDATION)):
            return self.move(Move(tapped, ANY_FOUNDATION), by_player=by_player)
        return self.tap(place, by_player=by_player)

    def finish(self) -> tuple[Move, ...]:
        """Play the rest of the game when it is a plain run of foundation moves; returns the moves.

        Each is an ordinary move (callbacks, announcements, undo). A board plays them one
        at a time with :meth:`finish_step`, so that each card is seen going home.

        Raises:
            IllegalMoveError: ``nothing_to_finish`` (see :func:`~crescent_widget.engine.endgame.finishing_run`),
                or ``replay_active``.
        """
        return tuple(self._play(move) for move in self._finishing_run())

    def finish_step(self) -> Move:
        """Play the first move of the finishing run (see :meth:`finish`) and return it."""
        return self._play(self._finishing_run()[0])

    def _finishing_run(self) -> tuple[Move, ...]:
        self._no_replay()
        run = finishing_run(self._game)
        if not run:
            self._refuse(IllegalMoveError("nothing_to_finish"))
        return run

    def deselect(self) -> None:
        """Clear the selection (Escape on the board); nothing else changes."""
        if self._selected is not None:
            self._selected = None
            self._announce(Words.of(lambda lang: label("announce_deselected", lang)))
        self._notice = None
        self._show()

    def reshuffle(self, *, by_player: bool = True) -> bool:
        """Reshuffle (bottom card of every pile of 2+ cards to its top); not a move.

        A reshuffle ends Undo for every move before it, so while moves could still be
        undone a player's press only says so and asks for a second press, which must come
        before anything else changes; returns whether the reshuffle was played (a teaching
        mode may still hold it back). When the hint on the board says to reshuffle, one
        press does it: the press follows advice, it is no accident.

        Raises:
            IllegalMoveError: ``no_reshuffles`` or ``game_over``.
        """
        self._no_replay()
        hinted = self._hint is not None and self._hint.move is not None and self._hint.move.is_reshuffle
        asks = by_player and not hinted and self._game.can_undo() and self._game.can_move(RESHUFFLE)
        if asks and self._asks_first("reshuffle"):
            return False
        return self.move(RESHUFFLE, by_player=by_player) is not None

    def restart(self, *, by_player: bool = True) -> bool:
        """Deal this game again from its start (its code, or its layout); a player's press asks first.

        Like New game, a player's press while the game is in progress only asks for a
        second press; returns whether the deal was restarted.

        Raises:
            IllegalMoveError: ``replay_active``.
        """
        self._no_replay()
        game = self._game
        if by_player and game.actions and game.status == "playing" and self._asks_first("restart"):
            return False
        before = game.copy()
        self._load(game.root())
        code = self._game.code
        words = Words.of(lambda lang: label("announce_restart", lang, code=code or label("custom_position", lang)))
        self._done("new_game", None, before, words)
        return True

    def _asks_first(self, action: str) -> bool:
        """Whether this press of ``action`` only asks for a second one (that one returns ``False``).

        The second press must come before anything else changes the table; the note says
        what the action will cost.
        """
        if self._armed == (action, self._version):
            self._armed = ("", -1)
            return False
        self._selected = self._pending = None
        self._note = Words.of(lambda lang: label(f"confirm_{action}", lang))
        self._announce(self._note)
        self._show()
        self._armed = (action, self._version)
        return True

    def undo(self) -> Move:
        """Take back the last move and return it.

        Raises:
            IllegalMoveError: ``nothing_to_undo``, or ``undo_after_reshuffle``: moves
                before a reshuffle cannot be taken back.
        """
        self._no_replay()
        self._selected = self._pending = None
        before = self._game.copy()
        try:
            move = self._game.undo()
        except CrescentError as err:
            self._refuse(err)
        self._done("undo", move, before, announce_undo(self._game, move))
        return move

    def new_game(self, code: str | None = None, *, by_player: bool = True) -> bool:
        """Deal a new game: the one of ``code``, or a random one of :attr:`variant`; ends a replay.

        A player's press while a game is in progress only asks for a second press, which
        must come before anything else changes; returns whether a new game was dealt.

        Raises:
            InvalidCodeError: the code is malformed; the current game goes on.
        """
        check_flag("by_player", by_player)
        game = self._game
        in_progress = bool(game.actions) and game.status == "playing" and code is None and not self.replaying
        if by_player and in_progress and self._new_game_armed_at != self._version:
            self._note = Words.of(lambda lang: label("confirm_new_game", lang))
            self._keep_line("note")
            self._announce(self._note)
            self._show()
            self._new_game_armed_at = self._version
            return False
        try:
            new = _deal(code, None if code else self._variant, self._winnable)
        except CrescentError as err:
            self._refuse(err)
        before = self._game.copy()
        self._load(new)
        words = Words.of(lambda lang: label("announce_new_game", lang, code=new.code or ""))
        self._done("new_game", None, before, words)
        return True

    def load(self, game: Game) -> None:
        """Show another engine game (a saved one, a position from ``Game.from_layout``); ends a replay."""
        if not isinstance(game, Game):
            raise ArgumentTypeError("invalid_option", f"load() needs a Game, got {type(game).__name__}")
        self._load(game)
        self._show()

    def refresh(self) -> None:
        """Show the engine's state again (needed only after using :attr:`game` directly).

        The selection, a pending move, a hint and a winnability answer are dropped (they
        were about the old position); the message and the note stay.
        """
        notice = self._notice
        self._reset_interaction()
        self._notice = notice
        self._show()

    def show_note(self, text: str, tone: str = "") -> None:
        """Show one line of information (``""`` clears it); the next action clears it.

        ``tone`` ``"right"`` or ``"wrong"`` marks a verdict (a lesson's): the board shows it
        in its own colour and symbol, and it is announced to screen readers.
        """
        if not isinstance(text, str):
            raise ArgumentTypeError("invalid_option", f"show_note() needs text, got {type(text).__name__}")
        if tone not in NOTE_TONES:
            raise InvalidOptionError(f"tone must be one of {NOTE_TONES}, got {tone!r}")
        self._note = Words.same(text)
        self._toned = (self._note, tone)
        self._keep_line("note")
        if tone:
            self._announce(self._note)
        self._show()

    # -------------------------------------------------------------------------- advice

    def hint(self, seconds: float | None = None, *, nodes: int | None = None) -> Hint:
        """Ask the solver for a move: it is lit and the note explains it until the position changes.

        A search takes at most ``seconds`` (the widget's hint budget by default) and, if
        given, ``nodes`` positions (a budget that does not depend on the machine's load).

        Once a hint has found a winning line, the next hints follow it while the player
        does (no search); a new search starts only off the line, and never proposes a move
        back to a position of the player's recent path (see :mod:`.plan`).

        Raises:
            IllegalMoveError: ``replay_active``.
        """
        self._no_replay()
        found = self._plan.hint(self._game, seconds, nodes)
        self._show_hint(found, self._plan)
        return found

    def _show_hint(self, found: Hint, plan: HintPlan) -> None:
        self._plan = plan
        self._hint = found
        self._note = found.explanation
        self._keep_line("note")
        self._show()

    def still_winnable(self, seconds: float = 1.0) -> Winnability:
        """The board's "Still winnable?": ``"winnable"`` and ``"lost"`` are proofs, else ``"unknown"``.

        The call blocks for up to ``seconds`` (it returns at the first proof); 1 s settles
        about 9 positions in 10 of a game in progress with the compiled core, fewer in pure
        Python. The board's button searches in the background, for longer
        (:meth:`start_winnable`).

        While the face-down deal hides cards the answer is ``"unknown"`` at once, and the
        board says why (``winnability`` is ``"hidden"``): the solver may not look at them.
        """
        from ..solver import winnability

        self._no_replay()
        verdict = winnability(self._game, seconds=seconds)
        self._show_winnability(verdict)
        return verdict

    def _show_winnability(self, verdict: Winnability) -> None:
        from ..solver.api import hides_cards

        shown = "hidden" if verdict == "unknown" and hides_cards(self._game) else verdict
        self._winnability = shown
        self._keep_line("winnability")
        why = self._why_lost(verdict)
        if why:
            self._note = why  # the board's winnability line says it after the verdict
        self._announce(join(Words.of(lambda lang: label(f"winnable_{shown}", lang)), why))
        self._show()

    def _why_lost(self, verdict: Winnability) -> Words:
        """Why the game is lost, when "Still winnable?" found it lost (the same words as the hint's)."""
        from ..solver.api import hides_cards
        from ..solver.why import why_lost

        return why_lost(self._game) if verdict == "lost" and not hides_cards(self._game) else NO_WORDS

    def move_check(self, src: MoveArg, dst: PlaceLike | None = None, seconds: float = TEACH_CHECK_SECONDS) -> MoveCheck:
        """Would this move throw away a win? Plays nothing (:func:`~crescent_widget.solver.move_check`).

        Raises:
            InvalidMoveError, IllegalMoveError: the move is malformed or illegal here.
        """
        from ..solver import move_check

        return move_check(self._game, self._resolve(src, dst, query=True), seconds=seconds)

    def confirm(self) -> Move:
        """Play the move the teaching mode held back ("go ahead").

        Raises:
            IllegalMoveError: ``nothing_pending``.
        """
        move, _ = self._take_pending()
        return self._play(move)

    def cancel(self) -> None:
        """Drop the move the teaching mode held back ("take it back"); nothing is played.

        Raises:
            IllegalMoveError: ``nothing_pending``.
        """
        self._take_pending()
        self._show()

    # -------------------------------------------------------------------------- replay

    def replay(self, moves: ReplayInput, delay: float = 1.0) -> None:
        """Replay moves, narrated: a list of moves from the current position, or a record.

        Playing is refused until the replay ends (:meth:`replay_stop`).

        Raises:
            RecordError: a move is malformed or illegal; nothing changes.
        """
        try:
            session = Replay.prepare(self._game, moves, delay)
        except CrescentError as err:
            self._refuse(err)
        if self._replay is None:
            self._saved = self._game
        self._replay, self._review = session, None
        self._enter(session, session.narration())

    def replay_step(self, count: int = 1) -> int:
        """Step the replay forward (``+1``), back (``-1``) or by any count; returns the step now.

        Raises:
            IllegalMoveError: ``no_replay``.
        """
        session = self._session()
        if isinstance(count, bool) or not isinstance(count, int):
            raise ArgumentTypeError("invalid_option", f"step must be an int, got {count!r}")
        if count == 1:
            words = session.forward()
        elif count == -1:
            words = session.back()
        else:
            session.seek(session.index + count)
            words = session.narration()
        if session.at_end:
            session.playing = False
        self._enter(session, words)
        return session.index

    def replay_play(self, playing: bool | None = True) -> bool:
        """Start (``True``), pause (``False``) or toggle (``None``) the replay; returns whether it plays.

        A face steps the replay every ``delay`` seconds while it plays. Playing from the end
        starts again from the beginning.
        """
        session = self._session()
        session.playing = (not session.playing) if playing is None else check_flag("playing", playing)
        if session.playing and session.at_end:
            session.seek(0)
            self._enter(session, session.narration())
        else:
            self._show()
        return session.playing

    def replay_stop(self, keep: bool = False) -> None:
        """Leave the replay: back to the game as it was, or with ``keep=True`` play on from here.

        Playing on takes over the replayed position as a real game: its record is the
        replayed game's (its deal and every action up to this step). The note says which
        game the board now shows.
        """
        check_flag("keep", keep)
        session = self._session()
        saved, self._replay, self._saved, self._review = self._saved, None, None, None
        kept = keep or saved is None
        self._game = session.game.copy() if saved is None or kept else saved
        self._reset_interaction()
        self._plan.visit(self._game)
        code, moves, key = self._game.code, self._game.move_count, "replay_kept" if kept else "replay_left"
        self._note = Words.of(
            lambda lang: label(key, lang, code=code or label("custom_position", lang), n=moves, step=session.index)
        )
        self._announce(self._note)
        self._show()

    def review(self, seconds: float = REVIEW_SECONDS) -> Review:
        """Review the game so far (:func:`~crescent_widget.solver.review.review`) and replay it there.

        The replay opens where the win was thrown away (the position before the turning
        point, or the last winnable one) with the explanation as its narration and the
        better move lit; :meth:`review_try` plays that move on as a new branch. A won
        game opens at its longest stretch of only moves.

        Raises:
            IllegalMoveError: ``replay_active``.
            HiddenCardsError: a face-down game still being played (the board says why).
            InvalidBudgetError: ``seconds`` is not a finite number >= 0.
        """
        from ..solver.review import review

        self._no_replay()
        try:
            found = review(self._game, seconds=seconds)
        except CrescentError as err:
            self._refuse(err)
        self._show_review(found)
        return found

    def _show_review(self, found: Review) -> None:
        from ..solver.advice import line_hint

        session = Replay(self._game.root(), self._game.actions, 1.0)
        session.seek(review_step(found))
        self._saved, self._replay, self._review = self._game, session, found
        self._enter(session, found.explanation)
        if found.better is not None and session.index == found.better.position:
            self._hint = line_hint(session.game, found.better.line)
        self._announce(found.explanation)
        self._show()

    def review_try(self) -> Move:
        """Take the reviewed position over as a real game and play the review's better move there.

        The game's record stays honest: the deal and the actions up to that position,
        then the better move (see :meth:`replay_stop` with ``keep``).

        Raises:
            IllegalMoveError: ``no_replay``, or ``nothing_to_try`` (no better move was found).
        """
        from ..solver.advice import line_hint

        session = self._session()
        better = self._review.better if self._review is not None else None
        if better is None:
            self._refuse(IllegalMoveError("nothing_to_try"))
        session.seek(better.position)
        self.replay_stop(keep=True)
        played = self._play(better.move)
        self._hint = line_hint(self._game, better.line[1:]) if len(better.line) > 1 else None
        self._show()
        return played

    # --------------------------------------------------------------- background searches

    @property
    def background(self) -> bool:
        """Whether the board's searches (:meth:`start_hint`, :meth:`start_winnable`,
        :meth:`start_review`, the teaching check) run off the calling thread (see
        :mod:`.background`); off by default, on in the widget."""
        return self._background

    @background.setter
    def background(self, value: bool) -> None:
        self._background = check_flag("background", value)

    @property
    def searching(self) -> str:
        """The search running in the background (``"hint"``, ``"winnable"``, ``"check"``, ``"review"``) or ``""``."""
        return self._searches.running or ""

    def start_hint(self) -> None:
        """The board's Hint: :meth:`hint`, its search in the background; following a line needs none."""
        from ..solver.advice import HINT_SECONDS

        self._no_replay()
        if not self._background or self._plan.following(self._game):
            self.hint()
            return
        plan, game = copy.deepcopy(self._plan), self._game.copy()
        self._start("hint", plan.hint_steps(game, HINT_SECONDS), lambda found: self._show_hint(found, plan))

    def start_winnable(self) -> None:
        """The board's "Still winnable?": :meth:`still_winnable`, in the background, with up to
        :data:`~crescent_widget.solver.advice.WINNABLE_SECONDS` (it ends at the first proof)."""
        from ..solver.advice import WINNABLE_SECONDS, winnability_steps

        self._no_replay()
        if not self._background:
            self.still_winnable()
            return
        steps = winnability_steps(self._game.copy(), seconds=WINNABLE_SECONDS)
        self._start("winnable", steps, self._show_winnability)

    def start_review(self) -> None:
        """The board's Review: :meth:`review`, in the background; the replay opens when it ends."""
        from ..solver.review import review_steps

        self._no_replay()
        if not self._background:
            self.review()
            return
        self._start("review", review_steps(self._game.copy(), seconds=REVIEW_SECONDS), self._show_review)

    def cancel_search(self) -> bool:
        """Stop the background search (the board's Stop, or Escape); whether one was running."""
        if not self._searches.cancel():
            return False
        stopped = Words.of(lambda lang: label("search_cancelled", lang))
        self._note = stopped  # said on the board's line too, not only to a screen reader
        self._keep_line("note")
        self._announce(stopped)
        self._show()
        return True

    def wait_search(self, timeout: float | None = None) -> bool:
        """Wait until no background search runs (its result shown); whether none runs.

        Where searches run in slices (the browser) they go on between the kernel's
        messages, so this does not wait there: it only tells.
        """
        return self._searches.wait(timeout)

    def _start(self, kind: SearchKind, steps: Any, apply: Callable[[Any], None]) -> None:
        self._keep_line("search")  # an earlier answer must not read as this search's
        self._searches.start(kind, steps, apply)
        self._show()

    def _stamp(self) -> object:
        """The position a search is about: the same game object, in the same position, not replaying."""
        return id(self._game), self._game.position_key, self._replay is None

    def _search_progress(self) -> None:
        if self.on_search is not None:
            self.on_search(self._searches.text(self._lang))

    def _show_refusal(self, err: CrescentError) -> None:
        with contextlib.suppress(CrescentError):  # shown: nobody waits for a background search's refusal
            self._refuse(err)

    # The former names, kept for one release.
    take_back = renamed(cancel, "take_back", "Table")
    step = renamed(replay_step, "step", "Table")
    play = renamed(replay_play, "play", "Table")
    stop_replay = renamed(replay_stop, "stop_replay", "Table")
    check_move = renamed(move_check, "check_move", "Table")
    check_winnable = renamed(still_winnable, "check_winnable", "Table")

    # ---------------------------------------------------------------------------- view

    def view(self) -> TableView:
        """What to show now, in :attr:`lang`."""
        game, lang = self._game, self._lang
        replaying = self._replay is not None
        targets: dict[str, tuple[str, ...]] = {}
        for move in [] if replaying else game.legal_moves():
            src, dst = str(move.src), str(move.dst)
            if dst not in targets.get(src, ()):
                targets[src] = (*targets.get(src, ()), dst)
        notice, hint, pending = self._notice, self._hint, self._pending
        undo_refusal = "replay_active" if replaying else game.check_undo()
        tops, sizes = game.tops, game.sizes
        status = game.status
        return TableView(
            code=game.code or "",
            variant=game.variant,
            # Face-down cards never leave the engine: only tops (always face up) and counts.
            piles=tuple((top.ascii if top else "", size) for top, size in zip(tops[:PILES], sizes, strict=False)),
            face_down=tuple(game.face_down(n) for n in range(1, PILES + 1)),
            foundations=tuple(
                (top.ascii if top else "", size) for top, size in zip(tops[PILES:], sizes[PILES:], strict=True)
            ),
            reshuffles_left=game.reshuffles_left,
            reshuffle_label=reshuffle_button_text(game.reshuffles_left, lang),
            move_count=game.move_count,
            can_undo=undo_refusal is None,
            undo_reason="" if undo_refusal is None else message(undo_refusal, lang),
            status=status,
            message=refusal(notice, lang) if notice is not None and self._interactive_rules else "",
            note=self._note.text(lang),
            note_tone=self._toned[1] if self._toned[0] is self._note else "",
            announcement=self._words.text(lang),
            announce_id=self._announced,
            selected="" if self._selected is None else str(self._selected),
            targets=MappingProxyType(targets),
            hint_move="" if hint is None or hint.move is None else str(hint.move),
            winnability=self._winnability,
            can_finish=not replaying and bool(finishing_run(game)),
            pending_move="" if pending is None else str(pending[0]),
            warning="" if pending is None else pending[1].text(lang),
            replay=None if self._replay is None else review_state(self._replay, self._review),
            elapsed=round(game.elapsed, 1),
            clock_running=game.started and status == "playing" and not replaying,
            lang=lang,
            labels=labels(lang),
            search=self._searches.text(lang),
        )

    # ------------------------------------------------------------------------ internals

    def _show(self) -> None:
        self._searches.check()  # a search about a position that no longer stands ends here
        self._version += 1
        if self.on_view is not None:
            self.on_view(self.view())

    def _refuse(self, err: CrescentError) -> NoReturn:
        """Show a refusal and raise it."""
        self._notice = err
        self._keep_line("message")
        if self._interactive_rules:
            self._announce(Words.of(lambda lang: refusal(err, lang)))
        self._show()
        raise err

    def _announce(self, words: Words) -> None:
        if words:
            self._words = words
            self._announced += 1

    def _place(self, place: PlaceLike) -> Place:
        try:
            return parse_place(place)
        except CrescentError as err:
            self._refuse(err)

    def _resolve(self, src: MoveArg, dst: PlaceLike | None, query: bool = False) -> Move:
        """The concrete move (``13-F`` -> ``13-F1``), or the refusal shown and raised.

        Unless it is only a ``query``, asking for a move drops the selection and a pending move.
        """
        self._no_replay()
        if not query:
            self._selected = self._pending = None
        try:
            return self._game.resolve(src, dst)
        except CrescentError as err:
            self._refuse(err)

    def _play(self, move: Move) -> Move:
        before = self._game.copy()
        self._pending = None
        try:
            played = self._game.move(move)
        except CrescentError as err:
            self._refuse(err)
        kind: ActionKind = "reshuffle" if played.is_reshuffle else "move"
        self._done(kind, played, before, announce_action(before, played))
        if kind == "move" and self._auto_play:
            self._play_safe_moves()
        return played

    def _play_safe_moves(self) -> None:
        """Auto-play: the foundation moves that can never hurt, one published move each."""
        from ..solver.safe import safe_moves  # the solver loads on first use

        if self._auto_playing:
            return
        self._auto_playing = True
        try:
            while moves := safe_moves(self._game):
                self._play(moves[0])
        finally:
            self._auto_playing = False

    def _keep_line(self, kept: str) -> None:
        """The board shows one line of feedback: the newest replaces what the others said."""
        if kept != "message":
            self._notice = None
        if kept != "winnability":
            self._winnability = ""
        if kept != "note":
            self._note = NO_WORDS

    def _held_for_confirmation(self, move: Move) -> bool:
        """Teaching mode, a player's move: hold a move that loses a won game, and warn.

        With background searches the move waits for its check off the kernel's thread
        and is played (or held) when the check ends, if the position still stands.
        """
        if self._background:
            from ..solver.advice import move_check_steps

            self._selected = None
            checking = move_check_steps(self._game.copy(), move, seconds=TEACH_CHECK_SECONDS)
            self._start("check", checking, lambda check: self._after_check(move, check))
            return True
        return self._hold(move, self.move_check(move))

    def _after_check(self, move: Move, check: MoveCheck) -> None:
        if not self._hold(move, check):
            self._play(move)

    def _hold(self, move: Move, check: MoveCheck) -> bool:
        if not check.warn:
            return False
        self._pending = (move, check)
        self._selected = None
        self._keep_line("warning")
        self._announce(check.explanation)
        self._show()
        return True

    def _take_pending(self) -> tuple[Move, MoveCheck]:
        pending = self._pending
        if pending is None:
            self._refuse(IllegalMoveError("nothing_pending"))
        self._pending = None
        return pending

    def _no_replay(self) -> None:
        if self._replay is not None:
            self._refuse(IllegalMoveError("replay_active"))

    def _session(self) -> Replay:
        if self._replay is None:
            self._refuse(IllegalMoveError("no_replay"))
        return self._replay

    def _enter(self, session: Replay, words: Words) -> None:
        self._game = session.game
        self._reset_interaction()
        self._note = words
        self._show()

    def _destinations(self, source: Place) -> list[Place]:
        found: list[Place] = []
        for move in self._game.legal_moves():
            if move.src == source and move.dst not in found:
                found.append(move.dst)
        return found

    def _load(self, game: Game) -> None:
        self._replay = self._saved = self._review = None
        self._game = game
        self._plan.reset()
        self._plan.visit(game)
        self._variant = game.variant
        self._reset_interaction()
        self._note = NO_WORDS

    def _done(self, kind: ActionKind, move: Move | None, before: Game, words: Words) -> None:
        self._reset_interaction()
        self._plan.visit(self._game)
        self._previous = before
        self._note = explain_action(before, move) if self._teach and move is not None and kind != "undo" else NO_WORDS
        self._announce(join(words, game_end(self._game.status) if kind != "undo" else NO_WORDS))
        self._show()
        calls: list[tuple[Callable[..., object], tuple[object, ...]]]
        calls = [(c, (kind, move)) for c in self._action_callbacks]
        if kind in ("move", "reshuffle"):
            calls += [(c, (move,)) for c in self._move_callbacks]
        for callback, args in calls:
            try:
                callback(*args)
            except Exception:
                # The action stands either way; a notebook bug must not break the table.
                logger.exception("callback %r failed", callback)


def _register(callbacks: list[Any], callback: object, remove: bool) -> None:
    if not callable(callback):
        raise InvalidOptionError(f"a callback must be callable, got {type(callback).__name__}")
    if not remove:
        callbacks.append(callback)
    elif callback in callbacks:
        callbacks.remove(callback)
    else:
        raise InvalidOptionError(f"{callback!r} was never registered, so it cannot be removed")
