"""The search behind every solver answer: a position, its moves, and the two searches over them.

- :mod:`.state`: the compact position (integer cards, flat tuples) and the moves on it;
- :mod:`.expand`: the one move generator, with its sound prunings;
- :mod:`.heuristic`: the score a best-first dive sorts by;
- :mod:`.stubborn`: the stubborn sets that thin the proof once no reshuffle is left;
- :mod:`.dive_and_proof`: the greedy dives that find wins, and the complete proof that
  alone may answer "lost";
- :mod:`.relaxed` and :mod:`.suits`: the one-suit relaxation, a proof of loss from one suit;
- :mod:`.backends`: the pure-Python search or the compiled core, same answers;
- :mod:`.checks`: what a search accepts, checked the same for both backends;
- :mod:`.lines`: a line of the search's moves turned into engine moves and replayed;
- :mod:`.watch`: a search's progress, and its cancellation, seen from another thread.
"""
