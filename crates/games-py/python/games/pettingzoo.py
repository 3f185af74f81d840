"""PettingZoo AEC environments over the registry's games (the ``rl``
extra: ``pip install './crates/games-py[rl]'``).

``games.pettingzoo.env("kalah(pits=6,seeds=4)")`` (also ``hog(...)``,
``lcr(...)``) is an ``AECEnv`` whose agents are ``player_0``,
``player_1``, ...; each observation is a dict of ``observation`` (the
game's numbers: Kalah's board and whose move, Hog's scores and whose turn,
LCR's coins and the center) and ``action_mask``. Chance (Hog's dice,
LCR's throws) is rolled by the environment from the seed given to
``reset``; in LCR, where nobody chooses, the agent whose throw it is acts
with its one action, 0, "roll". Rewards come at the end: the game's
returns (Kalah's final store difference, Hog's and LCR's 1 for the
winner and 0 for the others).
"""

import json
import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv


class _Kalah:
    def __init__(self, game):
        params = game.get_parameters()
        self.pits = int(params["pits"])
        self.seeds = int(params["seeds"])
        self.actions = self.pits

    def size(self, players):
        return 2 * self.pits + 3

    def high(self):
        return float(2 * self.pits * self.seeds)

    def observation(self, s):
        return s["board"] + [s["to_move"]]

    def owner(self, s):
        return None


class _Hog:
    actions = 11

    def __init__(self, game):
        self.goal = int(game.get_parameters()["goal"])

    def size(self, players):
        return 3

    def high(self):
        # A score can pass the goal by at most a turn's points.
        return float(self.goal + 100)

    def observation(self, s):
        return list(s["scores"]) + [s["player"]]

    def owner(self, s):
        return None


class _Lcr:
    actions = 1

    def __init__(self, game):
        params = game.get_parameters()
        self.players = int(params["players"])
        self.coins = int(params["coins"])

    def size(self, players):
        return players + 1

    def high(self):
        return float(self.players * self.coins)

    def observation(self, s):
        return list(s["coins"]) + [s["center"]]

    def owner(self, s):
        return s["seat"]


_KINDS = {"kalah": _Kalah, "hog": _Hog, "lcr": _Lcr}


def env(game_string, render_mode=None):
    """An AEC environment of the game loaded from ``game_string``."""
    return GamesEnv(game_string, render_mode=render_mode)


class GamesEnv(AECEnv):
    """See the module's docs."""

    metadata = {"name": "games_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game_string, render_mode=None):
        super().__init__()
        import games

        self.game = games.load(game_string)
        name = self.game.name()
        if name not in _KINDS:
            raise ValueError(f"{name}: the environments play {', '.join(sorted(_KINDS))}")
        self.kind = _KINDS[name](self.game)
        self.metadata = dict(GamesEnv.metadata, name=f"games_{name}_v0")
        self.render_mode = render_mode
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        size = self.kind.size(n)
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=self.kind.high(), shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self.kind.actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(self.kind.actions) for a in self.possible_agents}
        self.state = None
        self._rng = random.Random()

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def _json(self):
        return json.loads(self.state.serialize())

    def _roll(self):
        """Apply one chance outcome, drawn by its weight."""
        outcomes = self.state.chance_outcomes()
        codes = [o for o, _ in outcomes]
        weights = [p for _, p in outcomes]
        self.state.apply_action(self._rng.choices(codes, weights)[0])

    def _advance(self):
        """Roll chance that no agent owns; then whose turn it is."""
        while self.state.is_chance_node() and self.kind.owner(self._json()) is None:
            self._roll()
        if self.state.is_terminal():
            return
        if self.state.is_chance_node():
            self.agent_selection = self.possible_agents[self.kind.owner(self._json())]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def _mask(self, agent):
        mask = np.zeros(self.kind.actions, dtype=np.int8)
        if self.state is None or self.state.is_terminal() or agent != self.agent_selection:
            return mask
        if self.state.is_chance_node():
            mask[0] = 1
        else:
            for a in self.state.legal_actions():
                mask[a] = 1
        return mask

    def observe(self, agent):
        values = np.asarray(self.kind.observation(self._json()), dtype=np.float32)
        return {"observation": values, "action_mask": self._mask(agent)}

    def reset(self, seed=None, options=None):
        self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._advance()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if not self._mask(agent)[int(action)]:
            raise ValueError(f"action {action} is not legal for {agent} here")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.is_chance_node():
            self._roll()
        else:
            self.state.apply_action(int(action))
        self._advance()
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = float(r)
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            return str(self.state)
        return None

    def close(self):
        pass
