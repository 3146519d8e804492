"""Matches with the cube: brade at level `hard` against GNU Backgammon at 0 ply.

Run inside GNU Backgammon's Python, from the repository root after `cargo build --release`:

    MATCH_SEED=15 DUEL_GAMES=400 MATCH_LENGTH=5 MATCH_LEVEL=hard BRADE=target/release/brade \
        /usr/games/gnubg -t -q -p benches/gnubg_match_duel.py

(DUEL_GAMES is the number of matches; DUEL_FIRST=F plays matches F.. only, so
benches/gnubg_chunks.sh runs them in chunks.) Matches 2k and 2k+1 use the same dice (from
MATCH_SEED and k: the opening rolls, rolled again on doubles, then every roll), brade White
in the first and Black in the second; the higher opening die starts each game.

- **brade**: checker plays from `brade bot --game backgammon --level MATCH_LEVEL` (its
  checker lines: cubeless money equity, unless MATCH_CONTEXT=1 adds the match's standing
  to each — `POSITION DICE cube=V[:w|b] match=N:W-B[:post]` — which the bot then weighs
  by the match equity table at that score and cube);
  cube decisions from the same bot's cube lines before each of its rolls where it may
  double (`double POSITION cube=V[:w|b] match=N:W-B[:post]`) and when doubled (`take …`
  with the doubler's position and the cube before the double). No cube is offered in the
  Crawford game (brade is asked nothing; `match=` without `:post` at 1-away tells it so
  anyway); `:post` once the Crawford game has been played.
- **gnubg**: its 0-ply *cubeful* match decisions through the Python module, with a
  cubeinfo of the real cube, owner, score, match length and Crawford flag
  (`gnubg.cubeinfo(cube, owner, mover, N, score, crawford)`, White = player 0): checker
  plays by `gnubg.findbestmove` at evalcontext (cubeful, 0 ply, deterministic) — the
  play of gnubg's 0-ply player; cube decisions by `gnubg.cfevaluate` at that context on
  the position before the roll (its no double / double-take / double-pass equities):
  it doubles when its recommendation is a double or redouble (take or pass), an
  optional double counted as a double (gnubg's own 0-ply player doubles there), and
  takes when double/take is worth no more to the doubler than double/pass. This is the
  evaluation gnubg's own player uses at 0 ply; we drive the game ourselves rather than
  through gnubg's commands so that brade's side can be asked between the turns.

MATCH_AUDIT=1 also asks gnubg (0 ply, the same cubeinfo) about each of brade's cube
decisions — every double / no double it answers and every take / drop — and counts the
disagreements and their cost by gnubg's equities (`audit_*` keys; thousandths of gnubg's
normalised match equity). It adds a gnubg call to brade's cube turns but changes no
decision, so the matches are the same as without it.

A match's line (`match M: …` on stderr with DUEL_VERBOSE=1; 2 shows every decision) has
brade's win, the score, the games, gammons and cube actions; `python3
benches/gnubg_sum.py LOG` sums the lines: brade's share of matches with its standard error.
"""

import math
import os
import random
import sys

sys.path.insert(0, "benches")  # gnubg -p sets no __file__: run from the repository root
import gnubg
from gnubg_common import (POINTS, Bot, Moves, brade_path, gnubg_board, gnubg_choice,
                          opening, setup_gnubg)

MATCHES = int(os.environ.get("DUEL_GAMES", "100"))
FIRST = int(os.environ.get("DUEL_FIRST", "0"))
SEED = int(os.environ.get("MATCH_SEED", "15"))
N = int(os.environ.get("MATCH_LENGTH", "5"))
LEVEL = os.environ.get("MATCH_LEVEL", "hard")
VERBOSE = os.environ.get("DUEL_VERBOSE", "")
AUDIT = os.environ.get("MATCH_AUDIT", "")
CONTEXT = os.environ.get("MATCH_CONTEXT", "") == "1"
EC = gnubg.evalcontext(1, 0, 1, 0, 0.0)  # (cubeful, plies, deterministic, prune, noise)
GNUBG_DOUBLES = ("Double", "Redouble", "Optional")

bot = Bot(brade_path(), LEVEL, SEED)
moves = Moves(brade_path())


def log(text):
    if VERBOSE == "2":
        print("  " + text, file=sys.stderr, flush=True)


def other(side):
    return "b" if side == "w" else "w"


class Game:
    def __init__(self, score, crawford, post):
        self.score, self.crawford, self.post = score, crawford, post
        self.cube, self.owner = 1, None

    def cubeinfo(self, mover):
        idx = {"w": 0, "b": 1}
        owner = -1 if self.owner is None else idx[self.owner]
        return gnubg.cubeinfo(self.cube, owner, idx[mover], N, (self.score["w"], self.score["b"]),
                              int(self.crawford), 0)

    def terms(self):
        cube = f"cube={self.cube}" + (f":{self.owner}" if self.owner else "")
        match = f"match={N}:{self.score['w']}-{self.score['b']}" + (":post" if self.post else "")
        return f"{cube} {match}"

    def brade_line(self, verb, code):
        return f"{verb} {code} {self.terms()}"


