"""Checker-play error rates of brade's levels, judged by GNU Backgammon at 2 ply.

Run inside GNU Backgammon's Python, from the repository root after `cargo build --release`:

    ERR_SEED=14 ERR_POSITIONS=500 BRADE=target/release/brade \
        /usr/games/gnubg -t -q -p benches/gnubg_errors.py

**Positions**: from games of gnubg 0 ply against itself (`findbestmove`, cubeless, dice
from ERR_SEED), every position whose roll has more than one legal play by
`brade moves --game backgammon` (different resulting positions), each kept with
chance 1/3 so that they spread over many games; the first ERR_POSITIONS are written to
ERR_FILE (default /tmp/gnubg-errors-SEED.tsv: `CODE<TAB>DICE`) and read from it again by
later runs. **Players**: `brade bot --game backgammon --level L --seed ERR_SEED` for
easy, medium, hard and expert, and gnubg's own 0-ply choice (`findbestmove`, cubeless).
**Judge**: gnubg 2 ply, cubeless money (evalcontext cubeful 0, plies 2, deterministic,
prune — gnubg's world-class search, without the cube): its best play is
`findbestmove` at that context, and every play is worth `-evaluate(position after it)`
at 2 ply (a play that ends the game is worth its points). A play's error is the best
play's value less its own (never below 0: should a judged play score above gnubg's
choice, whose move filters look at only some plays at 2 ply, it becomes the best);
plays are compared by the position they leave, not by notation, and a play counts as
the best one where it is that play or worth as much (within 0.00005: ties happen where
every play loses or wins outright).

Each position's line goes to stderr with DUEL_VERBOSE=1 (`pos I: dice plays=N
easy=ERR/BEST …`, the error in thousandths of a point and 1 where the play is the
judge's best); DUEL_FIRST/DUEL_GAMES take positions F..G-1 only, so the run can be made
in chunks by benches/gnubg_chunks.sh, and `python3 benches/gnubg_sum.py LOG` sums the
lines: each player's mean error per decision (×1000: mEMG, cubeless) with its standard
error, and how often it made the judge's best play.
"""

import math
import os
import random
import sys

sys.path.insert(0, "benches")  # gnubg -p sets no __file__: run from the repository root
import gnubg
from gnubg_common import (CUBELESS, POINTS, Bot, Moves, brade_path, canonical,
                          gnubg_board, gnubg_choice, opening, setup_gnubg, zero_ply)

SEED = int(os.environ.get("ERR_SEED", "14"))
COUNT = int(os.environ.get("ERR_POSITIONS", "500"))
FILE = os.environ.get("ERR_FILE", f"/tmp/gnubg-errors-{SEED}.tsv")
FIRST = int(os.environ.get("DUEL_FIRST", "0"))
LAST = int(os.environ.get("DUEL_GAMES", str(COUNT)))
LEVELS = os.environ.get("ERR_LEVELS", "easy,medium,hard,expert").split(",")
JUDGE = gnubg.evalcontext(0, 2, 1, 1, 0.0)  # (cubeful, plies, deterministic, prune, noise)
EC0 = zero_ply()

setup_gnubg()
moves = Moves(brade_path())


def make_positions():
    rng, keep = random.Random(SEED), random.Random(SEED + 1)
    out = []
    while len(out) < COUNT:
        code, dice = opening(rng)
        while True:
            plays = moves.plays(code, dice)
            if len({canonical(p[1]) for p in plays}) > 1 and keep.random() < 1 / 3:
                out.append((code, dice))
            _, result, outcome = gnubg_choice(plays, code, dice, EC0)
            if outcome != "-" or len(out) >= COUNT:
                break
            code, dice = result, f"{rng.randint(1, 6)}{rng.randint(1, 6)}"
    with open(FILE, "w") as f:
        f.writelines(f"{c}\t{d}\n" for c, d in out[:COUNT])


def value(result, outcome):
    """The mover's cubeless equity after a play, by the judge."""
    if outcome != "-":
        return float(POINTS[outcome])
    return -gnubg.evaluate(gnubg_board(result), CUBELESS, JUDGE)[5]


def main():
    if not os.path.exists(FILE):
        make_positions()
    positions = [line.rstrip("\n").split("\t") for line in open(FILE)]
    bots = {lv: Bot(brade_path(), lv, SEED) for lv in LEVELS}
    sums = {who: [0.0, 0.0, 0] for who in LEVELS + ["gnubg0"]}
    for i in range(FIRST, min(LAST, len(positions))):
        code, dice = positions[i]
        plays = moves.plays(code, dice)
        chosen = {lv: bots[lv].play(code, dice) for lv in LEVELS}
        chosen["gnubg0"] = gnubg_choice(plays, code, dice, EC0)
        best = gnubg_choice(plays, code, dice, JUDGE)
        values = {}
        for p in [best] + list(chosen.values()):
            key = canonical(p[1])
            if key not in values:
                values[key] = value(p[1], p[2])
        top = max(values.values())
        best_key = max(values, key=values.get) if top > values[canonical(best[1])] else canonical(best[1])
        parts = []
        for who, p in chosen.items():
            key = canonical(p[1])
            if key not in {canonical(q[1]) for q in plays}:
                sys.exit(f"{who}'s play {p} for {code} {dice} is not a legal play")
            err = 1000 * (top - values[key])
            hit = int(key == best_key or err < 0.05)  # ties of value count (a lost race)
            s = sums[who]
            s[0] += err; s[1] += err * err; s[2] += hit
            parts.append(f"{who}={err:.1f}/{hit}")
        print(f"pos {i}: {code} {dice} plays={len(plays)} " + " ".join(parts), file=sys.stderr, flush=True)
    n = min(LAST, len(positions)) - FIRST
    for who, (s, s2, hits) in sums.items():
        mean = s / n
        se = math.sqrt(max(s2 / n - mean * mean, 0.0) / n)
        print(f"{who}: {mean:.1f} ± {se:.1f} thousandths per decision, judge's best {hits}/{n}")
    for b in bots.values():
        b.proc.close()


main()
