# Makes gnubg_plays.tsv: GNU Backgammon's legal plays for a few thousand (position, roll)
# pairs. Runs inside gnubg's Python (the `gnubg` module), never from `cargo test`:
#
#   /usr/games/gnubg -t -q -p tests/data/backgammon/make_gnubg_plays.py
#
# (run from the repository root; environment: GNUBG_PLAYS_SEED, default 20240601;
# GNUBG_PLAYS_OUT, default tests/data/backgammon/gnubg_plays.tsv; GNUBG_PLAYS_SCALE, a
# factor on the number of positions, default 1.) For each pair it sets gnubg's board
# from the position (through gnubg's own Position ID of the board, and checks that gnubg's
# board reads back the same), sets the dice, asks `gnubg.hint()` for every legal move
# (gnubg lists each resulting position once), expands each move with `gnubg.parsemove()`
# and applies its steps to the board here (a step landing on a lone opposing checker hits
# it), and writes the positions reached with the turn passed.
#
# Positions: random games from the start (a random roll, a random move from gnubg's list),
# checkers on the bar against closed and shut boards, primes, bear-offs with gaps, bear-offs
# against checkers on the bar or in the home board, fixed ones (the start and the ID
# 90AahAULAAAAAA with every roll), and every roll of the depth-1 positions of perft.tsv
# where bkgm's count differs (so perft.tsv is made first; README.md).
import datetime
import os
import random
import sys

import gnubg

SEED = int(os.environ.get("GNUBG_PLAYS_SEED", "20240601"))
rng = random.Random(SEED)
SCALE = float(os.environ.get("GNUBG_PLAYS_SCALE", "1"))
out = open(os.environ.get("GNUBG_PLAYS_OUT", "tests/data/backgammon/gnubg_plays.tsv"), "w")
log = sys.stderr

BAR = 25


# A side: a list of 26 counts, index 1..24 the points in the side's own numbering, 25 the
# bar (index 0 unused). A position: (white, black, turn) with turn 'w' or 'b'.
def empty():
    return [0] * 26


def side_code(side):
    parts = []
    for p in range(1, 26):
        n = side[p]
        if n == 1:
            parts.append(str(p))
        elif n > 1:
            parts.append("%dx%d" % (p, n))
    return ",".join(parts) if parts else "-"


def code(pos):
    white, black, turn = pos
    return "%s/%s/%s" % (side_code(white), side_code(black), turn)


def mover_and_other(pos):
    white, black, turn = pos
    return (white, black) if turn == "w" else (black, white)


def from_mover(mover, other, turn):
    return (mover, other, turn) if turn == "w" else (other, mover, turn)


def other_turn(turn):
    return "b" if turn == "w" else "w"


def valid(pos):
    white, black, _ = pos
    if sum(white) > 15 or sum(black) > 15:
        return False
    return all(white[p] == 0 or black[25 - p] == 0 for p in range(1, 25))


def finished(pos):
    white, black, _ = pos
    return sum(white) == 0 or sum(black) == 0


def parse_side(text):
    side = empty()
    if text != "-":
        for token in text.split(","):
            p, _, n = token.partition("x")
            side[BAR if p == "bar" else int(p)] = int(n) if n else 1
    return side


def parse(c):
    white, black, turn = c.split("/")
    return (parse_side(white), parse_side(black), turn)


def to_board(pos):
    """gnubg's board: (the side not on roll, the side on roll), 25 counts each: points
    1..24 in that side's numbering, then the bar."""
    mover, other = mover_and_other(pos)
    return (tuple(other[1:26]), tuple(mover[1:26]))


def apply_steps(pos, steps):
    """The position after the mover plays `steps` ((from, to) pairs, 25 the bar, 0 off),
    with the turn passed."""
    mover, other = mover_and_other(pos)
    mover, other = list(mover), list(other)
    for frm, to in steps:
        assert mover[frm] > 0, (code(pos), steps)
        mover[frm] -= 1
        if to > 0:
            theirs = 25 - to
            assert other[theirs] <= 1, (code(pos), steps)
            if other[theirs] == 1:
                other[theirs] = 0
                other[BAR] += 1
            mover[to] += 1
    turn = pos[2]
    white, black, _ = from_mover(mover, other, turn)
    return (white, black, other_turn(turn))


