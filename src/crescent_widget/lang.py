"""The languages the package speaks, and the check of a language argument.

It sits below the engine and the words alike: the engine names a language (``Card.text``,
``Game.diagram``) without loading any text, and :mod:`crescent_widget.words.i18n`
holds the texts themselves.

>>> DEFAULT_LANG, check_lang("en")
('pl', 'en')
"""

from __future__ import annotations

from typing import Final, Literal

from .errors import InvalidOptionError, quoted

Lang = Literal["pl", "en"]
LANGS: Final[tuple[Lang, ...]] = ("pl", "en")
# Every text in the package is Polish unless asked otherwise, as the original rules are.
DEFAULT_LANG: Final[Lang] = "pl"


def check_lang(lang: str) -> Lang:
    """Return ``lang`` if it is a supported language, else raise ``InvalidOptionError`` (a ``ValueError``).

    >>> check_lang("en")
    'en'
    """
    if lang == "pl":
        return "pl"
    if lang == "en":
        return "en"
    raise InvalidOptionError(f"unsupported language {quoted(lang)}: use 'pl' or 'en'")
