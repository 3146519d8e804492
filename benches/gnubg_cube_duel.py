"""Cube decisions near the take point: brade's (its own network's chances, `brade bot
--game backgammon` cube lines) against GNU Backgammon's 2-ply cubeful decisions.

Positions are met in games gnubg's 0-ply plays against itself (the generator and the
cube settings of tests/data/backgammon/make_cube_fixture.py: money centred, owned, the
opponent's, Jacoby; matches of 3-11 points pre-Crawford, Crawford and post-Crawford);
a position is kept when gnubg's 0-ply double/take and double/pass lie close (within
0.2 of a cube in money, 4 % in a match): the decisions that are hard. For each, gnubg at
2 ply (cubeful) decides whether the side on roll doubles and whether the other takes; brade
is asked the same two questions. Prints the agreement, each disagreement, and the equity
brade's decisions lose by gnubg 2-ply's cubeful evaluation: doubling is worth the lesser of
double/take and double/pass to the doubler (the other answers as gnubg would), not doubling
no double; taking is worth −double/take to the taker, passing −double/pass — each against
the better of the two, per decision (in a match gnubg's equities are its money equivalents
of the match winning chances).

Run from the repository root, after `cargo build --release`:
    /usr/games/gnubg -t -q -p benches/gnubg_cube_duel.py
Environment: CUBE_COUNT (300), CUBE_SEED (2612), CUBE_LEVEL (hard), BRADE (target/release/brade).
"""
import os
import random
import subprocess
import sys

import gnubg

sys.path.insert(0, "tests/data/backgammon")
from make_cube_fixture import context, cubeinfo, self_play  # noqa: E402

COUNT = int(os.environ.get("CUBE_COUNT", "300"))
SEED = int(os.environ.get("CUBE_SEED", "2612"))
LEVEL = os.environ.get("CUBE_LEVEL", "hard")
BRADE = os.environ.get("BRADE", "target/release/brade")


def brade_line(kind, board, ctx):
    (_, cube, owner, jacoby, length, s0, s1, crawford) = ctx
    words = [gnubg.positionid(board)]
    if cube > 1:
        words.append("cube=%d:%s" % (cube, {"mover": "w", "opponent": "b"}[owner]))
    if length:
        post = (s0 == length - 1 or s1 == length - 1) and not crawford
        words.append("match=%d:%d-%d%s" % (length, s0, s1, ":post" if post else ""))
    if jacoby:
        words.append("options=jacoby=on")
    return kind + " " + " ".join(words)


def main():
    rng = random.Random(SEED)
    ec0 = gnubg.evalcontext(1, 0, 0, 0, 0.0)
    ec2 = gnubg.evalcontext(1, 2, 0, 0, 0.0)
    start = gnubg.positionfromid("4HPwATDgc/ABMA")
    rows = []
    while len(rows) < COUNT:
        for board in self_play(rng, start):
            if len(rows) >= COUNT:
                break
            ctx = context(rng)
            (_, cube, owner, jacoby, length, s0, s1, crawford) = ctx
            code = {"centre": -1, "mover": 0, "opponent": 1}[owner]
            ci = cubeinfo(cube, code, length, (s0, s1), crawford, jacoby)
            if owner != "opponent" and not crawford:
                ev = gnubg.cfevaluate(board, ci, ec0)
                dt, dp = ev[2], ev[3]
                if length:
                    dt, dp = gnubg.eq2mwc(dt, ci), gnubg.eq2mwc(dp, ci)
                if abs(dt - dp) < (0.04 if length else 0.2):
                    ev2 = gnubg.cfevaluate(board, ci, ec2)
                    rows.append((board, ctx, ev2))
    lines = []
    for board, ctx, _ in rows:
        lines.append(brade_line("double", board, ctx))
        lines.append(brade_line("take", board, ctx))
    out = subprocess.run([BRADE, "bot", "--game", "backgammon", "--level", LEVEL],
                         input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    answers = [a.split("\t")[0] for a in out.stdout.splitlines()]
    double_agree = take_agree = 0
    double_loss = take_loss = 0.0
    for i, (board, ctx, ev2) in enumerate(rows):
        verdict = ev2[5]
        nd, dt, dp = ev2[1], ev2[2], ev2[3]
        ours_double, ours_take = answers[2 * i], answers[2 * i + 1]
        v = verdict.lower()
        theirs_double = v.startswith("double") or v.startswith("redouble")
        theirs_take = "take" in v
        d_ok = (ours_double == "double") == theirs_double
        t_ok = (ours_take == "take") == theirs_take
        double_agree += d_ok
        take_agree += t_ok
        doubled = min(dt, dp)
        double_loss += max(nd, doubled) - (doubled if ours_double == "double" else nd)
        take_loss += max(-dt, -dp) - (-dt if ours_take == "take" else -dp)
        if not (d_ok and t_ok):
            print("differs\t%s\tgnubg: %s\tbrade: %s, %s" % (lines[2 * i], verdict, ours_double, ours_take))
    n = len(rows)
    print("positions %d (seed %d, brade %s)" % (n, SEED, LEVEL))
    print("double/no double agree %d of %d (%.1f %%)" % (double_agree, n, 100.0 * double_agree / n))
    print("take/drop agree %d of %d (%.1f %%)" % (take_agree, n, 100.0 * take_agree / n))
    print("equity lost by gnubg 2-ply: %.4f a double decision, %.4f a take decision"
          % (double_loss / n, take_loss / n))


if __name__ == "__main__":
    main()
