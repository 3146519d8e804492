"""Writes bearoff_fixture.tsv: random bear-off positions (both sides' checkers on
their six home points, at least one side with more than six checkers so that GNU
Backgammon answers from its one-sided database, not the two-sided one) and GNU
Backgammon's cubeless probabilities for the side to roll.

Run: /usr/games/gnubg -t -q -p tests/data/backgammon/make_bearoff_fixture.py
(from the repository root). Seeded: the same file every time.
"""
import random

import gnubg

OUT = "tests/data/backgammon/bearoff_fixture.tsv"
COUNT = 200


def side(rng, lo, hi):
    # a full side (none off) a third of the time, so that gammons occur
    n = hi if rng.random() < 0.35 else rng.randint(lo, hi)
    counts = [0] * 6
    for _ in range(n):
        counts[rng.randrange(6)] += 1
    return counts


def main():
    rng = random.Random(26)
    ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    ec = gnubg.evalcontext(0, 0, 0, 0, 0.0)
    rows = []
    while len(rows) < COUNT:
        mover = side(rng, 1, 15)
        opp = side(rng, 1, 15)
        if max(sum(mover), sum(opp)) <= 6:
            continue
        # gnubg's board: (the side not on roll, the side on roll), 25 points each.
        board = (opp + [0] * 19, mover + [0] * 19)
        cls = gnubg.classifypos(board, 0)
        if cls not in (6, 7):
            continue
        p = gnubg.evaluate(board, ci, ec)
        rows.append(mover + opp + [cls] + ["%.6f" % x for x in p[:5]])
    with open(OUT, "w") as f:
        f.write("# GNU Backgammon %s, one-sided bear-off database; written by make_bearoff_fixture.py\n" % "1.07")
        f.write("# the side to roll on its points 1..6, the other side on its points 1..6, gnubg position class, P(win), P(win gammon), P(win backgammon), P(lose gammon), P(lose backgammon)\n")
        for r in rows:
            f.write("\t".join(str(x) for x in r) + "\n")


main()
