"""The PettingZoo environments pass PettingZoo's own API test, and games
played through them end as the rules say."""

import unittest

import numpy as np
from pettingzoo.test import api_test

import games.pettingzoo


class PettingZoo(unittest.TestCase):
    def test_api_test_passes_for_kalah_hog_and_lcr(self):
        for spec in ["kalah(pits=6,seeds=4)", "kalah(pits=4,seeds=3,capture=empty)", "hog(goal=30)", "lcr(players=4,coins=3)"]:
            with self.subTest(spec=spec):
                api_test(games.pettingzoo.env(spec), num_cycles=1000, verbose_progress=False)

    def test_a_kalah_game_ends_with_the_stores_difference(self):
        env = games.pettingzoo.env("kalah(pits=6,seeds=4)")
        env.reset(seed=3)
        rng = np.random.default_rng(3)
        total = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            total[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(rng.choice(legal)))
        board = obs["observation"][:14]
        self.assertEqual(board[:6].sum() + board[7:13].sum(), 0, "the pits are swept at the end")
        self.assertEqual(total["player_0"], board[6] - board[13])
        self.assertEqual(total["player_1"], -total["player_0"])

    def test_lcr_agents_only_roll_and_one_wins(self):
        env = games.pettingzoo.env("lcr(players=3,coins=3)")
        env.reset(seed=1)
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            rewards[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            self.assertEqual(list(obs["action_mask"]), [1])
            env.step(0)
        self.assertEqual(sorted(rewards.values()), [0.0, 0.0, 1.0])
        coins = obs["observation"]
        self.assertEqual(coins.sum(), 9, "coins are kept: seats and center")


if __name__ == "__main__":
    unittest.main()
