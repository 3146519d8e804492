# Makes gnubg_match_ids.tsv: GNU Backgammon's Match IDs for a few hundred match states.
# Runs inside gnubg's Python (the `gnubg` module), never from `cargo test`:
#
#   /usr/games/gnubg -t -q -p tests/data/backgammon/make_gnubg_match_ids.py
#
# (run from the repository root; environment: GNUBG_MATCH_IDS_SEED, default 20240602;
# GNUBG_MATCH_IDS_OUT, default tests/data/backgammon/gnubg_match_ids.tsv.)
#
# Two kinds of rows. "command" rows: the state is set through gnubg's own commands (new
# match N / new session, set score, set crawford, set jacoby, set turn, set cube value,
# set cube owner, then set dice, double or resign), every field is checked against what
# gnubg.cubeinfo() and gnubg.posinfo() report (a command gnubg refuses is noticed and the
# row is not written), and the ID is gnubg.matchid(). "dict" rows: the fields are handed to
# gnubg.matchid(cubeinfo, posinfo) as dictionaries, to reach what the commands cannot (a
# game over, resigned or dropped; cubes up to 2^15; every combination of flags).
#
# Columns: ID, then the state as gnubg numbers it: CUBE (the value), OWNER (0, 1, or -
# for centred), MOVE (the player on roll), CRAWFORD (0/1), GAMESTATE (0 none, 1 playing,
# 2 over, 3 resigned, 4 dropped), TURN (who decides), DOUBLED (0/1), RESIGNED (0, 1
# single, 2 gammon, 3 backgammon), DICE (two digits as held, 00 for none), LENGTH (0 for
# money), SCORE0, SCORE1, JACOBY (0/1: the Jacoby rule in use).
import datetime
import os
import random
import sys

import gnubg

SEED = int(os.environ.get("GNUBG_MATCH_IDS_SEED", "20240602"))
rng = random.Random(SEED)
out = open(os.environ.get("GNUBG_MATCH_IDS_OUT", "tests/data/backgammon/gnubg_match_ids.tsv"), "w")
log = sys.stderr

gnubg.command("set player 0 human")
gnubg.command("set player 1 human")


def row(mid, st):
    owner = "-" if st["owner"] < 0 else str(st["owner"])
    fields = [mid, st["cube"], owner, st["move"], st["crawford"], st["gamestate"], st["turn"],
              st["doubled"], st["resigned"], "%d%d" % st["dice"], st["length"], st["score"][0],
              st["score"][1], st["jacoby"]]
    out.write("\t".join(str(f) for f in fields) + "\n")


def command_row():
    money = rng.random() < 0.2
    if money:
        gnubg.command("new session")
        length = 0
        jacoby = rng.random() < 0.5
        gnubg.command("set jacoby %s" % ("on" if jacoby else "off"))
        score = (rng.randrange(0, 40), rng.randrange(0, 40))
    else:
        length = rng.choice([1, 3, 5, 5, 7, 7, 9, 11, 13, 15, 17, 19, 21, 25, 31, 64])
        gnubg.command("new match %d" % length)
        jacoby = False
        if rng.random() < 0.3:
            # One side one away: a Crawford game or a post-Crawford one.
            a = length - 1
            b = rng.randrange(0, length)
            score = (a, b) if rng.random() < 0.5 else (b, a)
        else:
            score = (rng.randrange(0, length), rng.randrange(0, length))
    gnubg.command("set score %d %d" % score)
    crawford = 0
    if length > 1 and (length - 1) in score and rng.random() < 0.5:
        gnubg.command("set crawford on")
        crawford = 1
    else:
        gnubg.command("set crawford off")
    move = rng.randrange(2)
    gnubg.command("set turn %d" % move)
    cube, owner = 1, -1
    if not crawford and rng.random() < 0.6:
        cube = 2 ** rng.randrange(0, 7)
        gnubg.command("set cube value %d" % cube)
        if rng.random() < 0.75:
            owner = rng.randrange(2)
            gnubg.command("set cube owner %d" % owner)
        else:
            gnubg.command("set cube centre")
    st = dict(cube=cube, owner=owner, move=move, crawford=crawford, gamestate=1, turn=move,
              doubled=0, resigned=0, dice=(0, 0), length=length, score=score,
              jacoby=int(jacoby))
    action = rng.random()
    if action < 0.55:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        gnubg.command("set dice %d %d" % dice)
        st["dice"] = dice
    elif action < 0.75 and not crawford and (owner < 0 or owner == move) and cube < 64:
        gnubg.command("double")
        st["doubled"] = 1
        st["turn"] = 1 - move
    elif action < 0.9:
        if rng.random() < 0.5:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            gnubg.command("set dice %d %d" % dice)
            st["dice"] = dice
        resign = rng.randint(1, 3)
        gnubg.command("resign %s" % ["", "single", "gammon", "backgammon"][resign])
        st["resigned"] = resign
        st["turn"] = 1 - move
    ci, pi = gnubg.cubeinfo(), gnubg.posinfo()
    seen = dict(cube=ci["cube"], owner=ci["cubeowner"], move=ci["move"],
                crawford=ci["crawford"], gamestate=pi["gamestate"], turn=pi["turn"],
                doubled=pi["doubled"], resigned=pi["resigned"], dice=tuple(pi["dice"]),
                length=ci["matchto"], score=tuple(ci["score"]) if length else score,
                jacoby=ci["jacoby"])
    if seen != st:
        log.write("gnubg did not take %r: it holds %r\n" % (st, seen))
        return False
    row(gnubg.matchid(), st)
    return True


def dict_row():
    money = rng.random() < 0.25
    length = 0 if money else rng.choice([1, 3, 5, 7, 9, 11, 15, 21, 25, 33, 64])
    top = 40 if money else length
    score = (rng.randrange(0, top), rng.randrange(0, top))
    st = dict(cube=2 ** rng.randrange(0, 16), owner=rng.choice([-1, 0, 1]),
              move=rng.randrange(2), crawford=int(not money and rng.random() < 0.2),
              gamestate=rng.randrange(5), turn=rng.randrange(2),
              doubled=int(rng.random() < 0.3), resigned=rng.randrange(4),
              dice=rng.choice([(0, 0), (rng.randint(1, 6), rng.randint(1, 6))]),
              length=length, score=score, jacoby=int(money and rng.random() < 0.5))
    ci = gnubg.cubeinfo()
    ci.update(cube=st["cube"], cubeowner=st["owner"], move=st["move"], matchto=length,
              score=score, crawford=st["crawford"], jacoby=st["jacoby"])
    pi = dict(dice=st["dice"], turn=st["turn"], resigned=st["resigned"],
              doubled=st["doubled"], gamestate=st["gamestate"])
    row(gnubg.matchid(ci, pi), st)


out.write("# GNU Backgammon Match IDs: made by make_gnubg_match_ids.py (seed %d, %s)\n"
          % (SEED, datetime.date.today().isoformat()))
out.write("# ID\tCUBE\tOWNER\tMOVE\tCRAWFORD\tGAMESTATE\tTURN\tDOUBLED\tRESIGNED\tDICE\t"
          "LENGTH\tSCORE0\tSCORE1\tJACOBY\n")
out.write("# rows set through gnubg's commands\n")
made = 0
tries = 0
while made < 260 and tries < 2000:
    tries += 1
    made += command_row()
log.write("%d command rows in %d tries\n" % (made, tries))
out.write("# rows from gnubg.matchid(cubeinfo, posinfo)\n")
for _ in range(160):
    dict_row()
out.close()
