#!/usr/bin/env python3
"""Time per decision of brade's backgammon levels, one core, as `brade bot` answers.

    python3 benches/bg_speed.py [BRADE] [POSITIONS] [SEED]

First plays seeded games medium against medium to collect POSITIONS (position, roll)
pairs with more than one legal play, then sends every pair to `brade bot --game backgammon
--level L` for medium, hard and expert (pinned to one core with taskset when present),
timing each answer from the line sent to the line read (a pipe round trip adds a few
microseconds). Prints the mean, the 99th percentile and the largest, in milliseconds.
Then the cube: the same positions before their roll as `double CODE` lines (money, the
cube in the centre), the time of each level's cube decision. With BRADE_NET=FILE the timed
levels use that network (`brade bot --net`); the positions are drawn with the shipped one
either way, so that two networks are timed on the same positions.
"""

import os
import random
import shutil
import subprocess
import sys
import time

BRADE = sys.argv[1] if len(sys.argv) > 1 else "target/release/brade"
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 1
START = "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/w"


def bot(level, net=None):
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    extra = ["--net", net] if net else []
    return subprocess.Popen(pin + [BRADE, "bot", "--game", "backgammon", "--level", level] + extra,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def ask(proc, line):
    proc.stdin.write(line + "\n")
    proc.stdin.flush()
    return proc.stdout.readline().rstrip("\n")


def choices(code, dice, lister):
    lister.stdin.write(f"{code} {dice}\n")
    lister.stdin.flush()
    n = 0
    while lister.stdout.readline().strip():
        n += 1
    return n


def positions():
    rng = random.Random(SEED)
    player = bot("medium")
    lister = subprocess.Popen([BRADE, "moves", "--game", "backgammon", "--stdin"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    out, code = [], START
    while len(out) < COUNT:
        dice = f"{rng.randint(1, 6)}{rng.randint(1, 6)}"
        if choices(code, dice, lister) > 1:
            out.append(f"{code} {dice}")
        _, result, outcome = ask(player, f"{code} {dice}").split("\t")
        code = START if outcome != "-" else result
    return out


def main():
    lines = positions()
    print(f"{len(lines)} decisions with a choice, from seeded medium-vs-medium games (seed {SEED})")
    cube = [f"double {line.split()[0]}" for line in lines]
    for what, asked in [("", lines), (" cube", cube)]:
        for level in ["medium", "hard", "expert"]:
            proc = bot(level, os.environ.get("BRADE_NET"))
            ask(proc, asked[0])  # the network read before the clock starts
            times = []
            for line in asked:
                t = time.perf_counter()
                ask(proc, line)
                times.append(1000 * (time.perf_counter() - t))
            times.sort()
            mean = sum(times) / len(times)
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            print(f"{level}{what}: mean {mean:.2f} ms, 99th percentile {p99:.2f} ms, largest {times[-1]:.2f} ms")


main()
