"""`games-cli craps`'s verbs as functions (see `help(games.craps)`): keyword
arguments named like the command line's flags, the verb's JSON as Python
values."""

from ._games import craps as _native
from ._games.craps import *  # noqa: F401,F403

__all__ = [name for name in dir(_native) if not name.startswith("_")]
