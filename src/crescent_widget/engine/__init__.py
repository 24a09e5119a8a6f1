"""The rules of Crescent, stdlib only: cards, game codes, moves, the rules, positions, the Game, records.

Where things live: the reshuffle and every other rule in :mod:`.rules`; :class:`~.game.Game`
(the single judge of legality) in :mod:`.game`; places and :class:`~.moves.Move` in
:mod:`.moves`; records and saves in :mod:`.records`; whether only foundation moves are
left (the board's Finish) in :mod:`.endgame`; numbered actions, and the legal ones followed
move by move for bots and the Gymnasium environment, in :mod:`.legal`.
"""
