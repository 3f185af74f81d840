"""Hog's CPU against the Python yardstick, in one sitting (issue: speed).

Run from the repository's root, after `cargo build --release -p games-cli`:

    python3 crates/hog/benches/python/against_yardstick.py target/release/games-cli [OTHER ...]

Each of five rounds runs the yardstick (hog_dp.py beside this file) once,
then `hog --strategy final` and `hog --strategy optimal` 50 times each for
every binary named (an older build, say, to compare in the same sitting),
and reports the CPU (user + system, from getrusage of the children) of
whole processes: the two commands together against the yardstick, round
by round, and the medians. This host's speed drifts by up to half within
minutes, so rounds alternate and the ratio is taken within each round.
"""

import os
import resource
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROUNDS = 5
RUNS = 50


def cpu_ms(args, n):
    """CPU milliseconds of one run of `args`, averaged over `n` runs."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(n):
        subprocess.run(args, stdout=subprocess.DEVNULL, check=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return 1000 * used / n


def main(binaries):
    yard, both = [], {b: [] for b in binaries}
    for r in range(ROUNDS):
        y = cpu_ms([sys.executable, os.path.join(HERE, "hog_dp.py")], 1)
        yard.append(y)
        line = [f"round {r + 1}: yardstick {y / 1000:.2f} s"]
        for b in binaries:
            f = cpu_ms([b, "hog", "--strategy", "final"], RUNS)
            o = cpu_ms([b, "hog", "--strategy", "optimal"], RUNS)
            both[b].append(f + o)
            line.append(f"{b}: final {f:.2f} + optimal {o:.2f} = {f + o:.2f} ms ({y / (f + o):.0f}x)")
        print(" | ".join(line), flush=True)
    my = statistics.median(yard)
    print(f"yardstick: median {my / 1000:.2f} s (min {min(yard) / 1000:.2f}, max {max(yard) / 1000:.2f})")
    for b in binaries:
        m = statistics.median(both[b])
        rounds = [round(y / x) for y, x in zip(yard, both[b])]
        print(f"{b}: both median {m:.2f} ms (min {min(both[b]):.2f}, max {max(both[b]):.2f}); "
              f"median against median {my / m:.0f}x; each round {rounds}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: against_yardstick.py GAMES_CLI [GAMES_CLI ...]")
    main(sys.argv[1:])
