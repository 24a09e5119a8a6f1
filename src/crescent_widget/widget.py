"""``CrescentWidget``: the Crescent game as a Jupyter widget (anywidget), a shell around a :class:`Table`.

Every action is a :class:`~crescent_widget.table.Table` call; after each one the
table's view is copied into synced traits. The browser only draws them and sends the
player's intents (tap, double tap, drop, buttons, keys); every rule is the engine's.
What the board may send is checked in :mod:`.front_end`, and the lessons a board shows
are :class:`~crescent_widget.lessons.board.WidgetLessons`. The class is long for its
synced traits and its documented Python twins of the board's actions, each one line of code.

>>> from crescent_widget import CrescentWidget
>>> w = CrescentWidget("CR1-N-AAAAAAB", lang="en")
>>> w.piles[12], w.piles[13]            # pile 13 and 14: [top card, card count]
(['AS', 6], ['KS', 6])
>>> w.move(13, 14)
Move.parse('13-14')
>>> w.piles[12], w.piles[13], w.move_count
(['9D', 5], ['AS', 7], 1)
>>> w.announcement
'Move 1: A♠ from pile 13 onto K♠ on pile 14'
>>> w.move(14, 1)
Traceback (most recent call last):
...
crescent_widget.errors.IllegalMoveError: Must be the same suit
>>> w.message
'Must be the same suit'
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from .bundle import bundle_asset
from .deprecation import renamed
from .engine.codes import VARIANT_RESHUFFLES
from .engine.game import Game, MoveArg
from .engine.moves import Move, PlaceLike
from .errors import InvalidOptionError, clip, quoted
from .front_end import SETTINGS, TABLE_OPTIONS, checked_options, comm_request, view_traits
from .lessons import LESSONS, Lesson
from .lessons.board import LessonArg, WidgetLessons, find_lesson
from .stats import Stats, StatsKeeper, open_book
from .table.intents import handle
from .table.review import REVIEW_SECONDS
from .table.table import (
    TEACH_CHECK_SECONDS,
    ActionCallback,
    MoveCallback,
    Table,
    TableView,
    check_flag,
)

if TYPE_CHECKING:
    from .solver import Hint, MoveCheck, Winnability
    from .solver.review import Review
    from .table.replay import ReplayInput

logger = logging.getLogger(__name__)


class CrescentWidget(anywidget.AnyWidget):
    """Play Crescent in a notebook; the traits mirror the table after every action.

    Args:
        code, lang, interactive_rules, teach, winnable, variant: as for
            :class:`~crescent_widget.table.Table` (a game code or ``None`` for a random deal;
            ``"pl"`` by default or ``"en"``; show refusals; teaching mode; proven winnable
            random deals; the variant of random deals).
        show_labels: show the pile number and card count under each pile.
        four_colour: ♠ black, ♥ red, ♣ green, ♦ blue.
        large: bigger card faces (the board still fits 600 px without scrolling).
        auto_play: play the foundation moves that can never hurt (see ``Table``); the
            board's settings panel switches it too.
        stats: keep statistics of finished games (:attr:`stats`); ``CRESCENT_STATS=0``
            in the environment turns them off for every widget.
        lesson: show a lesson on this board: a number 1–9 of the course
            (:data:`~crescent_widget.lessons.LESSONS`) or a :class:`~crescent_widget.lessons.Lesson`;
            see :meth:`start_lesson`. A lesson board keeps no statistics.
        lesson_storage: a key of the browser's ``localStorage`` under which the board keeps
            :attr:`lessons_done` across visits (``""``, the default, keeps nothing there).

    Raises:
        InvalidCodeError: the code is malformed, or names another variant than ``variant``.
        InvalidOptionError: an unknown ``lang``, an option that is not a bool, or no such lesson.
        ArgumentTypeError: a ``lesson`` that is neither a number nor a Lesson, or a
            ``lesson_storage`` that is not a str.

    The player's actions have Python twins (:meth:`move`, :meth:`tap`, :meth:`undo`, …), each
    a call on :attr:`table` (a :class:`~crescent_widget.table.Table`, documented there) made
    as notebook code: the teaching mode does not hold it, New game does not ask twice. A
    refused action raises the engine's error, changes nothing, and shows the reason in
    :attr:`message`. ``w.on_action(callback)`` hears ``callback(kind, move)`` after every
    action (board or code; :attr:`previous_game` is the game before it), ``w.on_move(callback)``
    every move and reshuffle; traitlets' ``observe`` sees every update (``rev`` +1 each).
    The keys are listed on the documentation's Players page (``docs/start/player.md``) and
    under the board's ``?``.

    >>> seen = []
    >>> w = CrescentWidget("CR1-N-AAAAAAB")
    >>> w.on_move(lambda move: seen.append(str(move)))
    >>> w.tap(5)                        # exactly one destination: the card goes there
    Move.parse('5-F2')
    >>> w.tap(3), w.selected            # several destinations: the pile is selected
    (None, '3')
    >>> w.tap("F7"), seen               # tap a foundation to move the selected card there
    (Move.parse('3-F7'), ['5-F2', '3-F7'])
    """

    _esm = bundle_asset("widget.js")  # text, not a Path: see bundle.py
    _css = bundle_asset("widget.css")

    code = traitlets.Unicode("", help="the game code; empty for a position made with Game.from_layout").tag(sync=True)
    variant = traitlets.Enum(tuple(VARIANT_RESHUFFLES), "N", help="variant of random deals").tag(sync=True)
    piles: traitlets.List[list[Any]] = traitlets.List(help="16 × [top card or '', count]").tag(sync=True)
    face_down: traitlets.List[int] = traitlets.List(help="16 × face-down cards under the top").tag(sync=True)
    foundations: traitlets.List[list[Any]] = traitlets.List(help="8 × [top card, count]").tag(sync=True)
    reshuffles_left = traitlets.Int(0).tag(sync=True)
    reshuffle_label = traitlets.Unicode("", help="the Reshuffle button's text").tag(sync=True)
    move_count = traitlets.Int(0).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_finish = traitlets.Bool(False, help="only foundation moves are left: the board offers Finish").tag(sync=True)
    undo_reason = traitlets.Unicode("", help="why Undo is unavailable, in lang, or ''").tag(sync=True)
    status = traitlets.Unicode("playing", help="'playing', 'won' or 'blocked'").tag(sync=True)
    message = traitlets.Unicode("", help="why the last action was refused, in lang").tag(sync=True)
    note = traitlets.Unicode("", help="a line of information: hint, explanation, narration").tag(sync=True)
    note_tone = traitlets.Unicode("", help="'right' or 'wrong' when the note is a verdict, else ''").tag(sync=True)
    lesson_buttons: traitlets.List[str] = traitlets.List(
        help="in a lesson, the only toolbar buttons offered (data-action names); [] offers all"
    ).tag(sync=True)
    lesson_panel = traitlets.Dict(
        help="in a lesson: {number, count, key, title, rule, task, solved, done, has_next} in lang; else {}"
    ).tag(sync=True)
    lessons_done: traitlets.List[str] = traitlets.List(
        traitlets.Unicode(), help="keys of the lessons solved on this board (or kept by the browser)"
    ).tag(sync=True)
    lesson_storage = traitlets.Unicode(
        "", help="the browser's localStorage key that keeps lessons_done across visits; '' keeps nothing"
    ).tag(sync=True)
    announcement = traitlets.Unicode("", help="the last announcement for screen readers").tag(sync=True)
    announce_id = traitlets.Int(0, help="+1 with every new announcement").tag(sync=True)
    selected = traitlets.Unicode("", help="the selected place ('3', 'F1') or ''").tag(sync=True)
    targets = traitlets.Dict(help="place -> legal destinations, for every card that can move").tag(sync=True)
    hint_move = traitlets.Unicode("", help="the suggested move ('13-14', 'R') or ''").tag(sync=True)
    winnability = traitlets.Unicode(
        "", help="'winnable', 'lost', 'unknown', 'hidden' (cards face down) or '' (not asked)"
    ).tag(sync=True)
    pending_move = traitlets.Unicode("", help="a board move held for confirmation, or ''").tag(sync=True)
    warning = traitlets.Unicode("", help="why the pending move is held, in lang").tag(sync=True)
    replay_state = traitlets.Dict(help="{} or {step, total, playing, delay, better} in replay mode").tag(sync=True)
    elapsed = traitlets.Float(0.0, help="seconds played when this state was published").tag(sync=True)
    clock_running = traitlets.Bool(False, help="whether the front end should keep the clock ticking").tag(sync=True)
    lang = traitlets.Enum(("pl", "en"), "pl").tag(sync=True)
    labels = traitlets.Dict(help="interface texts in lang, from crescent_widget.words.i18n").tag(sync=True)
    interactive_rules = traitlets.Bool(True).tag(sync=True)
    show_labels = traitlets.Bool(True).tag(sync=True)
    teach = traitlets.Bool(False).tag(sync=True)
    winnable = traitlets.Bool(False, help="random deals are proven winnable")
    four_colour = traitlets.Bool(False).tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    auto_play = traitlets.Bool(False, help="play the foundation moves that can never hurt").tag(sync=True)
    rev = traitlets.Int(0, help="state revision: +1 with every update; intents quote it").tag(sync=True)
    search = traitlets.Unicode(
        "", help="what a background search is doing, in lang, or '' (progress does not change rev)"
    ).tag(sync=True)

    def __init__(
        self,
        code: str | None = None,
        *,
        lang: str = "pl",
        interactive_rules: bool = True,
        show_labels: bool = True,
        teach: bool = False,
        winnable: bool = False,
        variant: str | None = None,
        four_colour: bool = False,
        large: bool = False,
        auto_play: bool = False,
        stats: bool = True,
        lesson: LessonArg | None = None,
        lesson_storage: str = "",
    ) -> None:
        # The table first, so that a bad code or option raises before any comm opens.
        table = Table(
            code,
            lang=lang,
            interactive_rules=interactive_rules,
            teach=teach,
            winnable=winnable,
            variant=variant,
            auto_play=auto_play,
        )
        views = {"show_labels": show_labels, "four_colour": four_colour, "large": large}
        for name, value in views.items():
            check_flag(name, value)
        WidgetLessons.check(lesson, LESSONS, lesson_storage)
        # A lesson's moves are no game of the player's: they go into no statistics.
        book = open_book(check_flag("stats", stats) and lesson is None)
        super().__init__(
            lang=table.lang,
            interactive_rules=interactive_rules,
            teach=teach,
            winnable=winnable,
            variant=table.variant,
            auto_play=auto_play,
            lesson_storage=lesson_storage,
            **views,
        )
        self._table = table
        # Traits change on the kernel's thread and on a search's (its progress): one at a time.
        self._syncing = threading.RLock()
        self._stats = None if book is None else StatsKeeper(table, book)
        table.on_view = self._publish
        # The board's searches run off the kernel's thread, so taps are answered meanwhile;
        # their progress is its own trait, without a new rev (a tap made meanwhile stands).
        table.background = True
        table.on_search = self._show_search
        self.on_msg(lambda _widget, content, _buffers: self._on_front_end_message(content))
        self.observe(self._on_option, names=list(TABLE_OPTIONS))
        self._publish(table.view())
        self._lessons = WidgetLessons(self, None, LESSONS)
        if lesson is not None:
            self.start_lesson(lesson)

    @classmethod
    def from_game(cls, game: Game, **options: Any) -> CrescentWidget:
        """A widget showing an existing engine game, e.g. one from ``Game.from_layout``.

        >>> w = CrescentWidget.from_game(Game("CR1-N-AAAAAAB"), lang="en", teach=True)
        >>> w.code, w.lang, w.teach
        ('CR1-N-AAAAAAB', 'en', True)
        """
        widget = cls(**options)
        widget.load(game)
        return widget

    # --------------------------------------------------------------- the table underneath

    @property
    def table(self) -> Table:
        """The :class:`~crescent_widget.table.Table` this widget shows."""
        return self._table

    @property
    def game(self) -> Game:
        """The engine game (in replay mode: the replayed position). After changing it, call :meth:`refresh`."""
        return self._table.game

    @property
    def previous_game(self) -> Game | None:
        """A copy of the game from just before the last action (``None`` before any)."""
        return self._table.previous_game

    def load(self, game: Game) -> None:
        """Show another engine game (a saved one, or a position from ``Game.from_layout``); ends a replay.

        A dealt game left unwon after a move counts in :attr:`stats` as lost, as New game counts it.
        """
        self._table.load(game)
        if self._stats is not None:
            self._stats.settle()

    def refresh(self) -> None:
        """Publish the engine's state again (needed only after using :attr:`game` directly)."""
        self._table.refresh()

    def legal_moves(self) -> list[Move]:
        """Every legal move now, as the engine lists them (reshuffle not included)."""
        return self._table.legal_moves()

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Register ``callback(move)`` after every move and reshuffle; ``remove=True`` unregisters it."""
        self._table.on_move(callback, remove)

    def on_action(self, callback: ActionCallback, remove: bool = False) -> None:
        """Register ``callback(kind, move)`` to run after every action; see the class docs."""
        self._table.on_action(callback, remove)

    # ------------------------------------------------------- actions from notebook code

    def move(self, src: MoveArg, dst: PlaceLike | None = None) -> Move:
        """Play a move, as :meth:`Game.move` does (``move(10, 14)``, ``move("13-F")``).

        Moves from code always play (the teaching mode warns only before board moves).

        Raises:
            InvalidMoveError: the move is malformed; nothing changes.
            IllegalMoveError: the rules forbid it; nothing changes but the message.
        """
        played = self._table.move(src, dst, by_player=False)
        assert played is not None  # code moves are never held for confirmation
        return played

    def tap(self, place: PlaceLike) -> Move | None:
        """Tap a pile or foundation, as a player does; returns the move made, if any (see :meth:`Table.tap`)."""
        return self._table.tap(place, by_player=False)

    def double_tap(self, place: PlaceLike) -> Move | None:
        """Send the card to a foundation that accepts it (``F``); otherwise act as :meth:`tap`."""
        return self._table.double_tap(place, by_player=False)

    def deselect(self) -> None:
        """Clear the selection (Escape on the board); nothing else changes."""
        self._table.deselect()

    def reshuffle(self) -> None:
        """Reshuffle (bottom card of every pile of 2+ cards to its top); not a move."""
        self._table.reshuffle(by_player=False)

    def restart(self) -> None:
        """Deal this game again from its start (the board's Restart asks first; code does not)."""
        self._table.restart(by_player=False)

    def undo(self) -> Move:
        """Take back the last move and return it (refused after a reshuffle: see ``Game.check_undo``)."""
        return self._table.undo()

    def finish(self) -> tuple[Move, ...]:
        """Play the rest when only foundation moves are left (:attr:`can_finish`); returns the moves.

        Raises:
            IllegalMoveError: ``nothing_to_finish``.
        """
        return self._table.finish()

    def new_game(self, code: str | None = None) -> None:
        """Deal a new game: the one of ``code``, or a random one of :attr:`variant`; ends a replay."""
        self._table.new_game(code, by_player=False)

    def show_note(self, text: str, tone: str = "") -> None:
        """Show one line of information on the board (``""`` clears it); the next action clears it.

        ``tone`` ``"right"`` or ``"wrong"`` marks a verdict: its own colour and symbol, announced.
        """
        self._table.show_note(text, tone)

    def hint(self, seconds: float | None = None) -> Hint:
        """Ask the solver for a move: the board lights it and the note explains it."""
        return self._table.hint(seconds)

    def still_winnable(self, seconds: float = 1.0) -> Winnability:
        """The board's "Still winnable?": ``"winnable"`` and ``"lost"`` are proofs, else ``"unknown"``.

        Blocks for up to ``seconds``; the board's button searches in the background, for longer.
        """
        return self._table.still_winnable(seconds)

    def move_check(self, src: MoveArg, dst: PlaceLike | None = None, seconds: float = TEACH_CHECK_SECONDS) -> MoveCheck:
        """Would this move throw away a win? Asks the solver; plays nothing."""
        return self._table.move_check(src, dst, seconds)

    def confirm(self) -> Move:
        """Play the move the teaching mode held back with a warning ("go ahead")."""
        return self._table.confirm()

    def cancel(self) -> None:
        """Drop the move the teaching mode held back ("take it back"); nothing is played."""
        self._table.cancel()

    def replay(self, moves: ReplayInput, delay: float = 1.0) -> None:
        """Replay moves on the board, narrated: a list from here, or a record from its deal (:meth:`Table.replay`)."""
        self._table.replay(moves, delay)

    def replay_step(self, count: int = 1) -> int:
        """Step the replay forward (``+1``), back (``-1``) or by any count; returns the step now."""
        return self._table.replay_step(count)

    def replay_play(self, playing: bool | None = True) -> bool:
        """Start (``True``), pause (``False``) or toggle (``None``) playing; returns whether it plays."""
        return self._table.replay_play(playing)

    def replay_stop(self, keep: bool = False) -> None:
        """Leave replay mode: back to the game as it was (or, with ``keep=True``, play on from here)."""
        self._table.replay_stop(keep)

    def review(self, seconds: float = REVIEW_SECONDS) -> Review:
        """Review the game: the replay opens where the win was lost, with why and the better move lit."""
        return self._table.review(seconds)

    def review_try(self) -> Move:
        """Play the review's better move as a new branch of the game (the board's "Try it")."""
        return self._table.review_try()

    # The former names, kept for one release.
    check_winnable = renamed(still_winnable, "check_winnable", "CrescentWidget")
    check_move = renamed(move_check, "check_move", "CrescentWidget")

    @property
    def stats(self) -> Stats:
        """The player's statistics per variant (kept across sessions; see :mod:`crescent_widget.stats`)."""
        if self._stats is None:
            return Stats({}, self.lang, enabled=False)
        return Stats(self._stats.book.summary(), self.lang)

    # ------------------------------------------------------------------------- lessons

    @property
    def lesson(self) -> Lesson | None:
        """The lesson this board shows, or ``None``."""
        return self._lessons.lesson

    def start_lesson(self, lesson: LessonArg = 1) -> Lesson:
        """Make this board a lesson's: a number 1–9 of the course, or any :class:`Lesson`.

        The board deals the lesson's position and shows its rule and task above itself, with
        Try again and (in the course) Next lesson. It offers only the buttons of the task (never
        New game or Finish; Undo or Reshuffle where that is the task) and judges every action of the learner:
        a right one is praised with the rule it used and its key added to :attr:`lessons_done`;
        a legal one that does not do the task is taken back at once, with what it did and the
        idea of the right move, so the learner can try again. Once the task is done, moves are
        free play (they stand, unjudged) until Try again or Next lesson. :meth:`end_lesson` leaves it.

        Raises:
            InvalidOptionError: a number outside the course.

        >>> w = CrescentWidget(lesson=2, lang="en")
        >>> w.lesson_panel["task"], w.lesson_buttons
        ('Task: put 8♥ (pile 1) where it fits.', ['help'])
        >>> w.move(1, 2)
        Traceback (most recent call last):
        ...
        crescent_widget.errors.IllegalMoveError: Must be the same suit
        >>> w.move(1, 4); w.note_tone, w.lessons_done
        Move.parse('1-4')
        ('right', ['build'])
        >>> w.next_lesson().key, w.lesson_panel["number"]
        ('wrap', 3)
        """
        find_lesson(lesson, LESSONS)  # a bad lesson is refused before counting stops
        if self._stats is not None:
            self._stats.counting = False  # a lesson's board is no game played, though lesson 1 is a deal
        return self._lessons.start(lesson)

    def retry_lesson(self) -> None:
        """Start the lesson again from its position (the board's Try again); nothing without a lesson."""
        self._lessons.retry()

    def next_lesson(self) -> Lesson | None:
        """Go on to the next lesson of the course (Next lesson); ``None`` after the last one or without one."""
        return self._lessons.next()

    def end_lesson(self) -> None:
        """Leave the lesson: a plain board again, on the position it shows, with every button."""
        self._lessons.end()
        if self._stats is not None:
            self._stats.counting = True  # from the next deal on: the lesson's position stays uncounted

    # ------------------------------------------------------------------ traits and comms

    def _on_front_end_message(self, content: object) -> None:
        """A message from a view: the board's own requests here, every play intent to the table."""
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "setting" and isinstance(content, dict):
            self._apply_setting(content.get("name"), content.get("value"))
        elif kind == "clock":
            # A view that (re)appears asks for the clock: the game's own, never a stale copy.
            self.send({"type": "clock", "elapsed": self._table.game.elapsed, "running": self.clock_running})
        elif kind in ("lesson_retry", "lesson_next") and isinstance(content, dict):
            rev = content.get("rev")
            if not self._lessons.control(kind, rev):
                logger.info("ignored stale %s intent (rev %s, now %d)", kind, quoted(rev), self.rev)
        elif self._lessons.refuses(kind):
            logger.info("ignored the %s intent: the lesson on this board does not offer it", quoted(kind))
        elif self._lessons.lesson is None:
            handle(self._table, content, self.rev)
        else:
            with self.hold_sync():  # a refused attempt and the lesson's verdict on it: one update
                refused = handle(self._table, content, self.rev)
                self._lessons.heard(kind, refused, self._table.refused_attempt)

    def _apply_setting(self, name: object, value: object) -> None:
        """A change from the settings panel, checked like any option; a bad one is logged and undone."""
        check = SETTINGS.get(name) if isinstance(name, str) else None
        try:
            if check is None:
                raise InvalidOptionError(f"{name!r} is not a board setting")
            setattr(self, str(name), check(value))
        except (InvalidOptionError, traitlets.TraitError) as err:
            logger.warning("ignored a setting from the board: %s", err)
            if isinstance(name, str) and name in SETTINGS:
                self.send_state(name)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The live widget for front ends with a kernel, and the board as SVG beside it.

        Jupyter front ends with the widget manager (JupyterLab, Notebook 7, VS Code) prefer
        the widget view; where no kernel runs (GitHub, nbviewer, ``jupyter nbconvert`` of a
        notebook saved without widget state) the SVG picture of the position shows instead.
        The picture is the position when the widget was displayed.
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "image/svg+xml": self._table.game.svg(lang=self.lang)}, metadata

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take a state update from the front end: valid view options only; never raises.

        The front end sends intents, never state. A write to any other trait (a pile, the
        move counter…), to a name that is no trait, or a bad option value (``lang="xx"``) is
        refused and logged, and the true value of a refused trait is sent back so that the
        front end agrees with Python again.
        """
        if not isinstance(sync_data, dict):
            logger.warning("ignored a front-end state update that is not an object: %s", quoted(sync_data))
            return
        accepted, refusals = checked_options(sync_data)
        for key, err in refusals:
            logger.warning(
                "ignored a front-end write to %s: %s", clip(key) if isinstance(key, str) else quoted(key), err
            )
        if accepted:
            super().set_state(accepted)
        synced = self.keys  # the synced traits' names
        refused = sorted(key for key in sync_data if key not in accepted and isinstance(key, str) and key in synced)
        if refused:
            self.send_state(refused)

    def _handle_msg(self, msg: dict[str, Any]) -> None:
        """Take one comm message from the front end; a malformed one is logged and dropped.

        ipywidgets reads the message's fields without checking them and shows a traceback
        in the notebook for any error; the board sends state updates (options) and custom
        messages (intents), without binary buffers, so anything else is not from it.
        """
        request = comm_request(msg)
        if request is None:
            logger.warning("ignored a malformed front-end message: %s", quoted(msg))
            return
        method, payload = request
        if method == "custom":
            self._handle_custom_msg(payload, [])
        elif method == "update":
            self.set_state(payload)  # checked there: any value is refused or taken
        else:
            self.send_state()

    def _on_option(self, change: dict[str, Any]) -> None:
        setattr(self._table, change["name"], change["new"])

    def _show_search(self, text: str) -> None:
        with self._syncing:
            self.search = text

    def _publish(self, view: TableView) -> None:
        """Copy the table's view into the traits in one update (equal values are not resent)."""
        with self._syncing, self.hold_sync():
            for name, value in view_traits(view).items():
                setattr(self, name, value)
            self.variant = self._table.variant
            self.labels = dict(view.labels)
            self.rev = self.rev + 1
