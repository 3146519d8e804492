"""Cubeless money games: brade's backgammon player against GNU Backgammon at 0 ply.

Run inside GNU Backgammon's Python (it is not a cargo bench and nothing needs it):

    DUEL_GAMES=300 DUEL_SEED=1 DUEL_LEVEL=medium BRADE=target/release/brade \
        /usr/games/gnubg -t -q -p benches/gnubg_duel.py

brade plays through `brade bot --game backgammon --level LEVEL`; GNU Backgammon's side
is chosen here by gnubg's own 0-ply evaluation (`gnubg.evaluate`, cubeless) of every play
that `brade moves --game backgammon --stdin` lists — the choice gnubg's 0-ply move search
makes. Games 2k and 2k+1 use the same dice (from DUEL_SEED and k), brade White in the
first and Black in the second. Prints brade's points per game with its standard error.

DUEL_FIRST=F plays only games F..DUEL_GAMES-1 (the same games as in a whole run), and
DUEL_VERBOSE=1 prints each game's points on stderr (`game G: +P`), 2 every position too.
A gnubg process driven for long has been seen to stall (once, after 48 games, asleep in
the kernel with nothing to read): the figures in the README were made in chunks of 30
games, each its own gnubg under `timeout`, and summed from the `game` lines:

    for f in $(seq 0 30 270); do DUEL_FIRST=$f DUEL_GAMES=$((f+30)) DUEL_VERBOSE=1 \
        timeout 150 /usr/games/gnubg -t -q -p benches/gnubg_duel.py 2>&1 </dev/null \
        | grep '^game '; done
"""

import math
import os
import random
import subprocess
import sys

import gnubg

BRADE = os.environ.get("BRADE", "target/release/brade")
GAMES = int(os.environ.get("DUEL_GAMES", "100"))
SEED = int(os.environ.get("DUEL_SEED", "1"))
LEVEL = os.environ.get("DUEL_LEVEL", "medium")
START = "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/"
POINTS = {"single": 1, "gammon": 2, "backgammon": 3}

bot = subprocess.Popen([BRADE, "bot", "--game", "backgammon", "--level", LEVEL, "--seed", str(SEED)],
                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
moves = subprocess.Popen([BRADE, "moves", "--game", "backgammon", "--stdin"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
EC = gnubg.evalcontext(0, 0, 0, 0, 0.0)
CI = gnubg.cubeinfo(1, -1, 0, 0)


def side_counts(text):
    """A side of a position code as 25 counts: points 1-24, then the bar."""
    counts = [0] * 25
    if text in ("", "-"):
        return counts
    for item in text.split(","):
        point, _, n = item.partition("x")
        counts[int(point) - 1] += int(n) if n else 1
    return counts


def gnubg_board(code):
    """gnubg's board of a position code: (the side not on roll, the side on roll)."""
    white, black, turn = code.split("/")
    w, b = side_counts(white), side_counts(black)
    return (tuple(b), tuple(w)) if turn == "w" else (tuple(w), tuple(b))


def ask(proc, line):
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def gnubg_play(code, dice):
    """gnubg's 0-ply choice: (result code, outcome)."""
    ask(moves, f"{code} {dice}")
    best, best_eq = None, -10.0
    while True:
        line = moves.stdout.readline().rstrip("\n")
        if not line:
            break
        if line.startswith("error"):
            sys.exit(f"brade moves: {line} for {code} {dice}")
        _, result, outcome = line.split("\t")
        if outcome != "-":
            eq = float(POINTS[outcome])
        else:
            eq = -gnubg.evaluate(gnubg_board(result), CI, EC)[5]
        if eq > best_eq:
            best, best_eq = (result, outcome), eq
    return best


def brade_play(code, dice):
    ask(bot, f"{code} {dice}")
    line = bot.stdout.readline().rstrip("\n")
    if line.startswith("error") or not line:
        sys.exit(f"brade bot: {line!r} for {code} {dice}")
    _, result, outcome = line.split("\t")
    return result, outcome


def game(brade_white, rng):
    """brade's points in one game."""
    while True:
        w, b = rng.randint(1, 6), rng.randint(1, 6)
        if w != b:
            break
    code = START + ("w" if w > b else "b")
    dice = f"{max(w, b)}{min(w, b)}"
    for _ in range(10000):
        turn = code[-1]
        brade_moves = (turn == "w") == brade_white
        if os.environ.get("DUEL_VERBOSE") == "2":
            print(f"  {'brade' if brade_moves else 'gnubg'} {code} {dice}", file=sys.stderr, flush=True)
        result, outcome = (brade_play if brade_moves else gnubg_play)(code, dice)
        if outcome != "-":
            pts = POINTS[outcome]
            return pts if brade_moves else -pts
        code = result
        dice = f"{rng.randint(1, 6)}{rng.randint(1, 6)}"
    return 0


def main():
    total, squares, wins = 0, 0, 0
    for g in range(int(os.environ.get("DUEL_FIRST", "0")), GAMES):
        rng = random.Random(SEED * 1_000_003 + g // 2)
        pts = game(g % 2 == 0, rng)
        total += pts
        squares += pts * pts
        wins += pts > 0
        if os.environ.get("DUEL_VERBOSE"):
            print(f"game {g}: {pts:+d}", file=sys.stderr, flush=True)
    mean = total / GAMES
    se = math.sqrt(max(squares / GAMES - mean * mean, 0.0) / GAMES)
    print(f"brade {LEVEL} vs gnubg 0-ply: {GAMES} cubeless money games, seed {SEED}")
    print(f"brade wins {wins}, {mean:+.3f} points per game ± {se:.3f} (standard error)")
    bot.stdin.close()
    moves.stdin.close()


main()
