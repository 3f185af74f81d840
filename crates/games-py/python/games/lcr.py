"""`games-cli lcr`'s verbs as functions (see `help(games.lcr)`): keyword
arguments named like the command line's flags, the verb's JSON as Python
values. `study(...)` is the variants study: `simulate` with a table."""

from ._games import lcr as _native
from ._games.lcr import *  # noqa: F401,F403


def study(table="all", **flags):
    """The variants study (`games-cli lcr simulate --table TABLE --format
    json`): every table of `table` ("all", a table's name, or a list of
    them joined by commas) played `games` times (100,000 by default), as
    Python values. Takes `simulate`'s other flags (`seed`, `chips`,
    `max_rounds`, `end_check`, `games`, `threads`, `progress`)."""
    return simulate(table=table, **flags)  # noqa: F405


__all__ = [name for name in dir(_native) if not name.startswith("_")] + ["study"]
