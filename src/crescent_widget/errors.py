"""The package's exceptions. All are ``ValueError`` subclasses carrying a ``reason`` code;
:class:`ArgumentTypeError`, for an argument of the wrong type, is a ``TypeError`` too.

An error keeps its code and its English detail; the text of a code comes from the
catalogue (:mod:`crescent_widget.words.i18n`) only when the error is shown, so the engine
raises errors without loading any text.

>>> err = IllegalMoveError("same_suit")
>>> isinstance(err, ValueError), err.reason, str(err)
(True, 'same_suit', 'Must be the same suit')
>>> err.text("pl")
'Musi być tego samego koloru'
"""

from __future__ import annotations

from typing import Final

QUOTE_LIMIT: Final = 40


def quoted(value: object) -> str:
    """Bad input, quoted briefly and safely for an error message.

    At most the first ``QUOTE_LIMIT`` characters of a string; a number as written; for
    anything else only its type: ``repr`` of a container recurses (a list nested a
    thousand deep exhausts the stack) and a huge one makes a huge message.

    >>> quoted("x" * 100), quoted(7), quoted([[[]]])
    ("'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (100 characters)", '7', 'a list')
    """
    if isinstance(value, str):
        if len(value) <= QUOTE_LIMIT:
            return repr(value)
        return f"{value[:QUOTE_LIMIT]!r}… ({len(value)} characters)"
    if (
        value is None
        or isinstance(value, bool | float)
        or (isinstance(value, int) and -(10**QUOTE_LIMIT) < value < 10**QUOTE_LIMIT)
    ):
        return repr(value)
    name = type(value).__name__
    return f"an {name}" if name[:1] in "aeiou" else f"a {name}"


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` itself, or its first ``limit`` characters and an ellipsis."""
    return text if len(text) <= limit else text[:limit] + "…"


class CrescentError(ValueError):
    """Base of every error the engine raises on bad input or a refused action.

    Attributes:
        reason: a stable, machine-readable code such as ``"pile_full"``.
    """

    reason: str

    def __init__(self, reason: str, detail: str | None = None) -> None:
        # ValueError.__init__ is not called: ``args`` stay the constructor's own arguments, so
        # a pickled error is rebuilt by the same call, and the text is looked up only when shown.
        self.reason = reason
        self.detail = detail

    def __str__(self) -> str:
        if self.detail is not None:
            return self.detail
        from .words.i18n import REASONS  # the words sit above the engine that raises these

        return REASONS.get(self.reason, {}).get("en", self.reason)

    def text(self, lang: str | None = None) -> str:
        """The message in a language (``None``: the package's default, Polish).

        English keeps the exception's detail (``no such place: 17 …``); other languages
        give the catalogue's text for the reason, since details are written in English.
        """
        from .words.i18n import DEFAULT_LANG, REASONS, message

        lang = DEFAULT_LANG if lang is None else lang
        if self.reason in REASONS and (self.detail is None or lang != "en"):
            return message(self.reason, lang)
        return str(self)


class IllegalMoveError(CrescentError):
    """A well-formed action that the rules forbid (``reason`` is a catalogue code)."""


class InvalidMoveError(CrescentError):
    """A malformed move or place, such as pile 17 or ``"X3"``."""

    def __init__(self, detail: str) -> None:
        super().__init__("invalid_move", detail)


class InvalidCardError(CrescentError):
    """Text that is not a card."""

    def __init__(self, detail: str) -> None:
        super().__init__("invalid_card", detail)


class InvalidCodeError(CrescentError):
    """A malformed game code, or a variant that is not implemented."""

    def __init__(self, detail: str) -> None:
        super().__init__("invalid_code", detail)


class InvalidOptionError(CrescentError):
    """An option or argument of the wrong kind: an unknown language, a flag that is not a bool,
    a callback that is not callable or was never registered."""

    def __init__(self, detail: str) -> None:
        super().__init__("invalid_option", detail)


class InvalidPositionError(CrescentError):
    """A layout or a saved game that breaks the rules of a position (refused, never loaded)."""

    def __init__(self, detail: str) -> None:
        super().__init__("invalid_position", detail)


class HiddenCardsError(CrescentError):
    """The face-down deal still hides cards where nothing may read them (``reason``
    ``hidden_cards``): a search would answer about a position with cards missing, and a game
    still being played keeps its face-down cards to itself. Once a face-down game has ended,
    :meth:`Game.revealed <crescent_widget.engine.game.Game.revealed>` shows every card."""

    def __init__(self, detail: str | None = None) -> None:
        super().__init__("hidden_cards", detail)


class ArgumentTypeError(CrescentError, TypeError):
    """An argument of the wrong type: a ``TypeError``, and a :class:`CrescentError` whose
    ``reason`` is the one a wrong value of the same argument gets (``invalid_position``,
    ``invalid_budget``, ``invalid_option`` ...).

    >>> err = ArgumentTypeError("invalid_budget", "seconds must be a number, not a str")
    >>> isinstance(err, TypeError), isinstance(err, CrescentError), err.reason
    (True, True, 'invalid_budget')
    """
