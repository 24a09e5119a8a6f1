"""Names a package loads on first use (PEP 562), for the package and :mod:`crescent_widget.solver`.

A package gives its namespace and a table of each public name's home module;
:func:`lazy_names` returns the module-level ``__getattr__`` and ``__dir__`` that load a name
from its home on first use and keep it, so later lookups skip them. The package still
imports the same names under ``TYPE_CHECKING`` for type checkers.

Nothing is imported here at start (not even :mod:`typing`, slow to load): the ``crescent``
command starts through this module, and a Ctrl-C in its first milliseconds belongs to its
own quiet handler.
"""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, MutableMapping


def lazy_names(
    namespace: "MutableMapping[str, object]", homes: "Mapping[str, str]"
) -> "tuple[Callable[[str], object], Callable[[], list[str]]]":
    """The ``__getattr__`` and ``__dir__`` of the package whose ``globals()`` is ``namespace``.

    ``homes`` maps each lazily loaded name to its module, relative to the package
    (``"engine.game"``). ``__dir__`` lists the names already loaded and ``__all__``.

    >>> space = {"__name__": "crescent_widget", "__all__": ["Game"]}
    >>> load, names = lazy_names(space, {"Game": "engine.game"})
    >>> load("Game").__name__, "Game" in space, names()
    ('Game', True, ['Game', '__all__', '__name__'])
    >>> load("Nothing")
    Traceback (most recent call last):
    ...
    AttributeError: module 'crescent_widget' has no attribute 'Nothing'
    """
    package = str(namespace["__name__"])

    def load(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(f".{home}", package), name)
        namespace[name] = value  # later lookups find it and skip load
        return value

    def names() -> list[str]:
        public = namespace.get("__all__", ())
        return sorted({*namespace, *(public if isinstance(public, list | tuple) else ())})

    return load, names
