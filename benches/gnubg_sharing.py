"""What brade shares, read by GNU Backgammon: the .sgf of an analysed match, and XGIDs.

Run inside GNU Backgammon's Python, from the repository root after `cargo build --release`:

    /usr/games/gnubg -t -q -p benches/gnubg_sharing.py

1. **The .sgf.** `brade export --sgf` writes the five-point match of
   `tests/data/backgammon/sharing/match-5.toml` with its analysis (made by brade's judge,
   kept beside the record in a temporary copy); gnubg loads it (`load match`) and every
   game, move and cube action must be the file's, and every analysis in the file gnubg's:
   the candidates of each move (`A[]`: their count, the play made, each play's five
   chances and equity), each cube decision's figures (`DA[]`: no double and double/take),
   and, as gnubg marks each play again when it loads a match (by its own thresholds,
   0.03/0.06/0.12 in 1.07), its mark of every checker play must be what the file's
   figures give by those thresholds.
2. **XGIDs.** For each line `XGID<TAB>POSITION_ID<TAB>MATCH_ID` of
   `tests/data/backgammon/sharing/xgids.tsv` (brade's: the XGID and brade's GNU IDs of
   the same state), `set xgid`: gnubg's Position ID must be brade's; gnubg's Match ID is
   decoded and compared field by field with brade's, the players taken the other way
   round where gnubg has them so (it reads X as its player 1, and swaps the players when
   O is on roll; brade's Match IDs have White, X, as player 0).

Prints a line for each disagreement (the first ten of a kind) and the counts.
"""

import os
import shutil
import subprocess
import sys
import tempfile

import gnubg

DATA = "tests/data/backgammon/sharing/"
BRADE = os.environ.get("BRADE", "target/release/brade")
failures = 0


def fail(kind, text, seen={}):
    global failures
    failures += 1
    seen[kind] = seen.get(kind, 0) + 1
    if seen[kind] <= 10:
        print("FAIL %s: %s" % (kind, text))


# ---- the .sgf ----------------------------------------------------------------------

def sgf_trees(text):
    """The game trees: lists of nodes, each a list of (ID, [values])."""
    trees, tree, ident, i = [], None, "", 0
    while i < len(text):
        c = text[i]
        if c == "(":
            tree = []
        elif c == ")":
            trees.append(tree)
            tree = None
        elif c == ";":
            tree.append([])
        elif c == "[":
            value, i = "", i + 1
            while text[i] != "]":
                if text[i] == "\\":
                    i += 1
                value += text[i]
                i += 1
            if ident:
                tree[-1].append((ident, [value]))
                ident = ""
            else:
                tree[-1][-1][1].append(value)
        elif c.isupper():
            ident += c
        i += 1
    return trees


def point(side, c):
    if c == "y":
        return 25
    if c == "z":
        return 0
    return ord(c) - ord("a") + 1 if side == "W" else ord("x") - ord(c) + 1


def steps(side, letters):
    return tuple((point(side, letters[k]), point(side, letters[k + 1])) for k in range(0, len(letters), 2))


SKILL = {"BM": {"2": "very bad", "1": "bad"}, "DO": {"": "doubtful"}}
CUBE_SKILL = {"BC": {"2": "very bad", "1": "bad"}, "DC": {"": "doubtful"}}


def mark(props, table):
    for ident, values in props.items():
        if ident in table:
            return table[ident].get(values[0], "?")
    return None


def close(a, b):
    return abs(a - b) < 2e-6


work = tempfile.mkdtemp()
record = os.path.join(work, "match-5.toml")
shutil.copy(DATA + "match-5.toml", record)
sgf = subprocess.run([BRADE, "export", "--sgf", record], capture_output=True, text=True, check=True).stdout
path = os.path.join(work, "match-5.sgf")
open(path, "w").write(sgf)
gnubg.command("load match " + path)
loaded = gnubg.match(analysis=1, boards=0, statistics=0, verbose=0)
trees = sgf_trees(sgf)
if len(loaded["games"]) != len(trees):
    fail("games", "gnubg %d, file %d" % (len(loaded["games"]), len(trees)))
