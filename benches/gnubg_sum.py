"""Sums the lines a chunked gnubg script collected (benches/gnubg_chunks.sh):

    python3 benches/gnubg_sum.py LOG

- `game G: +P [luck L]` (gnubg_duel.py): the games, brade's wins, gammons and
  backgammons each way, and brade's points per game with its standard error, plain and
  (where the lines have brade's luck) luck-adjusted, P less L;
- `pos I: … WHO=ERR/BEST …` (gnubg_errors.py): each player's mean error per decision in
  thousandths of a point with its standard error, how often it made the judge's best
  play, and each player's error less the next one's on the same positions (paired);
  then the same by the phase of the position (contact; race: the checkers have passed
  each other; bear-off: both sides home), with each phase's share of the player's error;
- `match M: brade_won=W … k=v …` (gnubg_match_duel.py): brade's share of the matches with
  its standard error, and the sums of the other counts.

`python3 benches/gnubg_sum.py LOG_A LOG_B` with two duel logs of the same seed (the same
dice and colours game by game, two levels or two networks of brade) prints instead the
paired difference of points per game, A less B, over the games both have (and
luck-adjusted, over the games both have with their luck); with two errors
logs of the same positions (two networks, `BRADE_NET=`), each player both judged, A's
error less B's on the positions both have.

Plain Python 3; gnubg is not needed. Each number is counted once (one seen twice must have
the same line, or the script stops).
"""

import math
import sys

def mean_se(xs):
    m = sum(xs) / len(xs)
    return m, math.sqrt(max(sum(x * x for x in xs) / len(xs) - m * m, 0.0) / len(xs))


def games_of(path):
    """`game G: +P [luck L]` lines: {G: (P, P less L, or None without the luck)}."""
    out = {}
    for line in open(path):
        parts = line.split()
        if len(parts) in (3, 5) and parts[0] == "game":
            pts = int(parts[2])
            adjusted = pts - float(parts[4]) if len(parts) == 5 and parts[3] == "luck" else None
            out[int(parts[1].rstrip(":"))] = (pts, adjusted)
    return out


def judged(items):
    """A `pos` line's `WHO=ERR/BEST` items: {WHO: (ERR, BEST)}."""
    out = {}
    for item in items:
        who, _, v = item.partition("=")
        err, _, best = v.partition("/")
        out[who] = (float(err), int(best))
    return out


def errors_of(path):
    """`pos I: CODE DICE plays=N WHO=ERR/BEST …` lines: {I: (CODE DICE, {WHO: ERR})}."""
    out = {}
    for line in open(path):
        parts = line.split()
        if len(parts) >= 5 and parts[0] == "pos":
            errs = {who: err for who, (err, _) in judged(parts[5:]).items()}
            out[int(parts[1].rstrip(":"))] = (parts[2] + " " + parts[3], errs)
    return out


if len(sys.argv) == 3 and errors_of(sys.argv[1]):
    a, b = errors_of(sys.argv[1]), errors_of(sys.argv[2])
    both = sorted(set(a) & set(b))
    for i in both:
        if a[i][0] != b[i][0]:
            sys.exit(f"position {i} is {a[i][0]} in one log and {b[i][0]} in the other")
    whos = [w for w in a[both[0]][1] if w in b[both[0]][1]] if both else []
    print(f"positions {len(both)}; A's error less B's, thousandths per decision (paired):")
    for who in whos:
        xs, ys = [a[i][1][who] for i in both], [b[i][1][who] for i in both]
        m, se = mean_se([x - y for x, y in zip(xs, ys)])
        print(f"  {who:8} A {sum(xs) / len(xs):.2f}, B {sum(ys) / len(ys):.2f}: {m:+.2f} ± {se:.2f}")
    sys.exit(0)

if len(sys.argv) == 3:
    a, b = games_of(sys.argv[1]), games_of(sys.argv[2])
    both = sorted(set(a) & set(b))
    m, se = mean_se([a[g][0] - b[g][0] for g in both])
    same = sum(1 for g in both if a[g][0] == b[g][0])
    print(f"games {len(both)}: A - B {m:+.3f} ± {se:.3f} points per game (paired); "
          f"A {sum(a[g][0] for g in both) / len(both):+.3f}, B {sum(b[g][0] for g in both) / len(both):+.3f}; "
          f"the same result in {same}")
    lucky = [g for g in both if a[g][1] is not None and b[g][1] is not None]
    if lucky:
        m, se = mean_se([a[g][1] - b[g][1] for g in lucky])
        print(f"luck-adjusted, games {len(lucky)}: A - B {m:+.3f} ± {se:.3f} points per game (paired); "
              f"A {sum(a[g][1] for g in lucky) / len(lucky):+.3f}, B {sum(b[g][1] for g in lucky) / len(lucky):+.3f}")
    sys.exit(0)

