"""``games-cli hog``'s verbs as functions, where a strategy is anything a
student has: a built-in name (``"final"``, ``"optimal"``, ``"always:5"``),
a function ``(score, opponent_score) -> int`` (called on every score pair
below the goal, each answer checked), a goal x goal table (or the strategy
files' 100 x 100; nested lists or a numpy array), or a strategy file's
path (JSON or CSV).

    >>> import games.hog
    >>> def final_strategy(score, opponent_score):
    ...     return 5
    >>> round(games.hog.rate(final_strategy)["exact_win_rate"], 6)
    0.5

``python -m games.hog rate path/to/hog.py`` imports a Hog project's
``hog.py`` (its folder on the path, so its own ``dice.py`` and ``ucb.py``
import; no bytecode written there) and prints the exact win rate of its
``final_strategy`` against ``always_roll(5)``, against the best response to
it and against the optimal strategy.
"""

import json
import operator
import os
import sys
import tempfile

from ._games import hog as _native
from ._games.hog import *  # noqa: F401,F403


# The flags that name a strategy.
_STRATEGY_FLAGS = ("strategy", "vs", "strategy0", "strategy1")

# A strategy file's rows and columns, whatever the goal (scores 0 to 99).
_FILE_SIZE = 100


def _goal(flags):
    """The goal the flags ask for (100 by default), checked before any
    strategy function is called goal x goal times, and put in `flags` as
    the int it is: given as the command line takes it (``"50"``), as a
    whole float (``50.0``) or any integer (numpy's too)."""
    goal = flags.get("goal")
    if goal is None:
        return _FILE_SIZE
    try:
        if isinstance(goal, bool):
            raise TypeError
        if isinstance(goal, str):
            n = int(goal.strip()) if goal.strip().isdigit() else None
        elif isinstance(goal, float):
            n = int(goal) if goal.is_integer() else None
        else:
            n = operator.index(goal)
    except (TypeError, ValueError, OverflowError):
        n = None
    if n is None or not 1 <= n <= _FILE_SIZE:
        raise ValueError(f"goal: the goal must be a whole number from 1 to {_FILE_SIZE}, not {goal!r:.60}")
    flags["goal"] = n
    return n


def _table(strategy, goal, flag):
    """A function or a table as the strategy files' 100 x 100 list of
    ints, checked: a function is called on every score pair below the
    goal, a table is goal x goal or 100 x 100; cells at or past the goal,
    which no game reaches, are 0."""
    name = getattr(strategy, "__name__", flag)
    if not callable(strategy):
        try:
            size = len(strategy)
        except TypeError:
            raise ValueError(
                f"{flag}: expected a function (score, opponent_score) -> int, a {goal} x {goal} table, "
                f"a strategy file's path or a built-in name, not {strategy!r:.60}"
            ) from None
        if size != goal and size != _FILE_SIZE:
            also = "" if goal == _FILE_SIZE else f" (or {_FILE_SIZE} x {_FILE_SIZE})"
            raise ValueError(f"{flag}: the table has {size} rows; a strategy table is {goal} x {goal}{also}")
        goal = size
    rows = []
    for score in range(goal):
        if callable(strategy):
            row = [strategy(score, opp) for opp in range(goal)]
        else:
            try:
                row = list(strategy[score])
            except (IndexError, TypeError, KeyError):
                raise ValueError(f"{flag}: the table has no row {score}; a strategy table is {goal} x {goal}") from None
            if len(row) != goal:
                raise ValueError(f"{flag}: row {score} has {len(row)} entries; a strategy table is {goal} x {goal}")
        checked = []
        for opp, rolls in enumerate(row):
            ok = not isinstance(rolls, bool) and hasattr(rolls, "__index__") and 0 <= int(rolls) <= 10
            if not ok:
                where = f"{name}({score}, {opp})" if callable(strategy) else f"{flag}[{score}][{opp}]"
                raise ValueError(f"{flag}: {where} is {rolls!r}; a strategy rolls a whole number of dice from 0 to 10")
            checked.append(int(rolls))
        rows.append(checked)
    width = _FILE_SIZE - goal
    return [row + [0] * width for row in rows] + [[0] * _FILE_SIZE for _ in range(width)]


def _spec(strategy, goal, flag, folder):
    """The command line's spelling of `strategy`, writing a table to a
    file in `folder` when it is one."""
    if isinstance(strategy, str):
        if os.path.exists(strategy) and not strategy.startswith("file:"):
            return "file:" + os.path.abspath(strategy)
        return strategy
    if isinstance(strategy, os.PathLike):
        return "file:" + os.path.abspath(os.fspath(strategy))
    rows = _table(strategy, goal, flag)
    path = os.path.join(folder, f"{flag}-{len(os.listdir(folder))}.json")
    with open(path, "w") as f:
        json.dump(rows, f)
    return "file:" + path


# The flag a verb's one positional argument stands for.
_POSITIONAL = {
    "rate": "strategy",
    "best_response": "vs",
    "export": "strategy",
    "choose": "strategy",
    "coach": "vs",
    "tournament": "strategies",
}


