"""Kalah(6,4) side by side with OpenSpiel's own `mancala`
(`pip install open_spiel`): random games played move for move on both,
every position, player and legal action set compared, and the result.

Where the two differ by rule: when one side runs out, the handout (and
this package) puts the seeds left on the other side into their owner's
store; OpenSpiel leaves them on the board and counts them for their
owner. So the final boards are compared after that sweep. OpenSpiel's
returns are the win (+1, -1, 0 for a draw); this package's are the final
store difference, whose sign must be OpenSpiel's. OpenSpiel's capture is
the handout's (`capture=seed`): a capture with an empty opposite pit
takes the capturing seed alone.

The two number the board differently: OpenSpiel's 14 places are player
1's store, player 0's pits 1-6, player 0's store, player 1's pits 8-13;
the handout's are player 0's pits 0-5, store 6, player 1's pits 7-12,
store 13, and an action is the mover's own pit 0-5.
"""

import json
import random
import unittest

import games
import pyspiel

GAMES = 300


def openspiel_board(state):
    """OpenSpiel's board in the handout's order."""
    t = [int(x) for x in state.observation_tensor(0)[:14]]
    return t[1:7] + [t[7]] + t[8:14] + [t[0]]


def swept(board):
    """The board with the seeds left in each side's pits in its store."""
    b = list(board)
    b[6] += sum(b[0:6])
    b[13] += sum(b[7:13])
    for i in list(range(0, 6)) + list(range(7, 13)):
        b[i] = 0
    return b


def to_openspiel(player, pit):
    return pit + 1 if player == 0 else pit + 8


class SideBySide(unittest.TestCase):
    def test_random_games_agree_move_for_move(self):
        ours_game = games.load("kalah(pits=6,seeds=4,capture=seed)")
        theirs_game = pyspiel.load_game("mancala")
        moves = 0
        for n in range(GAMES):
            rng = random.Random(n)
            ours = ours_game.new_initial_state()
            theirs = theirs_game.new_initial_state()
            while not ours.is_terminal():
                where = f"game {n}, move {moves}"
                self.assertFalse(theirs.is_terminal(), where)
                board = json.loads(ours.serialize())["board"]
                self.assertEqual(board, openspiel_board(theirs), where)
                player = ours.current_player()
                self.assertEqual(player, theirs.current_player(), where)
                legal = ours.legal_actions()
                self.assertEqual([to_openspiel(player, a) for a in legal], theirs.legal_actions(), where)
                pit = rng.choice(legal)
                ours.apply_action(pit)
                theirs.apply_action(to_openspiel(player, pit))
                moves += 1
            self.assertTrue(theirs.is_terminal(), f"game {n}")
            board = json.loads(ours.serialize())["board"]
            self.assertEqual(board, swept(openspiel_board(theirs)), f"game {n}: the end")
            margin = ours.returns()[0]
            sign = (margin > 0) - (margin < 0)
            self.assertEqual([float(sign), float(-sign)], list(theirs.returns()), f"game {n}")
        self.assertGreater(moves, GAMES * 20)


if __name__ == "__main__":
    unittest.main()
