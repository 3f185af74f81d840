"""Every verb as a Python function: the same JSON as the command line,
ValueError on bad input, progress reported, Ctrl-C honoured."""

import json
import os
import pathlib
import signal
import subprocess
import sys
import time
import unittest

import games

ROOT = pathlib.Path(__file__).resolve().parents[3]


def cli_json(*args):
    """`games-cli ARGS --format json`, parsed: the binary the Rust tests
    built, else `cargo run`."""
    exe = ROOT / "target" / "debug" / "games-cli"
    cmd = [str(exe)] if exe.exists() else ["cargo", "run", "-q", "-p", "games-cli", "--"]
    out = subprocess.run(
        cmd + list(args) + ["--format", "json"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )
    return json.loads(out.stdout)


# (function, keyword arguments, the same as command-line words)
SAME = [
    (games.lcr.exact, {"players": 3}, ["lcr", "exact", "--players", "3"]),
    (games.lcr.simulate, {"players": 5, "games": 10**5, "seed": 1}, ["lcr", "simulate", "--players", "5", "--games", "100000", "--seed", "1"]),
    (games.lcr.simulate, {"table": "all", "seed": 21, "games": 2000}, ["lcr", "simulate", "--table", "all", "--seed", "21", "--games", "2000"]),
    (games.kalah.solve, {"pits": 4, "seeds": 3, "empty_capture": True}, ["mancala", "solve", "--pits", "4", "--seeds", "3", "--empty-capture"]),
    (games.hog.rate, {"strategy": "final", "vs": "always:5"}, ["hog", "rate", "--strategy", "final", "--vs", "always:5"]),
    (games.craps.exact, {}, ["craps", "exact"]),
    (games.craps.bets, {}, ["craps", "bets"]),
    (games.craps.game, {"seed": 5}, ["craps", "game", "--seed", "5"]),
    (games.craps.simulate, {"games": 20000, "seed": 1}, ["craps", "simulate", "--games", "20000", "--seed", "1"]),
    (games.baccarat.exact, {"decks": 8}, ["baccarat", "exact", "--decks", "8"]),
    (games.baccarat.deal, {"seed": 3, "decks": 2}, ["baccarat", "deal", "--seed", "3", "--decks", "2"]),
    (games.baccarat.deal, {"cards": ["AH", "9C", "2H", "JS"]}, ["baccarat", "deal", "--cards", "AH,9C,2H,JS"]),
    (games.baccarat.simulate, {"games": "1e4", "seed": 2}, ["baccarat", "simulate", "--games", "1e4", "--seed", "2"]),
    # A game's moves or turns replayed in one call.
    (games.kalah.move, {"pits": 4, "seeds": 3, "empty_capture": True, "moves": [1, 3, 0]}, ["kalah", "move", "--pits", "4", "--seeds", "3", "--empty-capture", "--moves", "1,3,0"]),
    (games.hog.step, {"state": '{"rules":"fall2019","goal":100,"scores":[0,0],"player":0}', "turns": ["4:100", "3:101", "5:102"]},
     ["hog", "step", "--state", '{"rules":"fall2019","goal":100,"scores":[0,0],"player":0}', "--turns", "4:100,3:101,5:102"]),
    # The variants study: `simulate` with a table.
    (games.lcr.study, {"seed": 21, "games": 3000}, ["lcr", "simulate", "--table", "all", "--seed", "21", "--games", "3000"]),
    (games.lcr.study, {"table": "standard-tilted", "seed": 4, "games": 2000}, ["lcr", "simulate", "--table", "standard-tilted", "--seed", "4", "--games", "2000"]),
]


class Verbs(unittest.TestCase):
    def test_each_function_gives_the_command_lines_json(self):
        for f, kwargs, words in SAME:
            with self.subTest(words=" ".join(words)):
                self.assertEqual(f(**kwargs), cli_json(*words))

    def test_bad_input_raises_value_error_with_the_cli_line(self):
        cases = [
            (games.baccarat.exact, {"decks": 0}, "at least 1 deck"),
            (games.craps.simulate, {"gamez": 3}, "has no flag 'gamez'"),
            (games.craps.simulate, {"games": "many"}, "games: expected a whole number"),
            (games.craps.simulate, {"games": 0}, "--games must be at least 1"),
            (games.craps.simulate, {"threads": 0}, "--threads must be from 1"),
            (games.baccarat.deal, {"cards": ["ZZ"]}, "ZZ"),
            (games.baccarat.deal, {"cards": ["AH"], "seed": 1}, "--seed cannot be used with --cards"),
        ]
        for f, kwargs, part in cases:
            with self.subTest(kwargs=kwargs):
                with self.assertRaises(ValueError) as caught:
                    f(**kwargs)
                self.assertIn(part, str(caught.exception))
                self.assertNotIn("\n", str(caught.exception))
        with self.assertRaises(ValueError):
            games.craps.exact(1)

    def test_wrong_numbers_name_their_argument(self):
        cases = [
            (lambda: games.load("kalah").batch(-1, seed=1), ValueError, "games: expected a whole number from 0 to 18446744073709551615, not -1"),
            (lambda: games.load("kalah").batch(10**30, seed=1), ValueError, "games: expected a whole number from 0"),
            (lambda: games.load("kalah").batch(2, seed=-1), ValueError, "seed: expected a whole number from 0"),
            (lambda: games.load("kalah").new_initial_state().apply_action(2**70), ValueError, "action: expected a whole number from -9223372036854775808"),
            (lambda: games.kalah.moves(think=float("nan")), ValueError, "think: expected a finite number, not NaN"),
            (lambda: games.kalah.moves(think=float("inf")), ValueError, "think: expected a finite number, not inf"),
            (lambda: games.lcr.simulate(players=3, games=10, seed=2**64), ValueError, "seed: expected a whole number from -9223372036854775808 to 18446744073709551615, not 18446744073709551616"),
            (lambda: games.lcr.simulate(players=3, games=-5, seed=1), ValueError, "games: expected a whole number, not a negative one: -5"),
            (lambda: games.lcr.simulate(players=3, games=1e30, seed=1), ValueError, "games: 1e30 is more than 18446744073709551615"),
            (lambda: games.lcr.simulate(players=3, games=10, seed=1, progress=5), TypeError, "progress: expected a function of (done, total), not 5"),
        ]
        for call, kind, part in cases:
            with self.subTest(part=part):
                with self.assertRaises(kind) as caught:
                    call()
                self.assertIn(part, str(caught.exception))
        # numpy's integers, as reinforcement-learning loops pass actions,
        # are integers (a bool or a float is not).
        import numpy as np

        state = games.load("kalah").new_initial_state()
        action = state.legal_actions()[0]
        state.apply_action(np.int64(action))
        self.assertEqual(games.load("kalah").batch(np.int64(2), seed=np.uint64(1))["games"], 2)
        for wrong in (True, 1.0):
            with self.assertRaises(ValueError):
                games.load("kalah").new_initial_state().apply_action(wrong)
        # A count written as a float is that count; a number where text is
        # wanted is its text, as on the command line (`--chips 10x9`).
        self.assertEqual(
            games.lcr.simulate(players=3, games=1e3, seed=1), games.lcr.simulate(players=3, games=1000, seed=1)
        )
        with self.assertRaises(ValueError) as caught:
            games.lcr.study(table="standard", games=10, chips=-1)
        self.assertNotIn("expected text", str(caught.exception))
        self.assertIn("-1", str(caught.exception))

    def test_the_command_lines_bad_input_is_a_value_error_with_its_line(self):
        # (module, function, keyword arguments, the same as command-line words)
        cases = [
            ("lcr", "exact", {"players": 1}, ["lcr", "exact", "--players", "1"]),
            ("lcr", "exact", {"players": 300}, ["lcr", "exact", "--players", "300"]),
            ("lcr", "simulate", {"table": "nope"}, ["lcr", "simulate", "--table", "nope"]),
            ("lcr", "simulate", {"players": 2, "games": 0}, ["lcr", "simulate", "--players", "2", "--games", "0"]),
            ("lcr", "replay", {"players": 2, "script": "X"}, ["lcr", "replay", "--players", "2", "--script", "X"]),
            ("hog", "rate", {"strategy": "nope"}, ["hog", "rate", "--strategy", "nope"]),
            ("hog", "rate", {"strategy": "final", "rules": "fall1999"}, ["hog", "rate", "--strategy", "final", "--rules", "fall1999"]),
            ("kalah", "solve", {"pits": 9}, ["mancala", "solve", "--pits", "9"]),
            ("kalah", "move", {"pits": 6, "seeds": 4, "pit": 7}, ["mancala", "move", "--pits", "6", "--seeds", "4", "--pit", "7"]),
            ("kalah", "sow", {"board": [1, 2, 3], "moves": [0]}, ["mancala", "sow", "--board", "1,2,3", "--moves", "0"]),
            ("baccarat", "exact", {"decks": 100000}, ["baccarat", "exact", "--decks", "100000"]),
            ("craps", "simulate", {"games": 0}, ["craps", "simulate", "--games", "0"]),
        ]
        exe = ROOT / "target" / "debug" / "games-cli"
        cmd = [str(exe)] if exe.exists() else ["cargo", "run", "-q", "-p", "games-cli", "--"]
        for module, function, kwargs, words in cases:
            with self.subTest(words=" ".join(words)):
                out = subprocess.run(cmd + words, cwd=ROOT, capture_output=True, text=True)
                self.assertEqual(out.returncode, 2, out.stderr)
                line = out.stderr.strip().removeprefix("error: ")
                with self.assertRaises(ValueError) as caught:
                    getattr(getattr(games, module), function)(**kwargs)
                self.assertEqual(str(caught.exception), line)

    def test_progress_is_reported(self):
        seen = []
        r = games.craps.simulate(games=2_000_000, seed=1, threads=1, progress=lambda d, t: seen.append((d, t)))
        self.assertEqual(r["games"], 2_000_000)
        self.assertTrue(seen, "no progress reported")
        self.assertEqual(seen[-1], (2_000_000, 2_000_000))
        self.assertEqual([d for d, _ in seen], sorted(d for d, _ in seen))

    def test_a_callback_that_raises_stops_the_work(self):
        def stop(done, total):
            raise RuntimeError("enough")
        t = time.monotonic()
        with self.assertRaises(RuntimeError):
            games.craps.simulate(games=10**12, seed=1, progress=stop)
        self.assertLess(time.monotonic() - t, 2.0)

    def test_ctrl_c_interrupts_within_half_a_second(self):
        code = (
            "import games, sys, time\n"
            "print('started', flush=True)\n"
            "try:\n"
            "    games.craps.simulate(games=10**12, seed=1)\n"
            "except KeyboardInterrupt:\n"
            "    print('interrupted', flush=True)\n"
            "    sys.exit(3)\n"
        )
        p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        self.assertEqual(p.stdout.readline().strip(), "started")
        time.sleep(0.5)
        t = time.monotonic()
        p.send_signal(signal.SIGINT)
        rest = p.communicate(timeout=10)[0]
        waited = time.monotonic() - t
        self.assertEqual(p.returncode, 3, rest)
        self.assertIn("interrupted", rest)
        self.assertLess(waited, 0.5, f"took {waited:.3f} s")


if __name__ == "__main__":
    unittest.main()
