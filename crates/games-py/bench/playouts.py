"""Random-playout speed from Python, ours beside OpenSpiel's, in one run:

    python crates/games-py/bench/playouts.py

1. `game.batch(n)`: n random Kalah(6,4) games played in Rust, in moves
   per CPU-second (all threads' CPU time counted).
2. The same Python loop (`legal_actions`, `random.choice`,
   `apply_action` until `is_terminal`) over `games.load("kalah(pits=6,
   seeds=4)")` and over `pyspiel.load_game("mancala")`, alternating, five
   rounds each; the median rate of each.
3. `games.hog.rate(final_strategy)` for a plain Python function,
   including its 10,000 calls: the median of seven.
"""

import random
import resource
import statistics
import time

import games
import games.hog
import pyspiel


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def loop(game, n, seed):
    rng = random.Random(seed)
    moves = 0
    for _ in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            moves += 1
    return moves


def main():
    kalah = games.load("kalah(pits=6,seeds=4)")
    c = cpu()
    b = kalah.batch(200_000, seed=1)
    used = cpu() - c
    print(f"batch: {b['moves']} moves of {b['games']} games in {used:.2f} CPU-s: {b['moves'] / used:.3g} moves per CPU-second")
    ours, theirs = [], []
    spiel = pyspiel.load_game("mancala")
    for r in range(5):
        for rates, game in ((ours, kalah), (theirs, spiel)):
            t = time.perf_counter()
            m = loop(game, 2_000, r)
            rates.append(m / (time.perf_counter() - t))
    o, t = statistics.median(ours), statistics.median(theirs)
    print(f"python loop, moves per second (median of 5): games {o:.3g}, pyspiel {t:.3g}: ours / theirs = {o / t:.2f}")

    def final_strategy(score, opponent_score):
        return 4 if score < opponent_score else 5

    times = []
    for _ in range(7):
        t = time.perf_counter()
        games.hog.rate(final_strategy)
        times.append(time.perf_counter() - t)
    print(f"hog.rate(a Python function), median of 7: {1000 * statistics.median(times):.1f} ms")


if __name__ == "__main__":
    main()
