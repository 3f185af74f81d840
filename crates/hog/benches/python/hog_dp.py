"""The yardstick for Hog's exact answers (issue: speed): a plain Python
dynamic program doing the work of `games-cli hog --strategy final` and
`games-cli hog --strategy optimal`: the best response to always_roll(5)
and its exact average win rate, and the minimax strategy and its rate
against always_roll(5), under the handout's rules (goal 100, free bacon, hog
wild, swine swap).

Run: python3 crates/hog/benches/python/hog_dp.py
It prints the two rates (0.807989 and 0.720810, as games-cli) and the
seconds it took.
"""

import time

GOAL = 100


def point_dist(sides, n):
    """(points, sequences of faces) of n dice of `sides` sides, pig out
    scoring 1, and the number of sequences, sides ** n. A value is a sum of
    these whole weights times chances, over that number, so that a sure win
    is exactly 1 and a sure loss exactly 0 (as games-cli computes them: the
    choices there tie exactly, and the fewest dice are taken)."""
    ways = {0: 1}
    for _ in range(n):
        nxt = {}
        for s, w in ways.items():
            for f in range(2, sides + 1):
                nxt[s + f] = nxt.get(s + f, 0) + w
        ways = nxt
    total = sides ** n
    dist = [(1, total - sum(ways.values()))]
    dist += sorted(ways.items())
    return dist, total


DIST = {(d, n): point_dist(d, n) for d in (4, 6) for n in range(1, 11)}


def free_bacon(o):
    return 1 + max(o // 10, o % 10)


def sides(s, o):
    return 4 if (s + o) % 7 == 0 else 6


def after(s, o, k):
    """(won?, next mover's score, other's) after the mover scores k."""
    a, b = s + k, o
    if a != b and (a == 2 * b or b == 2 * a):
        a, b = b, a
    if a >= GOAL:
        return True, None, None
    if b >= GOAL:
        return False, None, None
    return None, b, a


def value(s, o, n, nxt):
    """The mover's chance rolling n at (s, o), nxt(b, a) the mover's chance
    when the other moves at (b, a)."""

    def out(k):
        won, b, a = after(s, o, k)
        if won is True:
            return 1.0
        if won is False:
            return 0.0
        return nxt(b, a)

    if n == 0:
        return out(free_bacon(o))
    dist, total = DIST[(sides(s, o), n)]
    return sum(w * out(k) for k, w in dist) / total


TIE = 1e-13


def best_of(vals):
    """The fewest dice among those within TIE of the best value (a tie
    that does not hang on the order of a sum), as games-cli chooses."""
    top = max(vals)
    return next(n for n in range(11) if vals[n] >= top - TIE)


def states():
    for total in range(2 * (GOAL - 1), -1, -1):
        for s in range(max(0, total - GOAL + 1), min(total, GOAL - 1) + 1):
            yield s, total - s


def best_response(opp):
    wa, wb, choice = {}, {}, {}
    for s, o in states():
        vals = [value(s, o, n, lambda b, a: wb[(b, a)]) for n in range(11)]
        best = best_of(vals)
        choice[(s, o)] = best
        wa[(s, o)] = vals[best]
        wb[(s, o)] = 1.0 - value(s, o, opp(s, o), lambda a, b: 1.0 - wa[(a, b)])
    return choice, (wa[(0, 0)] + wb[(0, 0)]) / 2


def rate(a, b):
    wa, wb = {}, {}
    for s, o in states():
        wa[(s, o)] = value(s, o, a(s, o), lambda b_, a_: wb[(b_, a_)])
        wb[(s, o)] = 1.0 - value(s, o, b(s, o), lambda a_, b_: 1.0 - wa[(a_, b_)])
    return (wa[(0, 0)] + wb[(0, 0)]) / 2


def optimal():
    w, choice = {}, {}
    for s, o in states():
        vals = [value(s, o, n, lambda b, a: 1.0 - w[(b, a)]) for n in range(11)]
        best = best_of(vals)
        choice[(s, o)] = best
        w[(s, o)] = vals[best]
    return choice


if __name__ == "__main__":
    t0 = time.perf_counter()
    five = lambda s, o: 5
    final, final_rate = best_response(five)
    opt = optimal()
    opt_rate = rate(lambda s, o: opt[(s, o)], five)
    print(f"final against always_roll(5): {final_rate:.6f}")
    print(f"optimal against always_roll(5): {opt_rate:.6f}")
    print(f"seconds: {time.perf_counter() - t0:.3f}")
