"""Legal plays: brade's list against GNU Backgammon's, position by position.

Run inside GNU Backgammon's Python, from the repository root after `cargo build --release`:

    LEGAL_FILE=/tmp/gnubg-errors-14.tsv BRADE=target/release/brade \
        /usr/games/gnubg -t -q -p benches/gnubg_legal.py

For each `CODE<TAB>DICE` line of LEGAL_FILE (benches/gnubg_errors.py writes such a file
from gnubg's self-play), gnubg's `hint` lists its legal plays of the roll (at 0 ply, where
it evaluates every play; gnubg keeps one play per resulting position) and
`brade moves --game backgammon --stdin` lists brade's; the counts of distinct resulting
positions must agree, and gnubg's best play (compared by the position it leaves) must be
among brade's. Prints the positions that differ and a count.
"""

import os
import sys

sys.path.insert(0, "benches")  # gnubg -p sets no __file__: run from the repository root
import gnubg
from gnubg_common import (Moves, brade_path, canonical, gnubg_board, gnubg_choice, setup_gnubg,
                          zero_ply)

setup_gnubg()
moves = Moves(brade_path())
gnubg.command("set evaluation chequerplay evaluation plies 0")
n = bad = 0
for line in open(os.environ.get("LEGAL_FILE", "/tmp/gnubg-errors-14.tsv")):
    code, dice = line.split()
    plays = moves.plays(code, dice)
    distinct = {canonical(p[1]) for p in plays}
    pid = gnubg.positionid(gnubg_board(code))
    gnubg.command(f"set board {pid}")
    gnubg.command(f"set dice {dice[0]} {dice[1]}")
    h = gnubg.hint(10000)["hint"]
    gnubg_choice(plays, code, dice, zero_ply())  # exits if gnubg's play is not among brade's
    n += 1
    if os.environ.get("LEGAL_VERBOSE"):
        print(f"{code} {dice}: gnubg {len(h)}, brade {len(plays)}", file=sys.stderr)
    if len(h) != len(distinct) or len(distinct) != len(plays):
        bad += 1
        print(f"{code} {dice}: gnubg {len(h)} plays, brade {len(plays)} ({len(distinct)} positions)")
print(f"positions {n}, counts that differ {bad}")
