# Imports each .mat file of tests/data/backgammon/mat/ (written by brade's exporter, see
# tests/backgammon_mat.rs) into GNU Backgammon and checks that gnubg reads every game,
# reaches the final score brade gives in mat/scores.tsv, takes the same game for the
# Crawford game as brade (gnubg finds it from the scores: a .mat marks none) and reads a
# money session (length 0) as money play. Runs inside gnubg's Python, never from
# `cargo test`:
#
#   /usr/games/gnubg -t -q -p tests/data/backgammon/check_mat_import.py
#
# (run from the repository root). Prints one line per file and "all N imported" at the
# end; exits with status 1 at the first disagreement.
import sys

import gnubg

DIR = "tests/data/backgammon/mat/"
failed = 0
rows = [l.rstrip("\n").split("\t") for l in open(DIR + "scores.tsv") if not l.startswith("#")]
for name, length, white, black, crawford in rows:
    gnubg.command("import mat %s%s" % (DIR, name))
    m = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
    games = m["games"]
    # By name: White is Anna, the left column (gnubg's match() calls that player X).
    side = {m["match-info"][k]["name"]: k for k in ("X", "O")}
    score = {"X": 0, "O": 0}
    for g in games:
        info = g["info"]
        if info.get("winner"):
            score[info["winner"]] += info["points-won"]
    # The Crawford game, from 1, as gnubg marks it on import ("-": none).
    marked = [str(i + 1) for i, g in enumerate(games) if g["info"].get("crawford")]
    got = (m["match-info"]["match-length"], score[side["Anna"]], score[side["Bo"]], len(games),
           ",".join(marked) or "-")
    want_games = sum(1 for l in open(DIR + name) if l.startswith(" Game "))
    want = (int(length), int(white), int(black), want_games, crawford)
    ok = got == want
    failed += not ok
    print("%s %s: gnubg length %d, score %d-%d, %d games, Crawford game %s; "
          "brade %d, %d-%d, %d games, Crawford game %s"
          % (("ok  " if ok else "FAIL", name) + got + want))
print("all %d imported with brade's score" % len(rows) if not failed else "%d FAILED" % failed)
sys.stdout.flush()
if failed:
    sys.exit(1)
