"""`games-cli kalah`'s verbs as functions (see `help(games.kalah)`): keyword
arguments named like the command line's flags, the verb's JSON as Python
values."""

from ._games import kalah as _native
from ._games.kalah import *  # noqa: F401,F403

__all__ = [name for name in dir(_native) if not name.startswith("_")]
