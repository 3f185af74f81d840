"""LCR, Kalah, craps, baccarat and CS 61A's Hog, exact and fast, from Rust.

- ``games.load("kalah(pits=6,seeds=4)")``: a game with pyspiel's state
  methods (``new_initial_state()``, ``legal_actions()``, ``apply_action()``,
  ``chance_outcomes()``, ``returns()`` ...), and ``batch(n)`` for random
  playouts in Rust.
- ``games.GAME.VERB(**flags)``: every verb of ``games-cli`` as a function
  returning its JSON as Python values (``games.craps.exact()``,
  ``games.baccarat.exact(decks=8)``, ``games.lcr.exact(players=3)`` ...).
- ``games.hog.rate(final_strategy)``: a strategy is a function, a 100 x 100
  table, a file or a built-in name; ``python -m games.hog rate hog.py``.
- ``games.kalah.sow_game(board, moves)``: the handout's function.
- ``games.pettingzoo.env(game_string)``, ``games.gymnasium.make(...)``:
  environments for agents (the ``rl`` extra).

See docs/python.md in the repository.
"""

from ._games import Game, State, list_games, load  # noqa: F401

# Each game's verbs, imported when first used (so `python -m games.hog`
# runs the module as the program, not a second copy of it).
_GAMES = ("baccarat", "craps", "hog", "kalah", "lcr")


def __getattr__(name):
    if name in _GAMES:
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'games' has no attribute {name!r}")

__all__ = ["Game", "State", "list_games", "load", "baccarat", "craps", "hog", "kalah", "lcr"]
