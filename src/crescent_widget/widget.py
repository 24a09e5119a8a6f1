"""``CrescentWidget``: the Crescent game as a Jupyter widget (anywidget).

The widget wraps one engine :class:`~crescent_widget.game.Game` and mirrors its state in
synced traitlets. The browser only draws that state and sends the player's intents (tap,
double tap, drop, buttons); every rule is the engine's.

>>> from crescent_widget import CrescentWidget
>>> w = CrescentWidget("CR1-N-AAAAAAB", lang="en")
>>> w.piles[12], w.piles[13]            # pile 13 and 14: [top card, card count]
(['AS', 6], ['KS', 6])
>>> w.move(13, 14)
Move.parse('13-14')
>>> w.piles[12], w.piles[13], w.move_count
(['9D', 5], ['AS', 7], 1)
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
from pathlib import Path
from typing import Any, Final

import anywidget
import traitlets

from ._intents import BadIntentError, Intent, parse_intent
from .cards import RANK_ASCII, RANK_PL
from .errors import CrescentError, IllegalMoveError
from .game import Game, MoveArg
from .i18n import LABELS, Lang, reshuffle_button_text
from .moves import ANY_FOUNDATION, RESHUFFLE, Move, PlaceLike, parse_place, place_name

logger = logging.getLogger(__name__)

_STATIC: Final = Path(__file__).parent / "static"
MoveCallback = Callable[[Move], object]


def _labels(lang: Lang) -> dict[str, Any]:
    """Every interface text in one language, straight from the i18n catalogue.

    Templates keep their ``{n}``-style placeholders; the front end fills them in, so the
    texts have one source (``crescent_widget.i18n``) and the front end ships none.
    """
    texts: dict[str, Any] = {key: by_lang[lang] for key, by_lang in LABELS.items()}
    names = RANK_PL if lang == "pl" else RANK_ASCII
    texts["ranks"] = {RANK_ASCII[rank]: names[rank] for rank in range(1, 14)}
    return texts


class CrescentWidget(anywidget.AnyWidget):
    """Play Crescent in a notebook; the traits mirror the engine after every action.

    Args:
        code: a game code such as ``"CR1-N-AAAAAAB"``; ``None`` deals a random game.
        lang: ``"pl"`` (default) or ``"en"`` for every text the widget shows.
        interactive_rules: show why a move is refused (in :attr:`message`); when off,
            refusals are silent on screen but still raise from Python calls.
        show_labels: show the pile number and card count under each pile.

    Raises:
        InvalidCodeError: the code is malformed.

    The player's actions have Python twins: :meth:`move`, :meth:`tap`,
    :meth:`double_tap`, :meth:`reshuffle`, :meth:`undo`, :meth:`new_game`. A refused
    action raises the engine's error (``IllegalMoveError`` with ``.reason``, or
    ``InvalidMoveError``), changes nothing, and shows the reason in :attr:`message`.

    Notebook code can follow the game in two ways:

    * ``w.on_move(callback)``: ``callback(move)`` runs after every move, whether it came
      from a click, a drag or code; a reshuffle is passed as ``Move.parse('R')``.
      ``w.on_move(callback, remove=True)`` unregisters it.
    * traitlets' ``observe``, for any trait: ``w.observe(handler, names=["status"])``
      calls ``handler(change)`` with ``change["new"]`` once per change; ``rev`` changes
      with every update, so ``names=["rev"]`` sees them all.

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

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"

    code = traitlets.Unicode("", help="the game code; empty for a position made with Game.from_layout").tag(sync=True)
    piles: traitlets.List[list[Any]] = traitlets.List(help="16 × [top card or '', count]").tag(sync=True)
    foundations: traitlets.List[list[Any]] = traitlets.List(help="8 × [top card, count]").tag(sync=True)
    reshuffles_left = traitlets.Int(0).tag(sync=True)
    reshuffle_label = traitlets.Unicode("", help="the Reshuffle button's text").tag(sync=True)
    move_count = traitlets.Int(0).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    status = traitlets.Unicode("playing", help="'playing', 'won' or 'blocked'").tag(sync=True)
    message = traitlets.Unicode("", help="why the last action was refused, in lang").tag(sync=True)
    selected = traitlets.Unicode("", help="the selected place ('3', 'F1') or ''").tag(sync=True)
    targets = traitlets.Dict(help="place -> legal destinations, for every card that can move").tag(sync=True)
    elapsed = traitlets.Float(0.0, help="seconds played when this state was published").tag(sync=True)
    clock_running = traitlets.Bool(False, help="whether the front end should keep the clock ticking").tag(sync=True)
    lang = traitlets.Enum(("pl", "en"), "pl").tag(sync=True)
    labels = traitlets.Dict(help="interface texts in lang, from crescent_widget.i18n").tag(sync=True)
    interactive_rules = traitlets.Bool(True).tag(sync=True)
    show_labels = traitlets.Bool(True).tag(sync=True)
    rev = traitlets.Int(0, help="state revision: +1 with every update; intents quote it").tag(sync=True)

    def __init__(
        self, code: str | None = None, *, lang: str = "pl", interactive_rules: bool = True, show_labels: bool = True
    ) -> None:
        game = Game(code)  # first, so a bad code raises before any comm opens
        super().__init__(lang=lang, interactive_rules=interactive_rules, show_labels=show_labels)
        self._game = game
        self._selected: int | None = None
        self._notice: CrescentError | None = None
        self._move_callbacks: list[MoveCallback] = []
        self.on_msg(self._on_front_end_message)
        self.observe(self._on_options, names=["lang", "interactive_rules"])
        self._publish()

    @classmethod
    def from_game(cls, game: Game, **options: Any) -> CrescentWidget:
        """A widget showing an existing engine game, e.g. one from ``Game.from_layout``.

        >>> w = CrescentWidget.from_game(Game("CR1-N-AAAAAAB"), lang="en")
        >>> w.code, w.lang
        ('CR1-N-AAAAAAB', 'en')
        """
        widget = cls(**options)
        widget.load(game)
        return widget

    # ------------------------------------------------------------------ engine access

    @property
    def game(self) -> Game:
        """The engine game. After changing it directly, call :meth:`refresh`."""
        return self._game

    def load(self, game: Game) -> None:
        """Show another engine game (a saved one, or a position from ``Game.from_layout``)."""
        if not isinstance(game, Game):
            raise TypeError(f"load() needs a Game, got {type(game).__name__}")
        self._game = game
        self._selected = None
        self._notice = None
        self._publish()

    def refresh(self) -> None:
        """Publish the engine's state again (needed only after using :attr:`game` directly)."""
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

    # ------------------------------------------------------------------- player actions

    def move(self, src: MoveArg, dst: PlaceLike | None = None) -> Move:
        """Play a move, as :meth:`Game.move` does (``move(10, 14)``, ``move("13-F")``).

        Raises:
            InvalidMoveError: the move is malformed; nothing changes.
            IllegalMoveError: the rules forbid it; nothing changes but the message.
        """
        self._selected = None
        try:
            move = self._game.move(src, dst)
        except CrescentError as err:
            self._refuse(err)
            raise
        self._done(move)
        return move

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
        index = self._parse(place)
        selected, self._selected = self._selected, None
        if selected is not None:
            if selected == index:
                self._notice = None
                self._publish()
                return None
            return self.move(Move(selected, index))
        destinations = self._destinations(index)
        if len(destinations) == 1:
            return self.move(Move(index, destinations[0]))
        if not destinations:
            err = IllegalMoveError("empty_source" if self._game.top(place_name(index)) is None else "no_destination")
            self._refuse(err)
            raise err
        self._selected = index
        self._notice = None
        self._publish()
        return None

    def double_tap(self, place: PlaceLike) -> Move | None:
        """Send the card to a foundation that accepts it (``F``); otherwise act as :meth:`tap`.

        Raises:
            InvalidMoveError, IllegalMoveError: as :meth:`tap`.
        """
        index = self._parse(place)
        if self._game.check(Move(index, ANY_FOUNDATION)) is None:
            return self.move(Move(index, ANY_FOUNDATION))
        return self.tap(place)

    def reshuffle(self) -> None:
        """Reshuffle (bottom card of every pile of 2+ cards to its top); not a move.

        Raises:
            IllegalMoveError: ``no_reshuffles`` or ``game_over``.
        """
        self._selected = None
        try:
            self._game.reshuffle()
        except CrescentError as err:
            self._refuse(err)
            raise
        self._done(RESHUFFLE)

    def undo(self) -> Move:
        """Take back the last move and return it.

        Raises:
            IllegalMoveError: ``nothing_to_undo``.
        """
        self._selected = None
        try:
            move = self._game.undo()
        except CrescentError as err:
            self._refuse(err)
            raise
        self._notice = None
        self._publish()
        return move

    def new_game(self, code: str | None = None) -> None:
        """Deal a new game: the one of ``code``, or a random one.

        Raises:
            InvalidCodeError: the code is malformed; the current game goes on.
        """
        try:
            game = Game(code)
        except CrescentError as err:
            self._refuse(err)
            raise
        self.load(game)

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
        self._publish()

    def _done(self, move: Move) -> None:
        self._notice = None
        self._publish()
        for callback in list(self._move_callbacks):
            try:
                callback(move)
            except Exception:
                # The move stands either way; a notebook bug must not break the widget.
                logger.exception("on_move callback %r failed", callback)

    def _on_options(self, change: dict[str, Any]) -> None:
        # A new language re-translates the standing message; switching interactive
        # rules off hides it.
        self._publish()

    def _publish(self) -> None:
        """Assign fresh values to every trait in one update (equal values are not resent)."""
        game = self._game
        lang: Lang = "en" if self.lang == "en" else "pl"
        targets: dict[str, list[str]] = {}
        for move in game.legal_moves():
            names = targets.setdefault(place_name(move.src), [])
            if place_name(move.dst) not in names:
                names.append(place_name(move.dst))
        notice = self._notice
        status = game.status
        with self.hold_sync():
            self.code = game.code or ""
            self.piles = [[p[-1].ascii if p else "", len(p)] for p in game.piles]
            self.foundations = [[f[-1].ascii, len(f)] for f in game.foundations]
            self.reshuffles_left = game.reshuffles_left
            self.reshuffle_label = reshuffle_button_text(game.reshuffles_left, lang)
            self.move_count = game.move_count
            self.can_undo = game.can_undo
            self.status = status
            self.message = notice.text(lang) if notice is not None and self.interactive_rules else ""
            self.selected = "" if self._selected is None else place_name(self._selected)
            self.targets = targets
            self.elapsed = round(game.elapsed, 1)
            self.clock_running = game.started and status == "playing"
            self.labels = _labels(lang)
            self.rev = self.rev + 1

    # --------------------------------------------------------------- front-end intents

    def _on_front_end_message(self, _widget: object, content: object, _buffers: object) -> None:
        """Handle one intent from the browser; never raises into the kernel."""
        try:
            intent = parse_intent(content)
        except BadIntentError as err:
            logger.warning("ignored malformed front-end message %r: %s", content, err)
            return
        if intent.rev != self.rev:
            # Made against a state the player no longer saw (another view, a cell, a
            # fast double action): acting on it could move the wrong card.
            logger.info("ignored stale %s intent (rev %d, now %d)", intent.kind, intent.rev, self.rev)
            return
        try:
            self._dispatch(intent)
        except CrescentError as err:
            logger.debug("refused %s intent: %s", intent.kind, err)
        except Exception:
            logger.exception("front-end intent %r failed", intent)

    def _dispatch(self, intent: Intent) -> None:
        if intent.kind == "tap" and intent.src is not None:
            self.tap(place_name(intent.src))
        elif intent.kind == "double_tap" and intent.src is not None:
            self.double_tap(place_name(intent.src))
        elif intent.kind == "drop" and intent.src is not None and intent.dst is not None:
            self.move(Move(intent.src, intent.dst))
        elif intent.kind == "reshuffle":
            self.reshuffle()
        elif intent.kind == "undo":
            self.undo()
        elif intent.kind == "new_game":
            self.new_game(intent.code)
