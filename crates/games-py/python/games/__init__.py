"""LCR, Kalah, craps, baccarat and CS 61A's Hog, exact and fast, from Rust.

- ``games.load("kalah(pits=6,seeds=4)")``: a game with pyspiel's state
  methods (``new_initial_state()``, ``legal_actions()``, ``apply_action()``,
  ``chance_outcomes()``, ``returns()`` ...).
- ``games.GAME.VERB(**flags)``: every verb of ``games-cli`` as a function
  returning its JSON as Python values (``games.craps.exact()``,
  ``games.baccarat.exact(decks=8)``, ``games.lcr.exact(players=3)`` ...).
- ``games.kalah.sow_game(board, moves)``: the handout's function.
- ``games.pettingzoo.env(game_string)``, ``games.gymnasium.make(...)``:
  environments for agents (the ``rl`` extra).

See docs/python.md in the repository.
"""

from ._games import Game, State, list_games, load  # noqa: F401
from ._games import *  # noqa: F401,F403  (each game's submodule of verbs)

__all__ = ["Game", "State", "list_games", "load"] + [
    name for name in ("baccarat", "craps", "hog", "kalah", "lcr") if name in globals()
]
