"""games.kalah.sow_game against the handout's cases: every
fixtures/mancala/*.json with the result the Rust tests snapshot for it."""

import json
import pathlib
import unittest

from games.kalah import sow_game

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures" / "mancala"
SNAPSHOTS = ROOT / "crates" / "mancala" / "tests" / "snapshots"


def expected(name):
    text = (SNAPSHOTS / f"fixtures__fixtures@{name}.snap").read_text()
    # An insta snapshot: a header between two '---' lines, then the JSON.
    return json.loads(text.split("---\n", 2)[2])["result"]


class SowGame(unittest.TestCase):
    def test_fixtures(self):
        cases = sorted(FIXTURES.glob("*.json"))
        self.assertGreaterEqual(len(cases), 15)
        for path in cases:
            case = json.loads(path.read_text())
            want = expected(path.name)
            with self.subTest(case=path.name):
                board = list(case["board"])
                if "error" in want:
                    with self.assertRaises(ValueError) as caught:
                        sow_game(board, case["moves"])
                    self.assertEqual(str(caught.exception), want["error"])
                else:
                    got = sow_game(board, case["moves"])
                    self.assertEqual(got, (want["board"], want["next_player"]))
                self.assertEqual(board, case["board"], "the input is not changed")

    def test_handout_examples(self):
        self.assertEqual(sow_game([3, 3, 3, 0, 3, 3, 3, 0], [0, 2]), ([0, 4, 0, 2, 4, 4, 4, 0], 1))
        self.assertEqual(sow_game([0, 1, 0, 5, 2, 0, 4, 2], [1])[1], -1)

    def test_huge_numbers_are_value_errors(self):
        with self.assertRaises(ValueError):
            sow_game([3, 3, 3, 0, 3, 3, 3, 0], [2**70])
        with self.assertRaises(ValueError):
            sow_game([3, 3, 3, 0, 3, 3, 3, -(2**70)], [0])


if __name__ == "__main__":
    unittest.main()
