"""Shared by the gnubg_*.py scripts (run inside GNU Backgammon's Python; stdlib only).

Position codes are brade's (`WHITE/BLACK/TURN`, each side's points counted from its own
home, 25 its bar); gnubg's boards are (side not on roll, side on roll), 25 counts each.

**Why gnubg's side asks gnubg for one move, not an evaluation of every play.** Each
evaluating call of gnubg 1.07's Python module (`evaluate`, `cfevaluate`, `findbestmove`)
hands the work to gnubg's worker thread, and the calling thread waits for it in a loop of
`g_usleep(0)` (seen with gdb and strace: the main thread in `clock_nanosleep`, the worker
in a futex wait, the process asleep and using almost no processor time). On this shared,
loaded 2-core machine that wait cost about 10 ms a call in some runs (0.05–1 ms in
others, for the same calls). The first duel script evaluated each of the ~20 plays of a
roll: 0.2–0.5 s per gnubg move, 4.4 s a game (10 games in 44 s of wall time, 2 s of
processor time), a run that looked stalled. `findbestmove` makes gnubg's own move
search (the choice of its player at that evaluation context, noise included) in one
call; it takes its dice from gnubg's current game, so we open a game between two human
players and `set dice` before each call. The choices are the same (12 games of seed 99
were identical, game by game) and a game takes ~0.3 s.
"""

import math
import os
import subprocess
import sys

import gnubg

START = "6x5,8x3,13x5,24x2/6x5,8x3,13x5,24x2/"
POINTS = {"single": 1, "gammon": 2, "backgammon": 3}
CUBELESS = gnubg.cubeinfo(1, -1, 0, 0)


def opening(rng):
    """The first roll of a game (rolled again while the two dice are equal): the start
    position with the side the higher die gives the move, and that roll, higher die first."""
    while True:
        w, b = rng.randint(1, 6), rng.randint(1, 6)
        if w != b:
            return START + ("w" if w > b else "b"), f"{max(w, b)}{min(w, b)}"


def zero_ply(noise=0.0):
    """gnubg's 0-ply cubeless evaluation context; noise > 0 is deterministic noise (a
    function of the position), as in gnubg's player presets (beginner 0.060, casual 0.050,
    intermediate 0.040, advanced 0.014). gnubg.evalcontext's arguments are (cubeful,
    plies, deterministic, prune, noise) — printing the dict it returns shows that order."""
    return gnubg.evalcontext(0, 0, 1, 0, noise)


def setup_gnubg():
    for c in ("set display off", "set player 0 human", "set player 1 human", "new game"):
        gnubg.command(c)


def side_counts(text):
    """A side of a position code as 25 counts: points 1-24, then the bar."""
    counts = [0] * 25
    if text in ("", "-"):
        return counts
    for item in text.split(","):
        point, _, n = item.partition("x")
        counts[int(point) - 1] += int(n) if n else 1
    return counts


def side_text(counts):
    items = [f"{i + 1}x{n}" if n > 1 else f"{i + 1}" for i, n in enumerate(counts) if n]
    return ",".join(items) if items else "-"


def gnubg_board(code):
    """gnubg's board of a position code: (the side not on roll, the side on roll)."""
    white, black, turn = code.split("/")
    w, b = side_counts(white), side_counts(black)
    return (tuple(b), tuple(w)) if turn == "w" else (tuple(w), tuple(b))


def code_of_board(board, turn):
    """The position code of gnubg's board with `turn` ('w' or 'b') on roll."""
    opp, me = board
    w, b = (me, opp) if turn == "w" else (opp, me)
    return f"{side_text(w)}/{side_text(b)}/{turn}"


def canonical(code):
    """A position code's meaning, to compare plays by the position they leave."""
    white, black, turn = code.split("/")
    return (tuple(side_counts(white)), tuple(side_counts(black)), turn)