def audit(stats, what, brade, gnubg_says, gain):
    """MATCH_AUDIT=1: brade's cube decision against gnubg 0-ply's on the same position;
    gain is what the action (double, take) is worth over the other (no double, drop) to
    the side deciding, by gnubg, in thousandths of its normalised match equity."""
    stats[f"audit_{what}_asked"] += 1
    if brade != gnubg_says:
        stats[f"audit_{what}_{'yes' if brade else 'no'}_gnubg_{'no' if brade else 'yes'}"] += 1
        stats[f"audit_{what}_cost"] += round(1000 * abs(gain))


def play_game(brade_side, rng, g, stats):
    """(winner, points) of one game."""
    code, dice = opening(rng)
    first = True
    while True:
        turn = code[-1]
        who = "brade" if turn == brade_side else "gnubg"
        if not first:
            if not g.crawford and g.cube < 64 and g.owner in (None, turn):
                if who == "brade":
                    answer = bot.cube(g.brade_line("double", code))
                    doubles = answer == "double"
                    if doubles or (AUDIT and answer != "no cube"):
                        ev = gnubg.cfevaluate(gnubg_board(code), g.cubeinfo(turn), EC)
                        takes = ev[2] <= ev[3]
                        if AUDIT:
                            audit(stats, "double", doubles, ev[5].startswith(GNUBG_DOUBLES),
                                  min(ev[2], ev[3]) - ev[1])
                else:
                    ev = gnubg.cfevaluate(gnubg_board(code), g.cubeinfo(turn), EC)
                    doubles = ev[5].startswith(GNUBG_DOUBLES)
                    if doubles:
                        takes = bot.cube(g.brade_line("take", code)) == "take"
                        if AUDIT:
                            audit(stats, "take", takes, ev[2] <= ev[3], ev[3] - ev[2])
                if doubles:
                    taker = "gnubg" if who == "brade" else "brade"
                    stats[f"{who}_doubles"] += 1
                    stats[f"{taker}_{'takes' if takes else 'drops'}"] += 1
                    log(f"{who} doubles to {2 * g.cube} in {code}; {taker} {'takes' if takes else 'drops'}")
                    if not takes:
                        return turn, g.cube
                    g.cube *= 2
                    g.owner = other(turn)
            dice = f"{rng.randint(1, 6)}{rng.randint(1, 6)}"
        first = False
        if who == "brade":
            # MATCH_CONTEXT=1: the checker play told the score and the cube as well.
            play = bot.play(code, dice, g.terms() if CONTEXT else "")
        else:
            play = gnubg_choice(moves.plays(code, dice), code, dice, EC, g.cubeinfo(turn))
        log(f"{who} {code} {dice}: {play[0]}")
        if play[2] != "-":
            if play[2] != "single":
                stats[f"{who}_{play[2]}s"] += 1
            return turn, POINTS[play[2]] * g.cube
        code = play[1]


def play_match(m):
    rng = random.Random(SEED * 1_000_003 + m // 2)
    brade_side = "w" if m % 2 == 0 else "b"
    score = {"w": 0, "b": 0}
    post = False
    stats = {k: 0 for k in ("games", "brade_gammons", "brade_backgammons", "gnubg_gammons",
                            "gnubg_backgammons", "brade_doubles", "brade_takes", "brade_drops",
                            "gnubg_doubles", "gnubg_takes", "gnubg_drops")}
    if AUDIT:
        for what in ("double", "take"):
            for k in ("asked", "yes_gnubg_no", "no_gnubg_yes", "cost"):
                stats[f"audit_{what}_{k}"] = 0
    while max(score.values()) < N:
        crawford = not post and max(score.values()) == N - 1
        g = Game(dict(score), crawford, post)
        winner, pts = play_game(brade_side, rng, g, stats)
        score[winner] += pts
        stats["games"] += 1
        log(f"game {stats['games']}: {'brade' if winner == brade_side else 'gnubg'} wins {pts}; "
            f"score {score['w']}-{score['b']}{' (Crawford game)' if crawford else ''}")
        if crawford:
            post = True
    won = int(score[brade_side] >= N)
    return won, f"{score[brade_side]}-{score[other(brade_side)]}", stats


def main():
    setup_gnubg()
    wins = 0
    for m in range(FIRST, MATCHES):
        won, sc, stats = play_match(m)
        wins += won
        if VERBOSE:
            kv = " ".join(f"{k}={v}" for k, v in stats.items())
            print(f"match {m}: brade_won={won} score={sc} {kv}", file=sys.stderr, flush=True)
    n = MATCHES - FIRST
    p = wins / n
    print(f"brade {LEVEL} vs gnubg 0-ply: {n} matches to {N} (from {FIRST}), seed {SEED}: "
          f"brade won {wins}, {100 * p:.1f} % ± {100 * math.sqrt(p * (1 - p) / n):.1f}")
    bot.proc.close()
    moves.proc.close()


main()
