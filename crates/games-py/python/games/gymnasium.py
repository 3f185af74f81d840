"""Gymnasium environments: one agent against a fixed opponent (the ``rl``
extra: ``pip install './crates/games-py[rl]'``).

- ``games.gymnasium.make("hog", opponent="final")``: Hog (any
  ``hog(...)`` string: goal, rule switches) against a strategy (a built-in
  name such as ``final``, ``optimal``, ``always:5``, or a strategy file);
  observation ``[your score, opponent's score]``, action the number of dice
  (0 to 10), reward +1 for a win and -1 for a loss at the end.
- ``games.gymnasium.make("kalah(pits=6,seeds=4)", think=0.5)``: Kalah
  against the solver, which plays the best move it proves within ``think``
  seconds (the best bound so far when time runs out); observation the
  board in the handout's order and whose move, action your pit (0 to
  pits - 1), ``info["action_mask"]`` the legal pits; an illegal pit ends
  the episode with a reward of minus every seed on the board. The reward
  at the end is your store minus the opponent's.

The dice and the opponent's ties are drawn from the seed given to
``reset``. ``seat`` 0 moves first; 1 lets the opponent start.
"""

import json
import random

import gymnasium
import numpy as np
from gymnasium import spaces

import games


def make(game, opponent=None, seat=0, think=0.5):
    """The environment for `game` (``"hog"``, ``"kalah"`` or a full game
    string) against `opponent` (Hog: a strategy, default ``final``; Kalah:
    the solver, ``think`` seconds a move)."""
    if "(" not in game:
        game = f"{game}()"
    name = games.load(game).name()
    if name == "hog":
        return HogEnv(game, opponent or "final", seat)
    if name == "kalah":
        if opponent not in (None, "solver"):
            raise ValueError(f"opponent: Kalah plays against the solver, not {opponent!r}")
        return KalahEnv(game, seat, think)
    raise ValueError(f"{name}: the Gymnasium environments play hog and kalah")


class _Base(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, seat):
        if seat not in (0, 1):
            raise ValueError(f"seat: 0 or 1, not {seat!r}")
        self.game = games.load(game)
        self.seat = seat
        self.render_mode = "ansi"
        self.state = None
        self._rng = random.Random()

    def _json(self):
        return json.loads(self.state.serialize())

    def _roll(self):
        outcomes = self.state.chance_outcomes()
        self.state.apply_action(self._rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])

    def _until_agent(self):
        """Chance and the opponent move until the agent does (or the end)."""
        while not self.state.is_terminal():
            if self.state.is_chance_node():
                self._roll()
            elif self.state.current_player() != self.seat:
                self.state.apply_action(self._opponent_action())
            else:
                return

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self._until_agent()
        return self._observation(), self._info()

    def _info(self):
        return {}

    def render(self):
        return str(self.state)


class HogEnv(_Base):
    """See the module's docs."""

    def __init__(self, game, opponent, seat):
        super().__init__(game, seat)
        params = self.game.get_parameters()
        self.goal = int(params["goal"])
        flags = {"goal": self.goal}
        for rule in ("free_bacon", "hog_wild", "swine_swap"):
            if params.get(rule) == "false":
                flags[f"no_{rule}"] = True
        self.table = games.hog.export(strategy=opponent, out="-", as_="json", **flags)
        self.observation_space = spaces.Box(low=0, high=self.goal + 100, shape=(2,), dtype=np.int64)
        self.action_space = spaces.Discrete(11)

    def _opponent_action(self):
        s = self._json()
        me = s["player"]
        score, other = s["scores"][me], s["scores"][1 - me]
        return self.table[score][other]

    def _observation(self):
        s = self._json()
        return np.array([s["scores"][self.seat], s["scores"][1 - self.seat]], dtype=np.int64)

    def step(self, action):
        self.state.apply_action(int(action))
        self._until_agent()
        done = self.state.is_terminal()
        reward = 0.0
        if done:
            mine, theirs = self.state.returns()[self.seat], self.state.returns()[1 - self.seat]
            reward = 1.0 if mine > theirs else -1.0
        return self._observation(), reward, done, False, self._info()


class KalahEnv(_Base):
    """See the module's docs."""

    def __init__(self, game, seat, think):
        super().__init__(game, seat)
        params = self.game.get_parameters()
        self.pits = int(params["pits"])
        self.seeds = int(params["seeds"])
        self.think = float(think)
        total = 2 * self.pits * self.seeds
        self.observation_space = spaces.Box(low=0, high=total, shape=(2 * self.pits + 3,), dtype=np.int64)
        self.action_space = spaces.Discrete(self.pits)

    def _opponent_action(self):
        r = games.kalah.moves(state=self._json(), think=self.think)
        best = r.get("best_moves") or []
        if best:
            return self._rng.choice(best)
        # Not all proven in time: the best lower bound, ties by the seed.
        top = max(m["lower"] for m in r["moves"])
        return self._rng.choice([m["pit"] for m in r["moves"] if m["lower"] == top])

    def _observation(self):
        s = self._json()
        return np.array(s["board"] + [s["to_move"]], dtype=np.int64)

    def _info(self):
        mask = np.zeros(self.pits, dtype=np.int8)
        if self.state is not None and not self.state.is_terminal():
            for a in self.state.legal_actions():
                mask[a] = 1
        return {"action_mask": mask}

    def step(self, action):
        action = int(action)
        if action not in self.state.legal_actions():
            return self._observation(), -float(2 * self.pits * self.seeds), True, False, dict(self._info(), illegal=True)
        self.state.apply_action(action)
        self._until_agent()
        done = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if done else 0.0
        return self._observation(), reward, done, False, self._info()