def setup(pos, d1, d2):
    """Sets gnubg's game to the position with the roll; returns gnubg's Position ID."""
    pid = gnubg.positionid(to_board(pos))
    turn = 1 if pos[2] == "w" else 0
    gnubg.command("set turn %d" % turn)
    gnubg.command("set board %s" % pid)
    gnubg.command("set dice %d %d" % (d1, d2))
    board = gnubg.board()
    assert board == to_board(pos), (code(pos), board, to_board(pos))
    assert gnubg.positionid() == pid
    return pid


def legal_results(pos, d1, d2):
    """gnubg's legal moves of the roll: a list of (move text, resulting position)."""
    pid = setup(pos, d1, d2)
    hint = gnubg.hint(100000)
    moves = [m["move"] for m in hint["hint"]] if hint else []
    if not moves:
        return pid, [("", apply_steps(pos, []))]
    return pid, [(m, apply_steps(pos, gnubg.parsemove(m))) for m in moves]


def start():
    side = empty()
    side[24], side[13], side[8], side[6] = 2, 5, 3, 5
    return (list(side), list(side), rng.choice("wb"))


def scatter(pos, mine, n, lo, hi):
    """Puts up to n checkers, one at a time, on random points lo..hi of the mover (mine) or
    of the other side, where no opposing checker stands."""
    mover, other = mover_and_other(pos)
    side, opp = (mover, other) if mine else (other, mover)
    for _ in range(n):
        p = rng.randint(lo, hi)
        if sum(side) >= 15:
            return
        if p != BAR and opp[25 - p] > 0:
            continue
        side[p] += 1


def blank():
    return (empty(), empty(), rng.choice("wb"))


def place(pos, mine, p, n):
    mover, other = mover_and_other(pos)
    side, opp = (mover, other) if mine else (other, mover)
    if p != BAR and opp[25 - p] > 0:
        return
    side[p] += min(n, 15 - sum(side))


def bar_against_board():
    """The mover on the bar against a home board with closed points (often shut)."""
    pos = blank()
    closed = rng.choice([3, 4, 5, 6, 6])
    for p in rng.sample(range(1, 7), closed):
        place(pos, False, p, 2 + rng.randint(0, 1))
    for p in range(1, 7):
        if rng.random() < 0.3:
            place(pos, False, p, 1)
    place(pos, True, BAR, rng.randint(1, 4))
    scatter(pos, True, rng.randint(0, 11), 1, 24)
    scatter(pos, False, 15, 7, 24)
    if rng.random() < 0.3:
        place(pos, False, BAR, 1)
    return pos


def prime():
    """A prime of five or six points of the other side somewhere, the mover behind it."""
    pos = blank()
    length = rng.choice([4, 5, 6])
    lo = rng.randint(1, 12)
    for p in range(lo, lo + length):
        place(pos, False, p, 2)
    scatter(pos, False, 15, 1, 24)
    behind = 25 - lo  # the mover's point just behind the prime's start
    for _ in range(rng.randint(1, 4)):
        p = rng.randint(min(behind, 24), 24)
        place(pos, True, p, 1)
    if rng.random() < 0.3:
        place(pos, True, BAR, 1)
    scatter(pos, True, 15, 1, 24)
    return pos


def bear_off():
    """The mover bearing off (some off already, gaps); the other side racing, on the bar,
    holding points or blots in the mover's home, or bearing off too."""
    pos = blank()
    top = rng.randint(1, 6)
    scatter(pos, True, rng.randint(1, 15), 1, top)
    kind = rng.randint(0, 3)
    if kind == 0:
        scatter(pos, False, rng.randint(1, 15), 1, 6)
    elif kind == 1:
        scatter(pos, False, rng.randint(1, 15), 1, 24)
        if rng.random() < 0.5:
            place(pos, False, BAR, rng.randint(1, 2))
    elif kind == 2:
        # Blots and points of the other side in the mover's home (its 19..24).
        scatter(pos, False, rng.randint(1, 4), 19, 24)
        scatter(pos, False, rng.randint(0, 11), 1, 24)
    else:
        scatter(pos, False, 15, 13, 24)
    return pos