def apply_gnubg_move(board, move):
    """The board after gnubg's move (findbestmove's tuple: from, to pairs, 1-based, 25 the
    bar, 0 off, unused pairs 0), still from the mover's side: (opponent, mover)."""
    opp, me = list(board[0]), list(board[1])
    for i in range(0, len(move), 2):
        f, t = move[i], move[i + 1]
        if f == 0 and t == 0:
            continue
        me[f - 1] -= 1
        if t > 0:
            me[t - 1] += 1
            if opp[24 - t] == 1:
                opp[24 - t] = 0
                opp[24] += 1
            elif opp[24 - t] > 1:
                raise ValueError(f"gnubg moved onto a made point: {move}")
    return opp, me


class Proc:
    def __init__(self, args):
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def line(self):
        return self.p.stdout.readline().rstrip("\n")

    def close(self):
        self.p.stdin.close()
        self.p.wait()


class Moves:
    """`brade moves --game backgammon --stdin`: every legal play of a roll."""

    def __init__(self, brade):
        self.proc = Proc([brade, "moves", "--game", "backgammon", "--stdin"])

    def plays(self, code, dice):
        """[(notation, result code, outcome)] for POSITION DICE."""
        self.proc.ask(f"{code} {dice}")
        out = []
        while True:
            line = self.proc.line()
            if not line:
                return out
            if line.startswith("error"):
                sys.exit(f"brade moves: {line} for {code} {dice}")
            out.append(tuple(line.split("\t")))


def gnubg_choice(plays, code, dice, ec, cube=CUBELESS):
    """gnubg's choice among brade's plays (the entry of `plays`), by findbestmove at ec."""
    if len(plays) == 1:
        return plays[0]
    board = gnubg_board(code)
    gnubg.command(f"set dice {dice[0]} {dice[1]}")
    move = gnubg.findbestmove(board, cube, ec)
    opp, me = apply_gnubg_move(board, move)
    turn = code[-1]
    nxt = "b" if turn == "w" else "w"
    want = canonical(code_of_board((opp, me), turn))[:2]
    for p in plays:
        if canonical(p[1])[:2] == want:
            return p
    sys.exit(f"gnubg's play {move} for {code} {dice} is not among brade's {len(plays)} plays")


class Bot:
    """`brade bot --game backgammon --level L --seed S` (with `--net $BRADE_NET` where that is set:
    a candidate network measured without building it in)."""

    def __init__(self, brade, level, seed):
        net = os.environ.get("BRADE_NET")
        extra = ["--net", net] if net else []
        self.proc = Proc([brade, "bot", "--game", "backgammon", "--level", level, "--seed", str(seed)] + extra)

    def play(self, code, dice, terms=""):
        """The bot's play; `terms` (`cube=… match=…`) tell it the match's standing."""
        self.proc.ask(f"{code} {dice} {terms}".rstrip())
        line = self.proc.line()
        if line.startswith("error") or not line:
            sys.exit(f"brade bot: {line!r} for {code} {dice}")
        return tuple(line.split("\t"))

    def cube(self, line):
        self.proc.ask(line)
        out = self.proc.line()
        if out.startswith("error") or not out:
            sys.exit(f"brade bot: {out!r} for {line}")
        return out.split("\t")[0]


class Luck:
    """`brade bot --game backgammon`'s `luck` lines, always by the shipped network (not
    `$BRADE_NET`): the same judge of luck for every network measured."""

    def __init__(self, brade):
        self.proc = Proc([brade, "bot", "--game", "backgammon", "--level", "medium"])

    def luck(self, code, dice):
        """The luck of `dice` for the side to roll at `code`, in points."""
        self.proc.ask(f"luck {code} {dice}")
        line = self.proc.line()
        if not line.startswith("luck "):
            sys.exit(f"brade bot: {line!r} for luck {code} {dice}")
        return float(line.split("\t")[0].split()[1])


def mean_se(xs):
    """The mean of `xs` and its standard error."""
    m = sum(xs) / len(xs)
    return m, math.sqrt(max(sum(x * x for x in xs) / len(xs) - m * m, 0.0) / len(xs))


def brade_path():
    return os.environ.get("BRADE", "target/release/brade")
