"""The games package through a loop written for pyspiel: random playouts of
every game on its defaults, with the checks OpenSpiel's RandomSimTest makes."""

import math
import random
import unittest

import games

# Long games (LCR's variant, Hog) need a bound on steps per playout; every
# game here ends well within it.
MAX_STEPS = 100_000
CHANCE, TERMINAL = -1, -4


def playout(game, seed, check=None):
    """Play one random game as a pyspiel user would; call check(state, step)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal():
        if check:
            check(state, step)
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            action = rng.choices(outcomes, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        step += 1
        if step > MAX_STEPS:
            raise AssertionError(f"{game}: no end after {MAX_STEPS} steps")
    return state, step


class EveryGame(unittest.TestCase):
    def test_random_playouts(self):
        for info in games.list_games():
            game = games.load(info["name"])
            with self.subTest(game=str(game)):
                self.check_game(game)

    def check_game(self, game):
        n = game.num_players()

        def check(state, step):
            player = state.current_player()
            if state.is_chance_node():
                self.assertEqual(player, CHANCE)
                probs = [p for _, p in state.chance_outcomes()]
                self.assertTrue(math.isclose(sum(probs), 1.0, rel_tol=1e-9))
                self.assertTrue(all(p > 0 for p in probs))
            else:
                self.assertTrue(0 <= player < n)
                self.assertTrue(state.legal_actions())
                self.assertEqual(state.legal_actions(player), state.legal_actions())
            if step % 7 == 3:
                self.check_round_trip(game, state)
                self.check_clone(state)
                self.check_illegal(state)

        for seed in range(5):
            final, _ = playout(game, seed, check)
            self.assertEqual(final.current_player(), TERMINAL)
            self.assertEqual(final.legal_actions(), [])
            self.assertEqual(len(final.returns()), n)
            self.assertEqual(final.rewards(), final.returns())
            if game.name() == "kalah":
                self.assertEqual(sum(final.returns()), 0)
            with self.assertRaises(ValueError):
                final.apply_action(0)
            # The same seed plays the same game.
            again, _ = playout(game, seed)
            self.assertEqual(again.serialize(), final.serialize())

    def check_round_trip(self, game, state):
        back = game.deserialize_state(state.serialize())
        self.assertEqual(back, state)
        self.assertEqual(back.serialize(), state.serialize())
        self.assertEqual(back.legal_actions(), state.legal_actions())
        self.assertEqual(back.chance_outcomes(), state.chance_outcomes())

    def check_clone(self, state):
        before = state.serialize()
        copy = state.clone()
        self.assertEqual(copy, state)
        actions = copy.legal_actions()
        copy.apply_action(actions[0])
        self.assertEqual(state.serialize(), before)
        self.assertNotEqual(copy.serialize(), before)

    def check_illegal(self, state):
        before = state.serialize()
        legal = set(state.legal_actions())
        for bad in (-1, max(legal) + 1, 10**6):
            with self.assertRaises(ValueError) as caught:
                state.apply_action(bad)
            self.assertIn("not legal", str(caught.exception))
            self.assertEqual(state.serialize(), before)


class Batch(unittest.TestCase):
    def test_a_batch_counts_its_games_and_repeats_from_its_seed(self):
        game = games.load("kalah(pits=3,seeds=2)")
        b = game.batch(500, seed=3)
        self.assertEqual((b["seed"], b["games"]), (3, 500))
        # Kalah's returns are the stores' difference: they sum to 0.
        self.assertEqual(b["returns"][0], -b["returns"][1])
        self.assertEqual(sum(b["wins"]) + b["shared"], 500)
        self.assertGreater(b["moves"], 500)
        self.assertEqual(b["chance"], 0)
        self.assertEqual(game.batch(500, seed=3), b)
        # Craps: chance every step, and no player's move.
        c = games.load("craps").batch(200, seed=1)
        self.assertEqual((c["moves"], c["games"]), (0, 200))
        self.assertGreaterEqual(c["chance"], 200)

    def test_a_bad_count_is_a_value_error(self):
        with self.assertRaises(ValueError) as e:
            games.load("craps").batch(0)
        self.assertIn("--games", str(e.exception))


class Kalah(unittest.TestCase):
    def test_initial_actions_and_a_sowing(self):
        game = games.load("kalah(pits=6,seeds=4)")
        self.assertEqual(str(game), "kalah(pits=6,seeds=4,capture=seed)")
        self.assertEqual(game.num_players(), 2)
        self.assertFalse(game.has_chance())
        state = game.new_initial_state()
        self.assertEqual(state.current_player(), 0)
        self.assertEqual(state.legal_actions(), [0, 1, 2, 3, 4, 5])
        self.assertEqual(state.legal_actions(1), [])
        # Pit 2's four seeds reach the store: player 0 moves again.
        state.apply_action(2)
        self.assertEqual(state.current_player(), 0)
        self.assertEqual(state.legal_actions(), [0, 1, 3, 4, 5])
        self.assertIn('"board":[4,4,0,5,5,5,1,4,4,4,4,4,4,0]', state.serialize())
        with self.assertRaises(ValueError) as caught:
            state.apply_action(2)
        self.assertEqual(
            str(caught.exception),
            "action 2 is not legal here; the legal ones are 0, 1, 3, 4, 5",
        )
        # Pit 5's five seeds: one in the store, four on player 1's side.
        state.apply_action(5)
        self.assertEqual(state.current_player(), 1)

    def test_chance_outcomes_are_places(self):
        state = games.load("craps").new_initial_state()
        self.assertTrue(state.is_chance_node())
        outcomes = state.chance_outcomes()
        self.assertEqual([o for o, _ in outcomes], list(range(36)))
        self.assertEqual(state.legal_actions(), list(range(36)))
        self.assertEqual(state.action_to_string(CHANCE, 0), "[1,1]")


class BadInput(unittest.TestCase):
    def test_bad_strings_name_what_is_accepted(self):
        cases = {
            "kalah(pitz=6)": "it takes pits, seeds, capture",
            "kalha": "did you mean 'kalah'?",
            "kalah(pits=six)": "pits",
            "kalah(pits=6": "expected name or name(key=value,...)",
        }
        for spec, words in cases.items():
            with self.subTest(spec=spec):
                with self.assertRaises(ValueError) as caught:
                    games.load(spec)
                self.assertIn(words, str(caught.exception))
                self.assertNotIn("\n", str(caught.exception))

    def test_bad_states(self):
        game = games.load("kalah")
        other = games.load("kalah(pits=4)").new_initial_state().serialize()
        for text in ("", "{", other):
            with self.subTest(text=text):
                with self.assertRaises(ValueError) as caught:
                    game.deserialize_state(text)
                self.assertIn("not a state of kalah", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
