"""Time every solver move of a whole `games-cli kalah play` game.

Usage:
    FIRST_DELAY=5 python3 play_timing.py games-cli kalah play --pits 6 --seeds 4 --empty-capture [--think S]

The script plays the human side through a pipe: it answers each prompt at
once with the middle legal pit, after waiting FIRST_DELAY seconds (default
0) on the first prompt, as a person thinking over the first move. It prints
how long the board took to appear and, for every solver move, the seconds
from "The solver is thinking" to "The solver plays".
"""
import os
import re
import subprocess
import sys
import time

EVENT = re.compile(
    rb"(The solver is thinking[^\n]*\n|The solver plays[^\n]*\n"
    rb"|Your move, a pit \[([0-9, ]*)\]: |Game over[^\n]*\n)"
)


def main():
    cmd = sys.argv[1:]
    first_delay = float(os.environ.get("FIRST_DELAY", "0"))
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, bufsize=0)
    os.set_blocking(p.stdout.fileno(), False)
    t0 = time.time()
    buf, pos = b"", 0
    thinking_at, waits, unproven, prompts = None, [], 0, 0
    while True:
        try:
            chunk = p.stdout.read()
        except BlockingIOError:
            chunk = None
        now = time.time()
        if not chunk:
            if p.poll() is not None:
                sys.exit("the game ended without 'Game over'")
            time.sleep(0.002)
            continue
        buf += chunk
        while True:
            m = EVENT.search(buf, pos)
            if not m:
                break
            text, pos = m.group(1), m.end()
            if text.startswith(b"The solver is thinking"):
                thinking_at = now
            elif text.startswith(b"The solver plays"):
                waits.append(now - thinking_at)
                unproven += b"not proven" in text
            elif text.startswith(b"Your move"):
                if prompts == 0:
                    print("board and prompt after %.2f s" % (now - t0))
                    time.sleep(first_delay)
                prompts += 1
                legal = m.group(2).decode().split(", ")
                p.stdin.write((legal[len(legal) // 2] + "\n").encode())
            else:
                print(text.decode().strip())
                print("solver moves %d, not proven %d, longest %.2f s" %
                      (len(waits), unproven, max(waits)))
                print("each: " + " ".join("%.2f" % w for w in waits))
                return


main()
