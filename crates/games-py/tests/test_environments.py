"""The PettingZoo environments pass PettingZoo's own API test, and games
played through them end as the rules say."""

import unittest

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import games.gymnasium
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


class Gymnasium(unittest.TestCase):
    def test_check_env_passes_for_hog_and_kalah(self):
        for env in [
            games.gymnasium.make("hog", opponent="final"),
            games.gymnasium.make("hog(goal=50,swine_swap=false)", opponent="always:4", seat=1),
            games.gymnasium.make("kalah(pits=4,seeds=3)", think=0.2),
            games.gymnasium.make("kalah(pits=4,seeds=3,capture=empty)", seat=1, think=0.2),
        ]:
            with self.subTest(env=env):
                check_env(env, skip_render_check=True)

    def test_hog_against_final_ends_with_a_win_or_a_loss(self):
        env = games.gymnasium.make("hog", opponent="final")
        obs, _ = env.reset(seed=4)
        done, reward = False, 0.0
        while not done:
            obs, reward, done, truncated, _ = env.step(5)
        self.assertIn(reward, (1.0, -1.0))
        self.assertTrue(max(obs) >= 100)

    def test_kalah_against_the_solver_loses_with_random_moves(self):
        # The solver is perfect on Kalah(4,3): a random player cannot
        # beat it; the reward is the stores' difference.
        env = games.gymnasium.make("kalah(pits=4,seeds=3)", think=1.0)
        rng = np.random.default_rng(1)
        rewards = []
        for game in range(3):
            obs, info = env.reset(seed=game)
            done, reward = False, 0.0
            while not done:
                pit = int(rng.choice(np.flatnonzero(info["action_mask"])))
                obs, reward, done, _, info = env.step(pit)
            rewards.append(reward)
        self.assertTrue(all(r <= 0 for r in rewards), rewards)


if __name__ == "__main__":
    unittest.main()
