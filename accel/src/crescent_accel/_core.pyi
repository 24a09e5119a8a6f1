from collections.abc import Callable

State = tuple[tuple[bytes, ...], tuple[int, ...], int]
InternalMove = tuple[int, int]

ALGORITHM: int

def expand(
    state: State, prune: bool = True, reshuffle: bool = True, stubborn: bool = False
) -> list[tuple[InternalMove, State, int]]: ...

class Search:
    root: State
    prune: bool
    nodes: int
    stored: int
    dives: int
    proof_nodes: int
    proof_done: bool
    dead_marks: int
    suit_cuts: int
    suit_nodes: int
    best_line: list[InternalMove]
    def __init__(self, root: State, *, seed: int = 0, prune: bool = True) -> None: ...
    def dive(self, limit: int, stop: Callable[[], bool] | None = None) -> list[InternalMove] | None: ...
    def prove(self, limit: int) -> list[InternalMove] | None: ...

Relaxed = tuple[tuple[bytes, ...], int, int, int]

class RelaxedSearch:
    nodes: int
    def __init__(self, start: Relaxed) -> None: ...
    def run(self, budget: int) -> bool | None: ...
