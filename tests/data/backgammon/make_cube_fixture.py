"""Writes cube_fixture.tsv: positions met in games that GNU Backgammon's 0-ply network
plays against itself (the plays listed here, from the rules, and the best by gnubg's
0-ply cubeless equity chosen), each with gnubg's 0-ply cubeless probabilities for the
side to roll and gnubg's own 0-ply cube decision in one cube setting (money: centred,
owned, Jacoby; match: scores pre-Crawford, Crawford and post-Crawford). The Rust test
takes the same probabilities, decides with src/ai/backgammon/cube.rs, and counts agreement.

Run: /usr/games/gnubg -t -q -p tests/data/backgammon/make_cube_fixture.py
(from the repository root). Seeded: the same file every time.
"""
import random

import gnubg

OUT = "tests/data/backgammon/cube_fixture.tsv"
COUNT = 400


def steps(m, o, d):
    """Single moves of die d for the mover: (new m, new o)."""
    out = []
    sources = [24] if m[24] else [i for i in range(24) if m[i]]
    home = m[24] == 0 and all(m[i] == 0 for i in range(6, 24))
    for s in sources:
        dest = s + 1 - d
        if dest >= 1:
            t = dest - 1
            if o[23 - t] >= 2:
                continue
            m2, o2 = list(m), list(o)
            m2[s] -= 1
            m2[t] += 1
            if o2[23 - t] == 1:
                o2[23 - t] = 0
                o2[24] += 1
            out.append((m2, o2))
        elif home and (dest == 0 or all(m[i] == 0 for i in range(s + 1, 6))):
            m2 = list(m)
            m2[s] -= 1
            out.append((m2, list(o)))
    return out


def plays(m, o, a, b):
    orders = [[a] * 4] if a == b else [[a, b], [b, a]]
    best, found = 0, {}
    for dice in orders:
        layer = [(m, o, 0)]
        for d in dice:
            nxt = []
            for (mm, oo, used) in layer:
                s = steps(mm, oo, d) if sum(mm) else []
                if not s:
                    nxt.append((mm, oo, used))
                for (m2, o2) in s:
                    nxt.append((m2, o2, used + 1))
            layer = nxt
        for (mm, oo, used) in layer:
            if used > best:
                best, found = used, {}
            if used == best:
                found[(tuple(mm), tuple(oo))] = True
    return list(found.keys())


def cubeinfo(cube, owner, length, score, crawford, jacoby):
    ci = gnubg.cubeinfo(cube, owner, 0, length, score, crawford, 0)
    ci["jacoby"] = jacoby
    ci["beavers"] = 0
    return gnubg.calcgammonprice(ci)


def context(rng):
    """A cube setting for the side to roll (player 0): (name, cubeinfo, fields)."""
    kind = rng.randrange(8)
    if kind == 0:
        return ("money", 1, "centre", 0, 0, 0, 0, 0)
    if kind == 1:
        return ("money", 2, "mover", 0, 0, 0, 0, 0)
    if kind == 2:
        return ("money", 1, "centre", 1, 0, 0, 0, 0)
    if kind == 3:
        return ("money", 2, "opponent", 0, 0, 0, 0, 0)
    length = rng.choice([3, 5, 7, 9, 11])
    if kind == 7:
        # post-Crawford (or the Crawford game): one side one short
        other = rng.randrange(length - 1)
        crawford = rng.random() < 0.25
        me_leads = rng.random() < 0.5
        score = (length - 1, other) if me_leads else (other, length - 1)
        return ("match", 1, "centre", 0, length, score[0], score[1], 1 if crawford else 0)
    score = (rng.randrange(length - 1), rng.randrange(length - 1))
    cube = rng.choice([1, 1, 1, 2])
    owner = "centre" if cube == 1 else rng.choice(["mover", "opponent"])
    return ("match", cube, owner, 0, length, score[0], score[1], 0)


def self_play(rng, start):
    """The boards of a game gnubg's 0-ply plays against itself from `start`, one a turn,
    each (the side not on roll, the side on roll) as gnubg's board is; between two boards
    the caller may draw from `rng` (before the next dice are)."""
    ec = gnubg.evalcontext(0, 0, 0, 0, 0.0)
    money = cubeinfo(1, -1, 0, (0, 0), 0, 0)
    o, m = list(start[0]), list(start[1])
    for _turn in range(200):
        if sum(m) == 0 or sum(o) == 0:
            return
        yield (o, m)
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        best, pick = None, (m, o)
        for (mm, oo) in plays(m, o, a, b):
            # after the play the opponent is on roll: minimise its equity
            e = gnubg.evaluate((list(mm), list(oo)), money, ec)[5]
            if best is None or e < best:
                best, pick = e, (list(mm), list(oo))
        m, o = pick[1], pick[0]


def main():
    rng = random.Random(2611)
    ec = gnubg.evalcontext(0, 0, 0, 0, 0.0)
    ecc = gnubg.evalcontext(1, 0, 0, 0, 0.0)
    start = gnubg.positionfromid("4HPwATDgc/ABMA")
    rows = []
    while len(rows) < COUNT:
        for board in self_play(rng, start):
            (o, m) = board
            if rng.random() < 0.12:
                cls = gnubg.classifypos(board, 0)
                if cls in (8, 9, 10, 6, 7):  # race, crashed, contact, one-sided bear-offs
                    (_, cube, owner, jacoby, length, s0, s1, crawford) = ctx = context(rng)
                    code = {"centre": -1, "mover": 0, "opponent": 1}[owner]
                    ci = cubeinfo(cube, code, length, (s0, s1), crawford, jacoby)
                    probs = gnubg.evaluate(board, ci, ec)[:5]
                    ev = gnubg.cfevaluate(board, ci, ecc)
                    nd, dt, dp = ev[1], ev[2], ev[3]
                    if length:
                        nd, dt, dp = (gnubg.eq2mwc(v, ci) for v in (nd, dt, dp))
                    pips = sum((i + 1) * m[i] for i in range(25))
                    rows.append(list(ctx) + [cls, pips] + ["%.6f" % p for p in probs]
                                + ["%.6f" % v for v in (nd, dt, dp)] + [ev[5]])
                    if len(rows) >= COUNT:
                        break
    with open(OUT, "w") as f:
        f.write("# GNU Backgammon 1.07 0-ply; written by make_cube_fixture.py\n")
        f.write("# kind, cube, owner (for the side to roll), jacoby, match length, score of the side to roll, "
                "of the other, crawford game, gnubg class, pips of the side to roll, P(win), P(win gammon), "
                "P(win backgammon), P(lose gammon), P(lose backgammon), gnubg's no double, double/take, "
                "double/pass (money: per cube; match: match-winning chance), gnubg's decision\n")
        for r in rows:
            f.write("\t".join(str(x) for x in r) + "\n")


if __name__ == "__main__":
    main()
