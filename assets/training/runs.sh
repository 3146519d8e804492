#!/bin/sh
# The runs that make this folder's files, in the background, from where they stopped.
#
#   assets/training/runs.sh start      build, copy brade and the files to $RUNS, start both lanes
#   assets/training/runs.sh snapshot   copy the files back here, each with its drawing state
#   assets/training/runs.sh status     how far each file has come
#
# $RUNS is a working folder outside the checkout (default ~/bgruns). Lane A: tdx.net, round
# two's boards (seed 2031), then seed 2041's decisions; lane B: seed 2042's decisions (the
# longest still to go). Every command goes on after the positions its file holds (see the user guide,
# "Long computations in the background"); a finished one returns at once.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
RUNS=${RUNS:-$HOME/bgruns}
FILES="rollouts-2031 decisions-2041 decisions-2042"

# The command that makes (or goes on with) rollout file NAME.tsv: rollout SEED NAME POSITIONS [DRAW]
rollout() {
  seed=$1 name=$2 positions=$3
  shift 3
  echo "nice -n 19 ./brade-run --seed $seed train --game backgammon --write-rollouts $name.tsv${*:+ $*} --positions $positions --rollout-level medium --rollout-games 144 --luck off --threads 1 --report-every 500 >> $name.log 2>&1"
}

count() { if [ -f "$1" ]; then grep -vc '^#\|^index' "$1" || true; else echo 0; fi; }

case "${1:-}" in
start)
  if pgrep -f "brade-run --seed 20" > /dev/null; then
    echo "runs are going already (pgrep -af brade-run); snapshot, or kill them, first" >&2
    exit 1
  fi
  (cd "$HERE/../.." && cargo build --release --locked)
  mkdir -p "$RUNS"
  cp "$HERE/../../target/release/brade" "$RUNS/brade-run"
  for f in $FILES; do
    if [ -f "$HERE/$f.tsv" ] && [ "$(count "$HERE/$f.tsv")" -gt "$(count "$RUNS/$f.tsv")" ]; then
      cp "$HERE/$f.tsv" "$HERE/$f.draw.toml" "$RUNS/"
    fi
  done
  [ -f "$RUNS/tdx.net" ] || [ ! -f "$HERE/tdx.net" ] || cp "$HERE/tdx.net" "$RUNS/"
  # setsid gives each lane a scheduling group of its own, where nice alone does not make it
  # yield to a build or a CI run: lower the group's weight too (Linux, where allowed).
  LOW='echo 19 > /proc/self/autogroup 2> /dev/null || true'
  cat > "$RUNS/laneA.sh" <<LANE
cd "$RUNS"
$LOW
[ -f tdx.net ] || { nice -n 19 ./brade-run --seed 4810 train --game backgammon --extended-inputs --hidden 128 --games 230000 --out tdx-run.net --force >> tdx.log 2>&1 && mv tdx-run.net tdx.net; }
$(rollout 2031 rollouts-2031 88737)
$(rollout 2041 decisions-2041 55726 --draw decisions)
LANE
  cat > "$RUNS/laneB.sh" <<LANE
cd "$RUNS"
$LOW
$(rollout 2042 decisions-2042 40424 --draw decisions)
LANE
  for lane in laneA laneB; do
    (cd "$RUNS" && setsid nohup sh "$lane.sh" > /dev/null 2>&1 &)
  done
  echo "started in $RUNS; see $RUNS/*.log"
  ;;
snapshot)
  # Each file with the drawing state written after its last line: the runs are paused for
  # the copy, and a copy caught between the two writes is taken again.
  for f in $FILES; do
    [ -f "$RUNS/$f.tsv" ] || continue
    for try in 1 2 3 4 5; do
      PIDS=$(pgrep -f "brade-run --seed 20" || true)
      [ -z "$PIDS" ] || kill -STOP $PIDS
      ok=0
      if [ -f "$RUNS/$f.draw.toml" ] && cp "$RUNS/$f.tsv" "$RUNS/$f.draw.toml" "$HERE/"; then ok=1; fi
      [ -z "$PIDS" ] || kill -CONT $PIDS
      if [ $ok = 1 ] && grep -q "^lines = $(count "$HERE/$f.tsv")\$" "$HERE/$f.draw.toml"; then
        break
      fi
      echo "$f: its drawing state does not fit the copy (try $try); again" >&2
      sleep 1
    done
  done
  [ ! -f "$RUNS/tdx.net" ] || cmp -s "$RUNS/tdx.net" "$HERE/tdx.net" || cp "$RUNS/tdx.net" "$HERE/"
  "$0" status
  ;;
status)
  for f in $FILES; do
    printf '%s: %s here, %s in %s\n' "$f" "$(count "$HERE/$f.tsv")" "$(count "$RUNS/$f.tsv")" "$RUNS"
  done
  ;;
*)
  echo "usage: $0 start|snapshot|status" >&2
  exit 2
  ;;
esac