name = {"W": loaded["match-info"]["X"]["name"], "B": loaded["match-info"]["O"]["name"]}
marks_same = 0
# The thresholds GNU Backgammon 1.07 marks by (`show analysis`: -0.030, -0.060, -0.120).
GNUBG_MARKS = ((0.12, "very bad"), (0.06, "bad"), (0.03, "doubtful"))
counted = {"moves": 0, "analysed moves": 0, "candidates": 0, "cube analyses": 0, "marks": 0}
for g, (game, tree) in enumerate(zip(loaded["games"], trees)):
    nodes = [dict(n) for n in tree[1:]]
    records = game["game"]
    if len(records) != len(nodes):
        fail("nodes", "game %d: gnubg %d, file %d" % (g + 1, len(records), len(nodes)))
    for k, (rec, node) in enumerate(zip(records, nodes)):
        where = "game %d node %d" % (g + 1, k + 1)
        side = "W" if "W" in node else "B"
        value = node[side][0]
        if value in ("double", "take", "drop"):
            if rec["action"] != value:
                fail("actions", "%s: gnubg %s, file %s" % (where, rec["action"], value))
        else:
            counted["moves"] += 1
            dice = (int(value[0]), int(value[1]))
            if rec["action"] != "move" or tuple(rec["dice"]) != dice or rec["move"] != steps(side, value[2:]):
                fail("moves", "%s: gnubg %s, file %s" % (where, rec, value))
        analysis = rec.get("analysis", {})
        if "A" in node:
            counted["analysed moves"] += 1
            listed = node["A"][1:]
            got = analysis.get("moves", ())
            if analysis.get("imove") != int(node["A"][0]) or len(got) != len(listed):
                fail("analysis", "%s: gnubg imove %s of %d, file %s of %d"
                     % (where, analysis.get("imove"), len(got), node["A"][0], len(listed)))
                continue
            for mine, theirs in zip(listed, got):
                counted["candidates"] += 1
                fields = mine.split()
                figures = [float(x) for x in fields[4:10]]
                if theirs["move"] != steps(side, fields[0]) or not all(
                        close(a, b) for a, b in zip(figures, list(theirs["probs"]) + [theirs["score"]])):
                    fail("candidates", "%s: gnubg %s, file %s" % (where, theirs, mine))
        # (gnubg's Python gives a take's or a drop's mark, not its analysis.)
        if "DA" in node and value not in ("take", "drop"):
            counted["cube analyses"] += 1
            fields = node["DA"][0].split()
            nd, dt = float(fields[13]), float(fields[20])
            if not (close(analysis.get("nd-cubeful-eq", 9), nd) and close(analysis.get("dt-cubeful-eq", 9), dt)):
                fail("cube analysis", "%s: gnubg %s, file %s" % (where, analysis, node["DA"][0]))
        # gnubg marks every play again as it loads a match, by its own thresholds: the
        # checker play's from the file's figures (the play made against the first listed).
        for table, key in ((SKILL, "skill"), (CUBE_SKILL, "cube-skill")):
            want = mark(node, table)
            if want is not None:
                counted["marks"] += 1
                marks_same += analysis.get(key) == want
        if "A" in node and value not in ("double", "take", "drop"):
            scores = [float(c.split()[9]) for c in node["A"][1:]]
            loss = scores[0] - scores[int(node["A"][0])]
            expected = next((name for limit, name in GNUBG_MARKS if loss > limit + 1e-9), None)
            if analysis.get("skill") != expected:
                fail("marks", "%s: gnubg %s for a loss of %.4f" % (where, analysis.get("skill"), loss))
print("sgf: gnubg loaded %d games of %s v %s; %s (gnubg's own marks: %d the same as brade's)"
      % (len(loaded["games"]), name["W"], name["B"], ", ".join("%d %s" % (n, k) for k, n in counted.items()),
         marks_same))

# ---- XGIDs -------------------------------------------------------------------------


def match_fields(match_id):
    """A Match ID's fields (gnubg's manual's layout, the lowest bit first)."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    bits = []
    for k in range(0, 12, 4):
        word = 0
        for c in match_id[k:k + 4]:
            word = word << 6 | alphabet.index(c)
        for byte in ((word >> 16) & 255, (word >> 8) & 255, word & 255):
            bits.extend((byte >> b) & 1 for b in range(8))
    at = [0]

    def take(n):
        v = sum(bits[at[0] + b] << b for b in range(n))
        at[0] += n
        return v

    f = {}
    for key, width in (("cube", 4), ("owner", 2), ("on roll", 1), ("crawford", 1), ("state", 3),
                       ("turn", 1), ("doubled", 1), ("resigned", 2), ("die 1", 3), ("die 2", 3),
                       ("length", 15), ("score 0", 15), ("score 1", 15)):
        f[key] = take(width)
    return f


def swapped(f):
    other = {0: 1, 1: 0, 3: 3}
    g = dict(f)
    g["owner"] = other[f["owner"]]
    g["on roll"], g["turn"] = 1 - f["on roll"], 1 - f["turn"]
    g["score 0"], g["score 1"] = f["score 1"], f["score 0"]
    return g


lines = [l.rstrip("\n").split("\t") for l in open(DATA + "xgids.tsv") if not l.startswith("#")]
same_position = same_match = doubled_lost = 0
for xgid, position_id, match_id in lines:
    gnubg.command("set xgid " + xgid)
    if gnubg.positionid() == position_id:
        same_position += 1
    else:
        fail("position", "%s: gnubg %s, brade %s" % (xgid, gnubg.positionid(), position_id))
    theirs, ours = match_fields(gnubg.matchid()), match_fields(match_id)
    if theirs["on roll"] != ours["on roll"]:
        ours = swapped(ours)
    keys = ("cube", "owner", "on roll", "crawford", "turn", "doubled", "length", "score 0", "score 1")
    differ = [k for k in keys if theirs[k] != ours[k]]
    if sorted((theirs["die 1"], theirs["die 2"])) != sorted((ours["die 1"], ours["die 2"])):
        differ.append("dice")
    if not differ:
        same_match += 1
    elif set(differ) <= {"doubled", "turn"} and ours["doubled"] and not theirs["doubled"]:
        doubled_lost += 1
    else:
        fail("match", "%s: %s differ (gnubg %s, brade %s)" % (xgid, differ, gnubg.matchid(), match_id))
print("xgids: %d read; Position ID as brade's: %d; Match ID as brade's (players as gnubg puts them): %d; "
      "a double offered (D) read without it: %d" % (len(lines), same_position, same_match, doubled_lost))
print("all agree" if not failures else "%d FAILED" % failures)
sys.stdout.flush()
shutil.rmtree(work)
if failures:
    sys.exit(1)
