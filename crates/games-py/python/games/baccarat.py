"""`games-cli baccarat`'s verbs as functions (see `help(games.baccarat)`): keyword
arguments named like the command line's flags, the verb's JSON as Python
values."""

from ._games import baccarat as _native
from ._games.baccarat import *  # noqa: F401,F403

__all__ = [name for name in dir(_native) if not name.startswith("_")]