seen = {}
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) >= 3 and parts[0] in ("game", "pos", "match"):
        key = (parts[0], int(parts[1].rstrip(":")))
        if seen.setdefault(key, parts[2:]) != parts[2:]:
            sys.exit(f"{key} twice, differently")
kinds = {k for k, _ in seen}
if len(kinds) != 1:
    sys.exit(f"lines of {len(kinds)} kinds")
kind = kinds.pop()
numbers = sorted(i for _, i in seen)
rows = [seen[(kind, i)] for i in numbers]
n = len(rows)
missing = numbers[-1] + 1 - n
print(f"{kind}s {n} (numbers {numbers[0]}-{numbers[-1]}{', missing ' + str(missing) if missing else ''})")


def rearmost(side):
    """The farthest point from home a side of a position code holds (25: the bar; 0: none)."""
    if side in ("", "-"):
        return 0
    return max(int(item.partition("x")[0]) for item in side.split(","))


def phase(code):
    """contact, race (the checkers have passed each other) or bear-off (both sides home)."""
    white, black, _ = code.split("/")
    w, b = rearmost(white), rearmost(black)
    if w <= 6 and b <= 6:
        return "bear-off"
    return "race" if w + b < 25 else "contact"


if kind == "game":
    pts = [int(r[0]) for r in rows]
    count = lambda f: sum(1 for p in pts if f(p))
    print(f"brade wins {count(lambda p: p > 0)}; gammons won {count(lambda p: p == 2)}, "
          f"backgammons won {count(lambda p: p == 3)}; gammons lost {count(lambda p: p == -2)}, "
          f"backgammons lost {count(lambda p: p == -3)}")
    m, se = mean_se(pts)
    print(f"brade's points per game {m:+.3f} ± {se:.3f} (standard error)")
    adjusted = [int(r[0]) - float(r[2]) for r in rows if len(r) == 3 and r[1] == "luck"]
    if adjusted:
        m, se = mean_se(adjusted)
        print(f"luck-adjusted, games {len(adjusted)}: {m:+.3f} ± {se:.3f} (standard error)")
elif kind == "pos":
    players = {}
    for r in rows:
        for who, judgement in judged(r[3:]).items():
            players.setdefault(who, []).append(judgement)
    print(f"plays per position: mean {sum(int(r[2].split('=')[1]) for r in rows) / n:.1f}")
    for who, xs in players.items():
        m, se = mean_se([e for e, _ in xs])
        big = sum(1 for e, _ in xs if e >= 100)
        print(f"{who:8} {m:6.1f} ± {se:4.1f} thousandths per decision; judge's best "
              f"{sum(b for _, b in xs)}/{len(xs)} ({100 * sum(b for _, b in xs) / len(xs):.1f} %); "
              f"errors of 0.1 or more {big}")
    names = list(players)
    for a, b in zip(names, names[1:]):
        m, se = mean_se([x[0] - y[0] for x, y in zip(players[a], players[b])])
        print(f"{a} - {b}: {m:+.1f} ± {se:.1f} thousandths per decision (paired)")
    print("by phase (positions; each player's error per decision ± standard error, and its share of the player's whole error):")
    phases = [phase(r[0]) for r in rows]
    for ph in ("contact", "race", "bear-off"):
        idx = [i for i, p in enumerate(phases) if p == ph]
        if not idx:
            continue
        cells = []
        for who, xs in players.items():
            m, se = mean_se([xs[i][0] for i in idx])
            whole = sum(e for e, _ in xs)
            share = 100 * sum(xs[i][0] for i in idx) / whole if whole else 0.0
            cells.append(f"{who} {m:.2f} ± {se:.2f} ({share:.0f} %)")
        print(f"  {ph:8} {len(idx):5}: " + "; ".join(cells))
else:
    stats = {}
    for r in rows:
        for item in r:
            k, _, v = item.partition("=")
            if k != "score":
                stats[k] = stats.get(k, 0) + int(v)
    p = stats["brade_won"] / n
    print(f"brade won {stats['brade_won']} of {n}: {100 * p:.1f} % ± {100 * math.sqrt(p * (1 - p) / n):.1f} (standard error)")
    print(" ".join(f"{k}={v}" for k, v in stats.items() if k != "brade_won"))
