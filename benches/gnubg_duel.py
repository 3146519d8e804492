"""Cubeless money games: brade's backgammon player against GNU Backgammon at 0 ply (or 2).

Run inside GNU Backgammon's Python (it is not a cargo bench and nothing needs it), from
the repository root after `cargo build --release`:

    DUEL_GAMES=300 DUEL_SEED=1 DUEL_LEVEL=medium BRADE=target/release/brade \
        /usr/games/gnubg -t -q -p benches/gnubg_duel.py

brade plays through `brade bot --game backgammon --level LEVEL --seed S`; GNU Backgammon's
side is gnubg's own move search, `gnubg.findbestmove` at 0 ply cubeless (the play its
0-ply player makes), checked to be one of the plays `brade moves --game backgammon
--stdin` lists and compared with them by the position it leaves. DUEL_GNUBG=beginner
gives gnubg the noise of its *beginner* player preset (0 ply, deterministic noise 0.060:
`gnubg.evalcontext(0, 0, 1, 0, 0.060)`, the preset's own settings, so the same noise per
position as the preset); DUEL_NOISE=x any other amount; DUEL_PLIES=2 gnubg's 2-ply search
(`gnubg.evalcontext(0, 2, 1, 1, 0)`: cubeless, deterministic, with the default move filters
of `findbestmove` — the checker play of its world-class setting). Games 2k and 2k+1 use the same
dice (from DUEL_SEED and k), brade White in the first and Black in the second; the
opening roll is rolled again on a double. Prints brade's points per game with its
standard error, wins and gammons, and the same luck-adjusted.

**Luck adjustment.** Every roll after the opening one is weighed by the shipped network
through `brade bot`'s `luck POSITION DICE` line (its best play's 0-ply equity less the
mean over the 36 rolls, for the side that rolled it); a game's luck is brade's rolls'
less gnubg's, and its luck-adjusted result its points less that. Each roll's luck has a
mean of nothing whatever the network, so the adjusted mean measures the same thing as the
plain one with a smaller spread (it is the same judge for every network measured, so
paired differences stay fair). The opening roll, never a double, is left out: its luck
against the 36 rolls would not average to nothing (duplicate dice cancel it in pairs
anyway).

DUEL_FIRST=F plays only games F..DUEL_GAMES-1 (the same games as in a whole run: the dice
of game g depend only on the seed and g; brade's bot is seeded DUEL_SEED + F, which only
the `easy` level's noise uses), and DUEL_VERBOSE=1 prints each game's points on stderr
(`game G: +P luck L`), 2 every position too.

**The "stall".** Earlier versions of this script asked `gnubg.evaluate` for every play,
and each evaluating call of gnubg's Python module can wait ~10 ms for gnubg's worker
thread (see benches/gnubg_common.py): gnubg's turns took 0.2–0.5 s with the process
asleep, a game 4.4 s, and long runs looked stalled. With one `findbestmove` a decision a
game takes ~0.3 s (100 games in 25–40 s). Whether that was the whole of the stall seen
once after 48 games we cannot say — none of the chunks since has timed out — so long runs
are still made in chunks, each its own gnubg under `timeout`, a chunk that does not
finish being run again (the same games), by benches/gnubg_chunks.sh:

    DUEL_SEED=11 DUEL_LEVEL=hard BRADE=/tmp/brade \
        benches/gnubg_chunks.sh benches/gnubg_duel.py 2000 50 600 duel-hard.log
"""

import os
import random
import sys

sys.path.insert(0, "benches")  # gnubg -p sets no __file__: run from the repository root
from gnubg_common import (POINTS, Bot, Luck, Moves, brade_path, gnubg_choice, mean_se, opening,
                          setup_gnubg, zero_ply)

GAMES = int(os.environ.get("DUEL_GAMES", "100"))
FIRST = int(os.environ.get("DUEL_FIRST", "0"))
SEED = int(os.environ.get("DUEL_SEED", "1"))
LEVEL = os.environ.get("DUEL_LEVEL", "medium")
GNUBG = os.environ.get("DUEL_GNUBG", "0ply")
NOISE = float(os.environ.get("DUEL_NOISE", "0.060" if GNUBG == "beginner" else "0"))
PLIES = int(os.environ.get("DUEL_PLIES", "0"))
VERBOSE = os.environ.get("DUEL_VERBOSE", "")

# DUEL_PLIES=2: gnubg's 2-ply search, cubeless, deterministic, with its default pruning
# (the move filters of findbestmove) — the checker play of its world-class setting.
EC = zero_ply(NOISE) if PLIES == 0 else gnubg.evalcontext(0, PLIES, 1, 1, NOISE)
bot = Bot(brade_path(), LEVEL, SEED + FIRST)
moves = Moves(brade_path())
judge = Luck(brade_path())


def game(brade_white, rng):
    """brade's points in one game, and brade's luck in it."""
    code, dice = opening(rng)
    luck = 0.0
    for turn in range(10000):
        brade_moves = (code[-1] == "w") == brade_white
        if VERBOSE == "2":
            print(f"  {'brade' if brade_moves else 'gnubg'} {code} {dice}", file=sys.stderr, flush=True)
        if turn > 0:
            luck += judge.luck(code, dice) * (1 if brade_moves else -1)
        if brade_moves:
            _, result, outcome = bot.play(code, dice)
        else:
            _, result, outcome = gnubg_choice(moves.plays(code, dice), code, dice, EC)
        if outcome != "-":
            pts = POINTS[outcome]
            return (pts if brade_moves else -pts), luck
        code = result
        dice = f"{rng.randint(1, 6)}{rng.randint(1, 6)}"
    sys.exit("a game of 10 000 turns")


def main():
    setup_gnubg()
    plain, adjusted, wins, gammons = [], [], 0, [0, 0]
    for g in range(FIRST, GAMES):
        rng = random.Random(SEED * 1_000_003 + g // 2)
        pts, luck = game(g % 2 == 0, rng)
        plain.append(pts)
        adjusted.append(pts - luck)
        wins += pts > 0
        if abs(pts) >= 2:
            gammons[pts < 0] += 1
        if VERBOSE:
            print(f"game {g}: {pts:+d} luck {luck:+.4f}", file=sys.stderr, flush=True)
    (mean, se), (adj, adj_se) = mean_se(plain), mean_se(adjusted)
    what = f"{PLIES}-ply" if NOISE == 0 else f"{PLIES}-ply noise {NOISE:.3f}"
    print(f"brade {LEVEL} vs gnubg {what}: games {FIRST}-{GAMES - 1} ({len(plain)}), cubeless money, seed {SEED}")
    print(f"brade wins {wins}, {mean:+.3f} points per game ± {se:.3f} (standard error); "
          f"gammons or more won {gammons[0]}, lost {gammons[1]}; "
          f"luck-adjusted {adj:+.3f} ± {adj_se:.3f}")
    for proc in (bot.proc, moves.proc, judge.proc):
        proc.close()


main()
