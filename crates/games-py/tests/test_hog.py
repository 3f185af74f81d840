"""A student's own strategy, as they have it: rated exactly from Python
and by `python -m games.hog rate hog.py`, the same bits as its exported
file."""

import json
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

import games

ROOT = pathlib.Path(__file__).resolve().parents[3]
PROJECT = ROOT / "fixtures" / "hog-strategies"


def student():
    """The final_strategy of the fixtures' hog.py, imported without
    writing bytecode into the fixtures."""
    sys.dont_write_bytecode = True
    sys.path.insert(0, str(PROJECT))
    try:
        import hog  # noqa: PLC0415  (the fixture project's own module)

        return hog.final_strategy
    finally:
        sys.path.remove(str(PROJECT))


class StudentStrategy(unittest.TestCase):
    def test_a_function_rates_as_its_exported_file(self):
        f = student()
        from_function = games.hog.rate(f)
        from_file = games.hog.rate(strategy=str(PROJECT / "student_final.json"))
        self.assertEqual(from_function["exact_win_rate"], from_file["exact_win_rate"])
        self.assertEqual(from_function["win_rate_first"], from_file["win_rate_first"])
        table = [[f(s, o) for o in range(100)] for s in range(100)]
        self.assertEqual(games.hog.rate(table)["exact_win_rate"], from_file["exact_win_rate"])
        try:
            import numpy as np
        except ImportError:  # numpy comes with the test extra
            return
        self.assertEqual(games.hog.rate(np.array(table))["exact_win_rate"], from_file["exact_win_rate"])

    def test_a_bad_answer_names_the_first_bad_cell(self):
        def strategy(score, opponent_score):
            return 11 if (score, opponent_score) == (3, 4) else 4

        with self.assertRaises(ValueError) as caught:
            games.hog.rate(strategy)
        self.assertIn("strategy(3, 4) is 11", str(caught.exception))
        with self.assertRaises(ValueError) as caught:
            games.hog.rate([[5] * 100] * 99)
        self.assertIn("the table has 99 rows; a strategy table is 100 x 100", str(caught.exception))
        with self.assertRaises(ValueError) as caught:
            games.hog.rate([[5] * 100] * 99 + [[5] * 99])
        self.assertIn("row 99 has 99 entries", str(caught.exception))
        with self.assertRaises(ValueError):
            games.hog.rate(lambda s, o: 2.5)

    def test_a_goal_below_100_takes_a_function_or_a_table(self):
        # The strategy files are 100 x 100 whatever the goal: a function
        # or a goal x goal table is written as one (it was refused).
        want = games.hog.rate("always:4", goal=50, vs="always:5")["exact_win_rate"]
        for strategy in (lambda s, o: 4, [[4] * 50] * 50, [[4] * 100] * 100):
            self.assertEqual(games.hog.rate(strategy, goal=50, vs="always:5")["exact_win_rate"], want)
        got = games.hog.rate("always:5", goal=50, vs=lambda s, o: 4)["exact_win_rate"]
        self.assertAlmostEqual(got, 1 - want, places=12)
        self.assertNotEqual(want, games.hog.rate("always:4", vs="always:5")["exact_win_rate"])

    def test_wrong_arguments_are_refused_before_any_call(self):
        calls = []

        def counted(score, opponent_score):
            calls.append(score)
            return 5

        for goal in (10**6, 0, "fifty", 50.5, True):
            with self.subTest(goal=goal):
                with self.assertRaises(ValueError) as caught:
                    games.hog.rate(counted, goal=goal)
                self.assertTrue(str(caught.exception).startswith("goal: "), caught.exception)
        self.assertEqual(calls, [])
        # As the command line takes it, or a whole float: the goal it is.
        want = games.hog.rate("always:4", goal=50)["exact_win_rate"]
        for goal in ("50", 50.0):
            self.assertEqual(games.hog.rate("always:4", goal=goal)["exact_win_rate"], want)
            self.assertEqual(games.hog.rate(lambda s, o: 4, goal=goal)["exact_win_rate"], want)
        with self.assertRaises(ValueError) as caught:
            games.hog.tournament(strategies="final")
        self.assertIn("strategies: expected a list of two or more strategies", str(caught.exception))
        with self.assertRaises(ValueError) as caught:
            games.hog.rate(5)
        self.assertIn("strategy: expected a function (score, opponent_score) -> int", str(caught.exception))
        # `from games.hog import *` gives the verbs, not the modules it uses.
        names = {}
        exec("from games.hog import *", names)
        self.assertEqual([n for n in ("rate", "rules", "turn", "edge", "max_rolls") if n not in names], [])
        self.assertEqual([n for n in ("json", "os", "sys", "tempfile") if n in names], [])

    def test_python_m_games_hog_rates_a_project_from_any_folder(self):
        before = sorted(os.listdir(PROJECT))
        with tempfile.TemporaryDirectory() as elsewhere:
            out = subprocess.run(
                [sys.executable, "-m", "games.hog", "rate", str(PROJECT / "hog.py"), "--format", "json"],
                cwd=elsewhere, capture_output=True, text=True,
            )
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertEqual(out.stderr, "")
            report = json.loads(out.stdout)
            table = subprocess.run(
                [sys.executable, "-m", "games.hog", "rate", str(PROJECT)],
                cwd=elsewhere, capture_output=True, text=True,
            )
            self.assertEqual(table.returncode, 0, table.stderr)
            self.assertIn("against always:5: ", table.stdout)
        self.assertEqual(sorted(os.listdir(PROJECT)), before, "nothing written into the fixtures")
        from_file = games.hog.rate(strategy=str(PROJECT / "student_final.json"))
        self.assertEqual(report["vs"]["exact_win_rate"], from_file["exact_win_rate"])
        optimal = games.hog.rate(strategy="optimal", vs=str(PROJECT / "student_final.json"))
        self.assertAlmostEqual(report["optimal"]["exact_win_rate"], 1 - optimal["exact_win_rate"], places=12)
        best = games.hog.best_response(vs=str(PROJECT / "student_final.json"))
        self.assertEqual(report["best_response"]["exact_win_rate"], best["exact_win_rate"])

    def test_a_missing_project_is_exit_2(self):
        out = subprocess.run(
            [sys.executable, "-m", "games.hog", "rate", "/no/such/hog.py"], capture_output=True, text=True,
        )
        self.assertEqual(out.returncode, 2)
        self.assertTrue(out.stderr.startswith("error: "), out.stderr)


if __name__ == "__main__":
    unittest.main()