def _wrap(verb):
    native = getattr(_native, verb)

    def call(*args, **flags):
        if args:
            flag = _POSITIONAL.get(verb)
            if flag is None or len(args) > 1 or flag in flags:
                raise ValueError(f"hog.{verb}() takes keyword arguments named like the flags of `games-cli hog {verb}`")
            flags[flag] = args[0]
        goal = _goal(flags)
        with tempfile.TemporaryDirectory(prefix="games-hog-") as folder:
            for flag in _STRATEGY_FLAGS:
                if flags.get(flag) is not None:
                    flags[flag] = _spec(flags[flag], goal, flag, folder)
            strategies = flags.get("strategies")
            if strategies is not None:
                if isinstance(strategies, (str, bytes, os.PathLike)) or callable(strategies):
                    raise ValueError(f"strategies: expected a list of two or more strategies, not {strategies!r:.60}")
                flags["strategies"] = [_spec(s, goal, "strategies", folder) for s in strategies]
            out = native(**flags)
        return _unfile(out, folder)

    call.__name__ = verb
    call.__qualname__ = verb
    call.__doc__ = native.__doc__
    call.__text_signature__ = getattr(native, "__text_signature__", None)
    return call


def _unfile(value, folder):
    """Replies name a table given as a value by its flag, not by the
    temporary file it was passed in."""
    if isinstance(value, str):
        return value.replace("file:" + folder + os.sep, "table:").replace(folder + os.sep, "")
    if isinstance(value, list):
        return [_unfile(v, folder) for v in value]
    if isinstance(value, dict):
        return {k: _unfile(v, folder) for k, v in value.items()}
    return value


for _verb in ("rate", "best_response", "tournament", "export", "choose", "coach", "play", "step"):
    if hasattr(_native, _verb):
        globals()[_verb] = _wrap(_verb)

# Every verb (the wrapped ones and the rest as they come), not the
# modules this one uses.
__all__ = sorted(n for n in dir(_native) if not n.startswith("_")) + ["rate_project", "main"]


def rate_project(path, vs="always:5", **flags):
    """Import the Hog project at `path` (its ``hog.py``, or the folder
    holding it) and rate its ``final_strategy`` exactly: against `vs`,
    against the best response to it, and against the optimal strategy.
    Nothing is written into the project's folder."""
    import importlib.util

    path = os.path.abspath(path)
    if os.path.isdir(path):
        path = os.path.join(path, "hog.py")
    if not os.path.isfile(path):
        raise ValueError(f"{path}: no such file (a Hog project's hog.py)")
    folder = os.path.dirname(path)
    name = os.path.splitext(os.path.basename(path))[0]
    before = sys.dont_write_bytecode
    sys.dont_write_bytecode = True
    sys.path.insert(0, folder)
    try:
        spec = importlib.util.spec_from_file_location(f"_hog_project_{name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(folder)
        sys.dont_write_bytecode = before
    strategy = getattr(module, "final_strategy", None)
    if not callable(strategy):
        raise ValueError(f"{path}: defines no final_strategy(score, opponent_score)")
    goal = _goal(flags)
    table = _table(strategy, goal, "final_strategy")
    with tempfile.TemporaryDirectory(prefix="games-hog-") as tmp:
        spec_ = _spec(table, goal, "strategy", tmp)
        best = _native.best_response(vs=spec_, **flags)
        out = {
            "project": path,
            "vs": _native.rate(strategy=spec_, vs=_spec(vs, goal, "vs", tmp), **flags),
            "best_response": best,
            "optimal": _native.rate(strategy=spec_, vs="optimal", **flags),
        }
    return _unfile(out, tmp)


def main(argv=None):
    """``python -m games.hog rate PATH [--vs S] [--goal N] [--rules R]
    [--no-free-bacon] [--no-hog-wild] [--no-swine-swap] [--format json]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m games.hog", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="verb", required=True)
    r = sub.add_parser("rate", help="rate a Hog project's final_strategy exactly")
    r.add_argument("project", help="the project's hog.py (or its folder)")
    r.add_argument("--vs", default="always:5", help="the baseline: a built-in name or a strategy file [default: always:5]")
    r.add_argument("--goal", type=int, default=None)
    r.add_argument("--rules", default=None, help="another term's rule set (see games-cli hog rules)")
    for switch in ("free-bacon", "hog-wild", "swine-swap"):
        r.add_argument(f"--no-{switch}", action="store_true")
    r.add_argument("--format", choices=["table", "json"], default="table")
    a = parser.parse_args(argv)
    flags = {k: v for k, v in (("goal", a.goal), ("rules", a.rules)) if v is not None}
    for switch in ("free_bacon", "hog_wild", "swine_swap"):
        if getattr(a, f"no_{switch}"):
            flags[f"no_{switch}"] = True
    try:
        out = rate_project(a.project, vs=a.vs, **flags)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if a.format == "json":
        print(json.dumps(out, indent=2))
        return 0
    best_rate = out["best_response"]["exact_win_rate"]
    print(f"final_strategy of {out['project']}")
    print(f"  against {a.vs}: {out['vs']['exact_win_rate']:.6f} (exact chance to win, either player first)")
    print(f"  against the best response to it: {1 - best_rate:.6f}")
    print(f"  against the optimal strategy: {out['optimal']['exact_win_rate']:.6f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