def random_game_positions(n):
    """Positions met in random games from the start, n of them."""
    found = []
    pos = start()
    while len(found) < n:
        found.append(pos)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        _, results = legal_results(pos, d1, d2)
        pos = rng.choice(results)[1]
        if finished(pos):
            pos = start()
    return found


def main():
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("set evaluation chequerplay evaluation plies 0")
    gnubg.command("set evaluation cubedecision evaluation plies 0")
    gnubg.command("new game")
    version = os.popen("/usr/games/gnubg --version").read().splitlines()[0].strip()
    out.write("# GNU Backgammon's legal plays: CODE<TAB>GNUBG_POSITION_ID<TAB>DICE<TAB>RESULTS\n")
    out.write("# RESULTS: the sorted, space-separated canonical codes of the distinct positions\n")
    out.write("# after each legal play (turn passed). Made by make_gnubg_plays.py (see README.md)\n")
    out.write("# with %s on %s, seed %d.\n" % (version, datetime.date.today().isoformat(), SEED))

    pairs = []
    s = start()
    s = (s[0], s[1], "w")
    fixed = [s, (s[0], s[1], "b")]
    # 90AahAULAAAAAA: the side not on roll first (as gnubg writes it).
    board = gnubg.positionfromid("90AahAULAAAAAA")
    other, mover = [0] + list(board[0]), [0] + list(board[1])
    fixed.append(from_mover(mover, other, "w"))
    fixed.append(from_mover(list(mover), list(other), "b"))
    for pos in fixed:
        for d1 in range(1, 7):
            for d2 in range(d1, 7):
                pairs.append((pos, d2, d1))
    makers = [(bar_against_board, 450), (prime, 350), (bear_off, 800)]
    positions = random_game_positions(int(1800 * SCALE))
    for make, n in makers:
        made = 0
        while made < int(n * SCALE):
            pos = make()
            if valid(pos) and not finished(pos):
                positions.append(pos)
                made += 1
    for pos in positions:
        pairs.append((pos, rng.randint(1, 6), rng.randint(1, 6)))
    # Every roll of the depth-1 positions of perft.tsv where bkgm's count differs (its
    # comment `# bkgm says …` above the line), so that gnubg decides those too.
    extras_from = len(pairs)
    perft_path = os.path.join(os.path.dirname(out.name), "perft.tsv")
    if os.path.exists(perft_path):
        flagged = False
        for line in open(perft_path):
            if line.startswith("# bkgm says"):
                flagged = True
                continue
            if line.startswith("#"):
                continue
            c, depth, _ = line.rstrip("\n").split("\t")
            if flagged and depth == "1":
                pos = parse(c)
                for d1 in range(1, 7):
                    for d2 in range(d1, 7):
                        pairs.append((pos, d2, d1))
            flagged = False
    seen = set()
    for i, (pos, d1, d2) in enumerate(pairs):
        if i == extras_from:
            out.write("# Every roll of the positions where bkgm's perft differs (from perft.tsv)\n")
        hi, lo = max(d1, d2), min(d1, d2)
        key = (code(pos), hi, lo)
        if key in seen:
            continue
        seen.add(key)
        pid, results = legal_results(pos, hi, lo)
        codes = sorted(set(code(r) for _, r in results))
        assert len(codes) == len(results), (code(pos), hi, lo, [m for m, _ in results])
        out.write("%s\t%s\t%d%d\t%s\n" % (code(pos), pid, hi, lo, " ".join(codes)))
    out.close()
    log.write("%d lines\n" % len(seen))


main()
