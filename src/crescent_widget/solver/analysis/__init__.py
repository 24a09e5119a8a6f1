"""What the solver says about a game already played: the review, the only moves, why it was lost.

- :mod:`.review`: where the win was thrown away, why, and what would have kept it
  (:func:`crescent_widget.solver.review`);
- :mod:`.only_moves`: the stretches of a won game where each move was the only one keeping the win;
- :mod:`.why`: why a position is lost, in words, from the proof.
"""
