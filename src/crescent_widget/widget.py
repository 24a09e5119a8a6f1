"""``CrescentWidget``: the Crescent game as a Jupyter widget (anywidget).

The widget wraps one engine :class:`~crescent_widget.game.Game` and mirrors its state in
synced traitlets. The browser only draws that state and sends the player's intents (tap,
double tap, drop, buttons, keys); every rule is the engine's.

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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import anywidget
import traitlets

from ._intents import FrontEndIntents
from ._replay import Replay
from ._widget_modes import AdviceAndReplay, deal
from ._widget_text import (
    NO_TEXT,
    Texts,
    announce_action,
    announce_selected,
    announce_undo,
    both,
    explain_action,
    game_end,
    join,
    labels,
    refusal,
)
from .bundle import bundle_asset
from .codes import VARIANT_RESHUFFLES
from .errors import CrescentError, IllegalMoveError
from .game import Game, MoveArg
from .i18n import Lang, label, reshuffle_button_text
from .moves import ANY_FOUNDATION, RESHUFFLE, Move, PlaceLike, parse_place, place_name

if TYPE_CHECKING:
    from .solver import Hint, MoveCheck

logger = logging.getLogger(__name__)

MoveCallback = Callable[[Move], object]
# The only synced traits a front end may set; everything else it changes through intents.
FRONT_END_OPTIONS: Final = frozenset({"lang", "interactive_rules", "show_labels", "four_colour", "large"})
ActionCallback = Callable[[str, Move | None], object]


class CrescentWidget(AdviceAndReplay, FrontEndIntents, anywidget.AnyWidget):
    """Play Crescent in a notebook; the traits mirror the engine after every action.

    Args:
        code: a game code such as ``"CR1-N-AAAAAAB"`` (its letter picks the variant);
            ``None`` deals a random game.
        lang: ``"pl"`` (default) or ``"en"`` for every text the widget shows.
        interactive_rules: show why a move is refused (in :attr:`message`); when off,
            refusals are silent on screen but still raise from Python calls.
        show_labels: show the pile number and card count under each pile.
        teach: teaching mode: each move is explained in the note, and a move made on the
            board that turns a winnable game into a lost one waits for "go ahead"
            (:meth:`confirm`) or "take it back" (:meth:`cancel`). Moves from code
            (:meth:`move`) play directly; :meth:`check_move` asks the same question.
        winnable: random deals (this one and every New game) are deals the solver proved winnable.
        variant: for random deals: ``"N"`` standard, ``"F"`` Crescent Four, ``"H"`` face-down deal.
        four_colour: ♠ black, ♥ red, ♣ green, ♦ blue.
        large: bigger card faces (the board still fits 600 px without scrolling).

    Raises:
        InvalidCodeError: the code is malformed, or names another variant than ``variant``.

    The player's actions have Python twins: :meth:`move`, :meth:`tap`, :meth:`double_tap`,
    :meth:`reshuffle`, :meth:`undo`, :meth:`new_game`, :meth:`deselect`, :meth:`hint`,
    :meth:`check_winnable`. A refused action raises the engine's error (``IllegalMoveError``
    with ``.reason``, or ``InvalidMoveError``), changes nothing, and shows the reason in
    :attr:`message`. :meth:`show_note` writes the information line; :meth:`replay` replays
    a solution or a record, narrated.

    Notebook code can follow the game:

    * ``w.on_action(callback)``: ``callback(kind, move)`` after every action of the player
      (board or code), ``kind`` one of ``"move"``, ``"reshuffle"``, ``"undo"`` (``move`` is
      the move taken back), ``"new_game"`` (``move`` is ``None``). When it runs, :attr:`game`
      is already updated and :attr:`previous_game` is a copy of the game before the action.
      Replay steps are not actions.
    * ``w.on_move(callback)``: ``callback(move)`` after every move and reshuffle (passed as
      ``Move.parse('R')``). Both take ``remove=True`` to unregister.
    * traitlets' ``observe``: ``w.observe(handler, names=["status"])``; ``rev`` changes
      with every update.

    Keyboard (the widget takes keys while focus is inside it; Tab reaches it):

    * arrow keys: move between the piles and foundations, around the horseshoe;
    * Enter or Space: tap the focused pile or foundation; ``f``: send its card to a foundation;
    * ``r`` reshuffle, ``u`` undo, ``h`` hint, ``n`` new game;
    * Escape: clear the selection (or take back a move waiting for confirmation);
    * ``[`` / ``]`` / ``p``: step back / step forward / play-pause a replay;
    * ``?``: show or hide the list of keys.

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
    status = traitlets.Unicode("playing", help="'playing', 'won' or 'blocked'").tag(sync=True)
    message = traitlets.Unicode("", help="why the last action was refused, in lang").tag(sync=True)
    note = traitlets.Unicode("", help="a line of information: hint, explanation, narration").tag(sync=True)
    announcement = traitlets.Unicode("", help="the last announcement for screen readers").tag(sync=True)
    announce_id = traitlets.Int(0, help="+1 with every new announcement").tag(sync=True)
    selected = traitlets.Unicode("", help="the selected place ('3', 'F1') or ''").tag(sync=True)
    targets = traitlets.Dict(help="place -> legal destinations, for every card that can move").tag(sync=True)
    hint_move = traitlets.Unicode("", help="the suggested move ('13-14', 'R') or ''").tag(sync=True)
    winnability = traitlets.Unicode("", help="'winnable', 'lost', 'unknown' or '' (not asked)").tag(sync=True)
    pending_move = traitlets.Unicode("", help="a board move held for confirmation, or ''").tag(sync=True)
    warning = traitlets.Unicode("", help="why the pending move is held, in lang").tag(sync=True)
    replay_state = traitlets.Dict(help="{} or {step, total, playing, delay} in replay mode").tag(sync=True)
    elapsed = traitlets.Float(0.0, help="seconds played when this state was published").tag(sync=True)
    clock_running = traitlets.Bool(False, help="whether the front end should keep the clock ticking").tag(sync=True)
    lang = traitlets.Enum(("pl", "en"), "pl").tag(sync=True)
    labels = traitlets.Dict(help="interface texts in lang, from crescent_widget.i18n").tag(sync=True)
    interactive_rules = traitlets.Bool(True).tag(sync=True)
    show_labels = traitlets.Bool(True).tag(sync=True)
    teach = traitlets.Bool(False).tag(sync=True)
    winnable = traitlets.Bool(False, help="random deals are proven winnable")
    four_colour = traitlets.Bool(False).tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    rev = traitlets.Int(0, help="state revision: +1 with every update; intents quote it").tag(sync=True)

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
    ) -> None:
        game = deal(code, variant, winnable)  # first, so a bad code raises before any comm opens
        super().__init__(
            lang=lang,
            interactive_rules=interactive_rules,
            show_labels=show_labels,
            teach=teach,
            winnable=winnable,
            variant=game.variant,
            four_colour=four_colour,
            large=large,
        )
        self._game = game
        self._previous: Game | None = None
        self._selected: int | None = None
        self._notice: CrescentError | None = None
        self._note: Texts = NO_TEXT
        self._words: Texts = NO_TEXT
        self._announced = 0
        self._hint: Hint | None = None
        self._winnability = ""
        self._pending: tuple[Move, MoveCheck] | None = None
        self._replay: Replay | None = None
        self._saved: Game | None = None
        self._board = False
        self._move_callbacks: list[MoveCallback] = []
        self._action_callbacks: list[ActionCallback] = []
        self.on_msg(self._on_front_end_message)
        self.observe(self._on_options, names=["lang", "interactive_rules"])
        self._publish()

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

    # ------------------------------------------------------------------ engine access

    @property
    def game(self) -> Game:
        """The engine game (in replay mode: the replayed position). After changing it, call :meth:`refresh`."""
        return self._game

    @property
    def previous_game(self) -> Game | None:
        """A copy of the game from just before the last action (``None`` before any)."""
        return self._previous

    def load(self, game: Game) -> None:
        """Show another engine game (a saved one, or a position from ``Game.from_layout``); ends a replay."""
        if not isinstance(game, Game):
            raise TypeError(f"load() needs a Game, got {type(game).__name__}")
        self._load(game)
        self._publish()

    def _load(self, game: Game) -> None:
        self._replay = self._saved = None
        self._game = game
        self.variant = game.variant
        self._changed()

    def refresh(self) -> None:
        """Publish the engine's state again (needed only after using :attr:`game` directly).

        The selection, a pending move, a hint and a winnability answer are dropped (they were
        about the old position); the message and the note stay.
        """
        self._selected = self._pending = self._hint = None
        self._winnability = ""
        self._publish()

    def legal_moves(self) -> list[Move]:
        """Every legal move now, as the engine lists them (reshuffle not included)."""
        return self._game.legal_moves()

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Register ``callback(move)`` to run after every move; ``remove=True`` unregisters it.

        A failing callback is logged and does not undo the move.
        """
        if remove:
            self._move_callbacks.remove(callback)
        else:
            self._move_callbacks.append(callback)

    def on_action(self, callback: ActionCallback, remove: bool = False) -> None:
        """Register ``callback(kind, move)`` to run after every action; see the class docs.

        :attr:`previous_game` holds the position from before the action. A failing
        callback is logged and does not undo the action.
        """
        if remove:
            self._action_callbacks.remove(callback)
        else:
            self._action_callbacks.append(callback)

    # ------------------------------------------------------------------- player actions

    def move(self, src: MoveArg, dst: PlaceLike | None = None) -> Move:
        """Play a move, as :meth:`Game.move` does (``move(10, 14)``, ``move("13-F")``).

        Moves from code always play (the teaching mode warns only before board moves).

        Raises:
            InvalidMoveError: the move is malformed; nothing changes.
            IllegalMoveError: the rules forbid it; nothing changes but the message.
        """
        return self._play_now(self._coerce(src, dst))

    def _coerce(self, src: MoveArg, dst: PlaceLike | None, query: bool = False) -> Move:
        """The concrete move (``13-F`` -> ``13-F1``), or the refusal shown and raised.

        Unless it is only a ``query``, asking for a move drops the selection and a pending move.
        """
        self._no_replay()
        if not query:
            self._selected = None
            self._pending = None
        try:
            return self._game.copy().move(src, dst)
        except CrescentError as err:
            self._refuse(err)
            raise

    def _play(self, move: Move) -> Move | None:
        """A move asked for by a tap or drop: held back in teaching mode if it loses a won game."""
        concrete = self._coerce(move, None)
        if self._board and self.teach and self._held_for_confirmation(concrete):
            return None
        return self._play_now(concrete)

    def _play_now(self, move: Move) -> Move:
        before = self._game.copy()
        self._pending = None
        try:
            played = self._game.move(move)
        except CrescentError as err:
            self._refuse(err)
            raise
        kind = "reshuffle" if played.is_reshuffle else "move"
        self._done(kind, played, before, announce_action(before, played))
        return played

    def tap(self, place: PlaceLike) -> Move | None:
        """Tap a pile or foundation, as a player does; returns the move made, if any.

        With nothing selected: if exactly one place accepts the top card it goes there;
        with several, the place becomes selected. With a place selected: tapping it again
        deselects it; tapping another place moves the selected card there.

        Raises:
            InvalidMoveError: no such place.
            IllegalMoveError: the tap asks for a move the rules forbid (the selection is
                dropped), or the card has no legal move (``no_destination``), or the pile
                is empty (``empty_source``).
        """
        self._no_replay()
        index = self._parse(place)
        selected, self._selected = self._selected, None
        self._pending = None
        if selected is not None:
            if selected == index:
                self._notice = None
                self._announce(both(lambda lang: label("announce_deselected", lang)))
                self._publish()
                return None
            return self._play(Move(selected, index))
        destinations = self._destinations(index)
        if len(destinations) == 1:
            return self._play(Move(index, destinations[0]))
        if not destinations:
            err = IllegalMoveError("empty_source" if self._game.top(place_name(index)) is None else "no_destination")
            self._refuse(err)
            raise err
        self._selected = index
        self._notice = None
        self._announce(announce_selected(self._game, index, destinations))
        self._publish()
        return None

    def double_tap(self, place: PlaceLike) -> Move | None:
        """Send the card to a foundation that accepts it (``F``); otherwise act as :meth:`tap`.

        Raises:
            InvalidMoveError, IllegalMoveError: as :meth:`tap`.
        """
        self._no_replay()
        index = self._parse(place)
        if self._game.check(Move(index, ANY_FOUNDATION)) is None:
            return self._play(Move(index, ANY_FOUNDATION))
        return self.tap(place)

    def deselect(self) -> None:
        """Clear the selection (Escape on the board); nothing else changes."""
        if self._selected is not None:
            self._selected = None
            self._announce(both(lambda lang: label("announce_deselected", lang)))
        self._notice = None
        self._publish()

    def reshuffle(self) -> None:
        """Reshuffle (bottom card of every pile of 2+ cards to its top); not a move.

        Raises:
            IllegalMoveError: ``no_reshuffles`` or ``game_over``.
        """
        self._play(RESHUFFLE)

    def undo(self) -> Move:
        """Take back the last move and return it.

        Raises:
            IllegalMoveError: ``nothing_to_undo``.
        """
        self._no_replay()
        self._selected = None
        self._pending = None
        before = self._game.copy()
        try:
            move = self._game.undo()
        except CrescentError as err:
            self._refuse(err)
            raise
        self._done("undo", move, before, announce_undo(self._game, move))
        return move

    def new_game(self, code: str | None = None) -> None:
        """Deal a new game: the one of ``code``, or a random one (proven winnable with
        ``winnable=True``, of the variant :attr:`variant`). Ends a replay.

        Raises:
            InvalidCodeError: the code is malformed; the current game goes on.
        """
        try:
            game = deal(code, None if code else self.variant, self.winnable)
        except CrescentError as err:
            self._refuse(err)
            raise
        before = self._game.copy()
        self._load(game)
        words = both(lambda lang: label("announce_new_game", lang, code=game.code or ""))
        self._done("new_game", None, before, words)

    # -------------------------------------------------------------------- internals

    def _parse(self, place: PlaceLike) -> int:
        try:
            return parse_place(place)
        except CrescentError as err:
            self._refuse(err)
            raise

    def _destinations(self, index: int) -> list[int]:
        found: list[int] = []
        for move in self._game.legal_moves():
            if move.src == index and move.dst not in found:
                found.append(move.dst)
        return found

    def _refuse(self, err: CrescentError) -> None:
        self._notice = err
        if self.interactive_rules:
            self._announce(both(lambda lang: refusal(err, lang)))
        self._publish()

    def _announce(self, words: Texts) -> None:
        if words["pl"] or words["en"]:
            self._words = words
            self._announced += 1

    def _changed(self) -> None:
        """The position changed: advice about the old one no longer holds."""
        self._selected = None
        self._notice = None
        self._pending = None
        self._hint = None
        self._winnability = ""
        self._note = NO_TEXT

    def _done(self, kind: str, move: Move | None, before: Game, words: Texts) -> None:
        self._changed()
        self._previous = before
        if self.teach and move is not None and kind != "undo":
            self._note = explain_action(before, move)
        self._announce(join(words, game_end(self._game.status) if kind != "undo" else NO_TEXT))
        self._publish()
        calls: list[tuple[Callable[..., object], tuple[object, ...]]]
        calls = [(c, (kind, move)) for c in self._action_callbacks]
        if kind in ("move", "reshuffle"):
            calls += [(c, (move,)) for c in self._move_callbacks]
        for callback, args in calls:
            try:
                callback(*args)
            except Exception:
                # The action stands either way; a notebook bug must not break the widget.
                logger.exception("callback %r failed", callback)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take a state update from the front end: view options only.

        The front end sends intents, never state; a write to any other trait (a pile,
        the move counter…) is refused, logged, and overwritten by the engine's values.
        """
        accepted = {key: value for key, value in sync_data.items() if key in FRONT_END_OPTIONS}
        refused = sorted(set(sync_data) - set(accepted))
        if accepted:
            super().set_state(accepted)
        if refused:
            logger.warning("ignored a front-end write to %s: the engine owns that state", ", ".join(refused))
            self.send_state(refused)

    def _on_options(self, change: dict[str, Any]) -> None:
        # A new language re-translates the standing texts; switching interactive
        # rules off hides the message.
        self._publish()

    def _publish(self) -> None:
        """Assign fresh values to every trait in one update (equal values are not resent)."""
        game = self._game
        lang: Lang = "en" if self.lang == "en" else "pl"
        replaying = self._replay is not None
        targets: dict[str, list[str]] = {}
        for move in [] if replaying else game.legal_moves():
            names = targets.setdefault(place_name(move.src), [])
            if place_name(move.dst) not in names:
                names.append(place_name(move.dst))
        notice = self._notice
        status = game.status
        hint = self._hint
        with self.hold_sync():
            self.code = game.code or ""
            # Face-down cards never leave the kernel: only each pile's top card (always
            # face up) and its counts are published.
            self.piles = [[top.ascii if (top := game.top(n)) else "", game.pile_size(n)] for n in range(1, 17)]
            self.face_down = [game.face_down(n) for n in range(1, 17)]
            self.foundations = [[f[-1].ascii, len(f)] for f in game.foundations]
            self.reshuffles_left = game.reshuffles_left
            self.reshuffle_label = reshuffle_button_text(game.reshuffles_left, lang)
            self.move_count = game.move_count
            self.can_undo = game.can_undo and not replaying
            self.status = status
            self.message = refusal(notice, lang) if notice is not None and self.interactive_rules else ""
            self.note = self._note[lang]
            self.announcement = self._words[lang]
            self.announce_id = self._announced
            self.selected = "" if self._selected is None else place_name(self._selected)
            self.targets = targets
            self.hint_move = "" if hint is None or hint.move is None else str(hint.move)
            self.winnability = self._winnability
            pending = self._pending
            self.pending_move = "" if pending is None else str(pending[0])
            self.warning = "" if pending is None else (pending[1].text_pl if lang == "pl" else pending[1].text_en)
            self.replay_state = {} if self._replay is None else self._replay.state()
            self.elapsed = round(game.elapsed, 1)
            self.clock_running = game.started and status == "playing" and not replaying
            self.labels = labels(lang)
            self.rev = self.rev + 1
