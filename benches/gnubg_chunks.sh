#!/bin/sh
# Runs a gnubg_*.py duel script in chunks, each chunk its own GNU Backgammon under
# `timeout`, and collects the per-game (or per-match) lines, which the scripts print on
# stderr with DUEL_VERBOSE=1 as `game G: …` or `match M: …`. A chunk that does not end
# with all its lines (timed out, crashed) is run again — the same games, since a
# game's dice depend only on the seed and its number — up to 5 times; then the driver
# stops with status 1 rather than leave a hole. Run from the repository root:
#
#   DUEL_SEED=11 DUEL_LEVEL=hard BRADE=/tmp/brade \
#       benches/gnubg_chunks.sh benches/gnubg_duel.py TOTAL CHUNK TIMEOUT_S LOG
#
# CHUNKS_FROM=F starts at game F (a multiple of CHUNK), so that two drivers, each with a
# log of its own, can share a run between two cores: the second from the middle, the first
# stopped there (its own TOTAL); `cat` the logs together to sum them.
# Other DUEL_*/MATCH_* variables pass through to the script. LOG gets the collected lines
# (appended; a chunk whose lines are all there already is skipped, so a stopped run can
# be resumed) and LOG.err each chunk's whole output, with its wall time. Summarise with
# benches/gnubg_sum.py LOG.
set -u
script=$1 total=$2 chunk=$3 limit=$4 log=$5
gnubg=${GNUBG:-/usr/games/gnubg}
touch "$log"
f=${CHUNKS_FROM:-0}
while [ "$f" -lt "$total" ]; do
    end=$((f + chunk)); [ "$end" -gt "$total" ] && end=$total
    want=$((end - f))
    have=$(awk -v a="$f" -v b="$end" '$1 ~ /^(game|match|pos)$/ { sub(":", "", $2); k = $2 + 0; if (k >= a + 0 && k < b + 0) n++ } END { print n + 0 }' "$log")
    try=0
    while [ "$have" -lt "$want" ]; do
        try=$((try + 1))
        if [ "$try" -gt 5 ]; then echo "chunk $f-$end failed 5 times" >&2; exit 1; fi
        t0=$(date +%s)
        out=$(DUEL_FIRST=$f DUEL_GAMES=$end DUEL_VERBOSE=1 timeout "$limit" "$gnubg" -t -q -p "$script" 2>&1 </dev/null)
        rc=$?
        lines=$(printf '%s\n' "$out" | grep -E '^(game|match|pos) ')
        n=$(printf '%s\n' "$lines" | grep -c -E '^(game|match|pos) ')
        printf '=== chunk %s-%s try %s rc %s %ss %s lines\n%s\n' "$f" "$end" "$try" "$rc" "$(( $(date +%s) - t0 ))" "$n" \
            "$(printf '%s\n' "$out" | grep -v -E '^(game|match|pos) |^The dice have been set|^$')" >> "$log.err"
        if [ "$n" -eq "$want" ] && [ "$rc" -eq 0 ]; then
            printf '%s\n' "$lines" >> "$log"
            have=$want
        fi
    done
    f=$end
done
