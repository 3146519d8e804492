#!/usr/bin/env bash
# capture.sh BIN OUTDIR — record everything observable of the brade binary BIN (command-line
# outputs, TUI screens in tmux, the files it saves) into OUTDIR, one file per capture, so that
# two binaries can be compared with `diff -r`. Deterministic: two runs with the same binary
# give identical directories. See README.txt beside this script for what is covered and how
# time-dependent parts are normalised.
set -u -o pipefail
export LC_ALL=C.UTF-8

if [ $# -ne 2 ]; then
    echo "usage: $0 BIN OUTDIR" >&2
    exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)
BIN=$(readlink -f -- "$1") || { echo "capture: no binary $1" >&2; exit 2; }
[ -x "$BIN" ] || { echo "capture: $BIN is not executable" >&2; exit 2; }
mkdir -p -- "$2" && OUT=$(cd -- "$2" && pwd) || exit 2
if [ -n "$(ls -A "$OUT")" ]; then
    echo "capture: $OUT is not empty" >&2
    exit 2
fi
for tool in tmux python3 timeout flock; do
    command -v $tool >/dev/null || { echo "capture: needs $tool" >&2; exit 2; }
done

PY=$(python3 -c 'import sys; print(sys.executable)')   # not a pyenv shim: faster
WORK=$(mktemp -d /tmp/blcap.XXXXXX)
SOCK="bl-$$"                      # a tmux server of our own; sessions are named bl-$$-NAME
TM=(tmux -L "$SOCK" -f "$WORK/tmux.conf")
T0=$(date +%s)
log() { echo "[capture $(( $(date +%s) - T0 ))s] $*" >&2; }

cleanup() {
    local s
    for s in $("${TM[@]}" list-sessions -F '#S' 2>/dev/null); do
        case $s in "bl-$$-"*) "${TM[@]}" kill-session -t "$s" 2>/dev/null ;; esac
    done
    sleep 0.2
    "${TM[@]}" list-sessions >/dev/null 2>&1 || rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK"
    if [ "${KEEP_WORK:-0}" = 1 ]; then log "work directory kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The binary under a fixed name: clap writes the file name it was started as in its usage lines.
cp "$BIN" "$WORK/brade"
# The Python helper (checksums, re-stamping, crafted saves, normalised copies): at the end of
# this script, between the lines '#### helper.py' and '#### end'.
sed -n '/^#### helper.py$/,/^#### end$/p' "$HERE/$(basename "$0")" | sed '1d;$d' >"$WORK/helper.py"
cd "$WORK" || exit 2
mkdir -p home tx in cfg data snap fresh
cat > tmux.conf <<'EOF'
set -g status off
set -g default-shell /bin/bash
set -g history-limit 100
set -g remain-on-exit off
EOF
# Every run of brade gets this environment and nothing else (relative paths from $WORK, so
# that paths printed by the program are the same in every run).
RUN=(env -i "HOME=$WORK/home" PATH=/usr/bin:/bin LC_ALL=C.UTF-8 TERM=xterm-256color)
XENV=()
# A record's date, as the program writes it, on screens taken with the real clock.
DATE_SED='s/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} UTC/YYYY-MM-DD hh:mm UTC/g'

printf 'language = "sv"\n' >in/config-sv.toml
printf 'language = "fr"\nmirror = maybe\nlanguage = "en"\nunknown = 1\ntutor = "bad"\n' >in/config-bad.toml
"${TM[@]}" new-session -d -s "bl-$$-keep" -x 80 -y 24 "exec sleep 100000"   # the server, up front

# ------------------------------------------------------------------------------------------
# Command line: cli NAME INPUT ARGS... runs `brade --data-dir D --config C ARGS` with a fresh
# data directory D and a settings file C that does not exist (its directory does); cli_in
# NAME INPUT ARGS... runs exactly `brade ARGS`. INPUT is a file for stdin or '-' (none).
# The capture is OUTDIR/cli/NAME.txt: the command, stdin, stdout, stderr and exit status.
cli() {
    local name=$1 input=$2
    shift 2
    mkdir -p "fresh/$name/cfg"
    cli_in "$name" "$input" --data-dir "fresh/$name/data" --config "fresh/$name/cfg/config.toml" "$@"
}
cli_in() {
    local name=$1 input=$2 rc
    shift 2
    local f="$OUT/cli/$name.txt" o="tx/out.$BASHPID" e="tx/err.$BASHPID"
    mkdir -p "$(dirname "$f")"
    [ "$input" = - ] && input=/dev/null
    timeout 300 "${RUN[@]}" "${XENV[@]}" ./brade "$@" <"$input" >"$o" 2>"$e"
    rc=$?
    {
        printf '$'
        [ ${#XENV[@]} -gt 0 ] && printf ' %s' "${XENV[@]}"
        printf ' %q' brade "$@"
        printf '\n'
        if [ "$input" != /dev/null ]; then echo "--- stdin ---"; cat "$input"; fi
        echo "--- stdout ---"
        cat "$o"
        echo "--- stderr ---"
        cat "$e"
        echo "--- exit status $rc ---"
    } >"$f"
}

# ------------------------------------------------------------------------------------------
# TUI in tmux. tstart SCEN W H ARGS... starts `brade ARGS` in a W×H pane (session bl-$$-SCEN)
# and makes SCEN the current scenario; keys/text send keys; shot LABEL waits until the
# screen is stable and writes OUTDIR/screens/SCEN/NN-LABEL.txt (plain) and .ansi (with
# colours, capture-pane -e); tend waits for the program to end and records its exit status.
KD=0.2           # pause after each key
REALTIME=0       # 1: the screens may show dates of the real clock (normalised)
PREV=            # the last screen taken in this scenario (with colours)
tstart() {
    SCEN=$1
    local w=$2 h=$3 cmd
    shift 3
    S="bl-$$-$SCEN"
    SD="$OUT/screens/$SCEN"
    STEP=0
    PREV=
    mkdir -p "$SD"
    rm -f "tx/$SCEN.rc"
    cmd=$(printf '%q ' "${RUN[@]}" "${XENV[@]}" ./brade "$@")
    "${TM[@]}" new-session -d -s "$S" -x "$w" -y "$h" -c "$WORK" \
        "$cmd; echo \$? > tx/$SCEN.rc; exec sleep 100000"
    printf '$ %s\n' "$(printf '%q ' "${XENV[@]}" brade "$@")" >"$SD/00-command.txt"
    sleep 1
}
cap() { "${TM[@]}" capture-pane -p "$@" -t "$S"; }
keys() {
    local k
    for k in "$@"; do
        "${TM[@]}" send-keys -t "$S" "$k"
        sleep $KD
    done
}
rep() { # rep N KEY
    local i
    for ((i = 0; i < $1; i++)); do keys "$2"; done
}
text() {
    "${TM[@]}" send-keys -t "$S" -l "$1"
    sleep $KD
}
shot() { # shot LABEL [FIRST-PAUSE]
    local label=$1 n=0 f a="tx/a.$BASHPID" b="tx/b.$BASHPID"
    sleep "${2:-0.2}"
    cap -e >"$a"
    # The keys just sent should change the screen: wait for that (at most 3 s) before
    # waiting for it to settle, so that a slow machine does not give the screen before.
    if [ -n "$PREV" ]; then
        while cmp -s "$a" "$PREV" && [ $n -lt 30 ]; do
            sleep 0.1
            cap -e >"$a"
            n=$((n + 1))
        done
        [ $n -ge 30 ] && log "note: $SCEN/$label: the screen did not change"
        n=0
    fi
    while :; do
        sleep 0.3
        cap -e >"$b"
        if cmp -s "$a" "$b"; then
            STEP=$((STEP + 1))
            f=$(printf '%s/%02d-%s' "$SD" "$STEP" "$label")
            cap >"$f.txt"
            cap -e >"$b"
            if cmp -s "$a" "$b"; then
                mv "$a" "$f.ansi"
                break
            fi
            STEP=$((STEP - 1))
        fi
        mv "$b" "$a"
        n=$((n + 1))
        if [ $n -gt 200 ]; then
            log "WARNING: $SCEN/$label never settled"
            STEP=$((STEP + 1))
            f=$(printf '%s/%02d-%s' "$SD" "$STEP" "$label")
            cap >"$f.txt"
            cap -e >"$f.ansi"
            break
        fi
    done
    cp "$f.ansi" "tx/prev.$SCEN"
    PREV="tx/prev.$SCEN"
    [ "$REALTIME" = 1 ] && sed -i -E "$DATE_SED" "$f.txt" "$f.ansi"
}
waitfor() { # waitfor REGEX [SECONDS]: until the screen shows REGEX
    local i lim=$(( ${2:-120} * 4 ))
    for ((i = 0; i < lim; i++)); do
        cap | grep -Eq -- "$1" && return 0
        sleep 0.25
    done
    log "WARNING: $SCEN: /$1/ never appeared"
}
waitgone() { # waitgone REGEX [SECONDS]: until the screen no longer shows REGEX
    local i lim=$(( ${2:-120} * 4 ))
    for ((i = 0; i < lim; i++)); do
        cap | grep -Eq -- "$1" || return 0
        sleep 0.25
    done
    log "WARNING: $SCEN: /$1/ never went away"
}
tend() { # the program should be ending: its exit status and the screen it leaves
    local i
    for ((i = 0; i < 120; i++)); do
        [ -s "tx/$SCEN.rc" ] && break
        sleep 0.25
    done
    if [ -s "tx/$SCEN.rc" ]; then
        shot after-exit 0.1
        echo "exit status $(cat "tx/$SCEN.rc")" >"$(printf '%s/%02d-exit-status.txt' "$SD" $((STEP + 1)))"
    else
        echo "did not exit within 30 s" >"$(printf '%s/%02d-exit-status.txt' "$SD" $((STEP + 1)))"
        log "WARNING: $SCEN did not exit"
    fi
    "${TM[@]}" kill-session -t "$S" 2>/dev/null
}
# Options shared by the scenarios' runs: a data directory and a settings file of their own.
own() { # own NAME: --data-dir data/NAME --config cfg/NAME/config.toml
    mkdir -p "cfg/$1"
    OWN=(--data-dir "data/$1" --config "cfg/$1/config.toml")
}

MATCH_OVER='The match is over|Matchen är slut'
UNANALYSED='not analysed yet|inte analyserad|analysing the matches|analyserar matcherna'

# ------------------------------------------------------------------------------------------
# Scenarios.

# The start screen, the help, the settings, the setup form walked field by field, and a
# hot-seat match: teka, rolls, checkers moved by keys and by die, undo, a typed play, a hint,
# refusals, the quit dialog.
tour() { # tour LANG W H
    local L=$1 W=$2 H=$3
    local name="tour-$L-${W}x$H"
    REALTIME=1
    own "$name"
    tstart "$name" "$W" "$H" --lang "$L" --seed 5 "${OWN[@]}"
    shot start 1
    keys '?';            shot help-page-1
    keys NPage;          shot help-page-2
    keys NPage;          shot help-page-3
    keys End;            shot help-end
    keys Escape F1;      shot help-by-F1
    keys Escape;         shot start-again
    keys s;              shot settings
    keys Down Down Down Right; shot settings-colours-high-contrast
    keys Escape;         shot start-high-contrast
    keys s Down Down Down Left; shot settings-colours-default
    keys Escape n;       shot setup
    keys Right;          shot setup-games-5
    keys Enter; rep 5 BSpace; text Anna; shot setup-white-name
    keys Enter; rep 5 BSpace; text Bo;   shot setup-black-name
    keys Enter Right;    shot setup-computer-white
    keys Right;          shot setup-computer-black
    keys Enter;          shot setup-level-field
    keys Right;          shot setup-level-changed
    keys Up Left Left;   shot setup-computer-nobody
    keys Enter Right;    shot setup-rules-2
    keys Right;          shot setup-rules-3
    keys Right;          shot setup-rules-4
    keys Right;          shot setup-rules-back-to-1
    keys Enter;          shot setup-start-button
    keys Enter;          shot teka
    keys Space;          shot teka-rolled
    keys Space;          shot first-roll
    keys Enter;          shot picked
    keys 4;              shot moved-by-die
    keys BSpace;         shot undone
    keys Enter Left Left Left Left; shot cursor-moved
    keys Enter;          shot placed
    keys :; text 5/6;    shot typing
    keys Enter;          shot typed-play-confirmed
    keys Space;          shot second-roll
    keys H;              shot hint 0.6
    keys :; text 1/20; keys Enter; shot typed-play-refused
    keys Tab Enter; rep 7 Right; shot picked-cursor-moved
    keys Enter;          shot placed
    keys 5;              shot cursor-checker-by-die
    keys Enter;          shot confirmed
    keys Space;          shot third-roll
    keys Tab;            shot tab
    keys Tab;            shot tab-again
    keys BTab;           shot shift-tab
    keys q;              shot quit-dialog
    keys n;              shot play-on
    keys q y
    tend
    cp -a "data/$name" "snap/$name"
}

# The saved match offered on the start screen and resumed; then a new match that moves it to
# the records as unfinished at its first roll.
resume() { # resume LANG
    local L=$1 name="tour-$1-80x24"
    REALTIME=1
    own "$name"
    tstart "resume-$L" 80 24 --lang "$L" --seed 6 "${OWN[@]}"
    shot start-offers-resume 1
    keys Enter;          shot resumed
    keys q;              shot quit-dialog
    keys y
    tend
    tstart "new-over-save-$L" 80 24 --lang "$L" --seed 6 "${OWN[@]}"
    shot start 1
    keys n;              shot setup
    rep 5 Enter;         shot setup-start-button
    keys Enter;          shot teka
    keys Space;          shot teka-rolled-save-set-aside
    keys q;              shot quit-dialog
    keys y
    tend
}

# Computer against computer to the end of the match, then its replay with the analysis.
cvc() { # cvc LANG W H GAMES LEVEL SEED [RULES]
    local L=$1 W=$2 H=$3 G=$4 LV=$5 SEED=$6 R=${7:-}
    local name="cvc-$L-${W}x$H-$LV"
    REALTIME=1
    own "$name"
    tstart "$name" "$W" "$H" --lang "$L" play --games "$G" --white computer --black computer \
        --level "$LV" --pace 0 --seed "$SEED" ${R:+--rules "$R"} "${OWN[@]}"
    waitfor "$MATCH_OVER" 240; shot match-over
    keys r; waitfor '‰' 240;  shot replay-analysed
    keys Right;          shot replay-next-turn
    keys e;              shot next-error
    keys E;              shot previous-error
    keys w;              shot worst-1
    keys w;              shot worst-2
    keys W;              shot worst-back
    keys PPage;          shot previous-game
    keys NPage;          shot next-game
    keys Home;           shot first-turn
    keys End;            shot last-turn
    keys Escape;         shot back
    keys q
    tend
}

# The whole help, page by page (PgDn until it moves no further).
help_all() { # help_all LANG W H
    local L=$1 W=$2 H=$3 name="help-all-$1-${2}x$3" i t="tx/help.$BASHPID"
    REALTIME=0
    own "$name"
    tstart "$name" "$W" "$H" --lang "$L" "${OWN[@]}"
    keys '?';            shot page 1
    for ((i = 0; i < 100; i++)); do
        keys NPage
        sleep 0.3
        cap -e >"$t"
        if cmp -s "$t" "$PREV"; then
            sleep 1
            cap -e >"$t"
            cmp -s "$t" "$PREV" && break
        fi
        shot page
    done
    keys Escape q
    tend
}

# A window too small, then enlarged.
small() { # small LANG
    local L=$1
    REALTIME=0
    own "small-$L"
    tstart "small-$L" 60 20 --lang "$L" "${OWN[@]}"
    shot too-small 1
    "${TM[@]}" resize-window -t "$S" -x 80 -y 24; shot resized-80x24
    "${TM[@]}" resize-window -t "$S" -x 120 -y 40; shot resized-120x40
    keys q
    tend
}

# NO_COLOR and TERM=dumb.
environment() { # environment LANG
    local L=$1
    REALTIME=0
    own "no-color-$L"
    XENV=(NO_COLOR=1)
    tstart "no-color-$L" 80 24 --lang "$L" "${OWN[@]}"
    shot start 1
    keys s;              shot settings
    keys Escape q
    tend
    own "term-dumb-$L"
    XENV=(TERM=dumb)
    tstart "term-dumb-$L" 80 24 --lang "$L" "${OWN[@]}"
    tend
    XENV=()
    # a settings file with problems: the start screen says which
    own "bad-config-$L"
    cp in/config-bad.toml "cfg/bad-config-$L/config.toml"
    tstart "bad-config-$L" 80 24 --lang "$L" "${OWN[@]}"
    shot start 1
    keys s;              shot settings
    keys Escape q
    tend
}

# The end of a game played at the keyboard: a save crafted one turn before the end (see
# README.txt), resumed; the winning step announced, confirmed; the game-over panel; then the
# match-over screen (a 1-game match) or the next game (a 3-game one).
gameover_keys() { # gameover_keys LANG: from go-single (record R1: White's 55 1/6* wins)
    local L=$1 name="gameover-1-game-$1"
    REALTIME=1
    mkdir -p "data/$name"; cp fixture-src/near-end-1.toml "data/$name/match.toml"
    own "$name"
    tstart "$name" 80 24 --lang "$L" play --resume "${OWN[@]}"
    shot resumed 1
    keys Up; rep 14 Right; keys 5; shot refused-step
    keys Left 5;         shot winning-step-announced
    keys u;              shot announced-step-undone
    keys 5;              shot winning-step-again
    keys Enter;          shot game-over
    keys Enter;          shot match-over
    keys Escape;         shot start-screen
    keys Escape
    tend
}
gameover_typed() { # gameover_typed LANG: from record R2 (3 games), the last play typed
    local L=$1 name="gameover-3-games-$1"
    REALTIME=1
    mkdir -p "data/$name"; cp fixture-src/near-end-3.toml "data/$name/match.toml"
    own "$name"
    tstart "$name" 120 40 --lang "$L" play --resume "${OWN[@]}"
    shot resumed 1
    keys :; text "$(cat fixture-src/near-end-3.play)"; shot typing
    keys Enter;          shot game-over
    keys Enter;          shot next-game
    keys Space;          shot next-game-rolled
    keys q;              shot quit-dialog
    keys y
    tend
}

# The start screen, Records, a replay with its analysis, Statistics and analysing the rest,
# on a copy of the fixture (records with fixed dates, see README.txt).
fixture_tui() { # fixture_tui LANG W H
    local L=$1 W=$2 H=$3 name="fixture-$1-${2}x$3"
    REALTIME=0
    cp -a fixture "data/$name"
    own "$name"
    tstart "$name" "$W" "$H" --lang "$L" --seed 9 "${OWN[@]}"
    shot start 1
    keys Down Down;      shot start-records-chosen
    keys Enter;          shot records
    keys Down;           shot records-2
    keys Down;           shot records-3
    keys Up Up;          shot records-1
    keys Down Enter; waitfor '‰' 240; shot replay-analysed
    keys Right;          shot replay-next-turn
    keys NPage;          shot next-game
    keys e;              shot next-error
    keys E;              shot previous-error
    keys w;              shot worst-1
    keys w;              shot worst-2
    keys W;              shot worst-back
    keys End;            shot last-turn
    keys Escape;         shot back-to-records
    keys Escape;         shot back-to-start
    keys Down Down Down Enter; shot statistics
    keys a; waitgone "$UNANALYSED" 240; shot statistics-all-analysed
    keys NPage;          shot statistics-page-down
    keys Home;           shot statistics-top
    keys Escape;         shot back-to-start-2
    keys Escape
    tend
    "$PY" helper.py verbatim "data/$name" "$OUT/saves/$name"
}

# A second window on a data directory in use: the start screen offers only what needs no
# saving. The lock is held here (flock, as brade holds it) by a process named 4242 in the
# lock file, so that the message is the same in every run.
held() { # held LANG
    local L=$1 name="held-$1" hp
    REALTIME=0
    cp -a fixture "data/$name"
    printf '4242\n' >"data/$name/lock"
    (exec 9>>"data/$name/lock"; flock 9; exec sleep 600) &
    hp=$!
    sleep 0.5
    own "$name"
    tstart "$name" 80 24 --lang "$L" "${OWN[@]}"
    shot start-read-only 1
    keys Enter;          shot records
    keys Escape;         shot start-again
    keys q
    tend
    cli_in "$L/data-dir-in-use-play" - --lang "$L" "${OWN[@]}" play
    cli_in "$L/data-dir-in-use-play-resume" - --lang "$L" "${OWN[@]}" play --resume
    cli_in "$L/data-dir-in-use-records" - --lang "$L" "${OWN[@]}" records
    : >"data/$name/lock"
    cli_in "$L/data-dir-in-use-no-pid-play" - --lang "$L" "${OWN[@]}" play
    kill "$hp"
    wait "$hp" 2>/dev/null
    printf 'not a directory\n' >"data/$name-file"
    cli_in "$L/data-dir-is-a-file-play" - --lang "$L" --data-dir "data/$name-file" --config "cfg/$name/config.toml" play
    cli_in "$L/data-dir-is-a-file-records" - --lang "$L" --data-dir "data/$name-file" --config "cfg/$name/config.toml" records
    rm -f "data/$name-file"
    "$PY" helper.py verbatim "data/$name" "$OUT/saves/$name"
}

# `brade replay FILE` in the terminal.
replay_cli() { # replay_cli LANG
    local L=$1 name="replay-cli-$1"
    REALTIME=0
    cp -a fixture "data/$name"
    own "$name"
    tstart "$name-record" 80 24 --lang "$L" "${OWN[@]}" replay "data/$name/records/$R2_NAME"
    waitfor '‰' 240;     shot replay-analysed 1
    keys Right;          shot next-turn
    keys w;              shot worst-1
    keys NPage;          shot next-game
    keys Escape
    tend
    tstart "$name-save" 80 24 --lang "$L" "${OWN[@]}" replay "data/$name/match.toml"
    shot replay 1
    keys End;            shot last-turn
    keys Escape
    tend
    "$PY" helper.py verbatim "data/$name" "$OUT/saves/$name"
}

# ------------------------------------------------------------------------------------------
# Command-line captures that need no saved matches.
P_START=1x15/1x15/w
P_MID=1x9,3,6,7,8,11,23/0,1x7,2,4,6,7,21,24x2/w
P_JAN=0x2,1x9,2,4,5,9/1x8,4,5,7,8,11,12,15/b
P_HEM=19/9,13x14/w
P_BEAR=23x2,24/13x15/w
P_TRAPP=20,22x3,23x5,24x6/1x15/w
P_BURST=15,16x2,17x2,18x2,20x2,22x2,23x2,24x2/0x3,1x5,13x2,14x2,15x3/b
P_WIKI=14x2,15,16x2,17x2,18x2,20x2,22x2,24x2/0x2,1x5,13x3,14x2,19x3/b
P_RUN=13,14x2,15x2,16x2,17x2,18x2,19,21x3/13x15/w
P_PRETTY=18,20x3,21x3,22x3,23x3,24x2/0,13x14/w
P_BLACK=1x13,4,6/1x15/b

cli_static() { # cli_static LANG
    local L=$1 c r
    # help
    cli "$L/help" - --lang "$L" --help
    cli "$L/help-short" - --lang "$L" -h
    cli "$L/version" - --lang "$L" --version
    cli "$L/help-command" - --lang "$L" help
    for c in play bot arena train eval rollout records stats export analyze replay moves perft help; do
        cli "$L/help-$c" - --lang "$L" "$c" --help
    done
    cli "$L/help-moves-short" - --lang "$L" moves -h
    cli "$L/help-via-help-perft" - --lang "$L" help perft
    # moves
    cli "$L/moves-start-53" - --lang "$L" moves $P_START 53
    cli "$L/moves-start-66" - --lang "$L" moves $P_START 66
    cli "$L/moves-start-21" - --lang "$L" moves $P_START 21
    cli "$L/moves-start-5-3" - --lang "$L" moves $P_START 5-3
    cli "$L/moves-start-5_3" - --lang "$L" moves $P_START "5 3"
    cli "$L/moves-start-5_3-two-args" - --lang "$L" moves $P_START 5 3
    cli "$L/moves-black-64" - --lang "$L" moves $P_BLACK 64
    cli "$L/moves-mid-31" - --lang "$L" moves $P_MID 31
    cli "$L/moves-mid-66" - --lang "$L" moves $P_MID 66
    cli "$L/moves-jan-46" - --lang "$L" moves $P_JAN 46
    cli "$L/moves-hemspel-62" - --lang "$L" moves $P_HEM 62
    cli "$L/moves-bear-21" - --lang "$L" moves $P_BEAR 21
    cli "$L/moves-trappspel-64" - --lang "$L" moves $P_TRAPP 64
    cli "$L/moves-burst-62" - --lang "$L" moves $P_BURST 62
    cli "$L/moves-burst-53" - --lang "$L" moves $P_BURST 53
    for r in vasamuseet wikipedia-a wikipedia-b hobby-page entry-burst=none,bear-off=free; do
        cli "$L/moves-rules-$r-wiki-62" - --lang "$L" moves --rules "$r" $P_WIKI 62
        cli "$L/moves-rules-$r-wiki-63" - --lang "$L" moves --rules "$r" $P_WIKI 63
        cli "$L/moves-rules-$r-bear-21" - --lang "$L" moves --rules "$r" $P_BEAR 21
        cli "$L/moves-rules-$r-run-61" - --lang "$L" moves --rules "$r" $P_RUN 61
        cli "$L/moves-rules-$r-pretty-42" - --lang "$L" moves --rules "$r" $P_PRETTY 42
        cli "$L/moves-rules-$r-start-53" - --lang "$L" moves --rules "$r" $P_START 53
    done
    cli "$L/moves-rules-band-run-five" - --lang "$L" moves --rules band-run=five $P_RUN 61
    cli "$L/moves-rules-pretty-whole-roll" - --lang "$L" moves --rules pretty=whole-roll $P_PRETTY 42
    # moves: bad input
    cli "$L/moves-bad-dice-7" - --lang "$L" moves $P_START 7
    cli "$L/moves-bad-dice-5" - --lang "$L" moves $P_START 5
    cli "$L/moves-bad-dice-00" - --lang "$L" moves $P_START 00
    cli "$L/moves-bad-dice-abc" - --lang "$L" moves $P_START abc
    cli "$L/moves-bad-dice-3-args" - --lang "$L" moves $P_START 5 3 2
    cli "$L/moves-no-dice" - --lang "$L" moves $P_START
    cli "$L/moves-no-args" - --lang "$L" moves
    cli "$L/moves-bad-pos-16-checkers" - --lang "$L" moves 1x16/1x15/w 53
    cli "$L/moves-bad-pos-turn" - --lang "$L" moves 1x15/1x15/x 53
    cli "$L/moves-bad-pos-garbage" - --lang "$L" moves garbage 53
    cli "$L/moves-bad-pos-point-25" - --lang "$L" moves 25,1x14/1x15/w 53
    cli "$L/moves-bad-pos-two-parts" - --lang "$L" moves 1x15/1x15 53
    cli "$L/moves-bad-pos-same-tunga" - --lang "$L" moves 1x5,13x10/1x15/w 53
    cli "$L/moves-bad-pos-band-r7" - --lang "$L" moves 0,7x14/1x15/w 53
    cli "$L/moves-game-over" - --lang "$L" moves -/1x15/w 53
    cli "$L/moves-bad-rules" - --lang "$L" moves --rules nonsense $P_START 53
    cli "$L/moves-bad-rules-switch" - --lang "$L" moves --rules bear-off=sometimes $P_START 53
    cli "$L/moves-bad-lang" - --lang de moves $P_START 53
    cli "$L/no-such-command" - --lang "$L" frobnicate
    # moves --stdin
    {
        echo "$P_START 53"
        echo "$P_MID 66"
        echo "$P_BLACK 6-4"
        echo "garbage 53"
        echo "$P_START 7"
        echo
        echo "-/1x15/w 21"
        printf '%s 53\n' "$(printf '1x15/1x15/w%.0s' $(seq 1 400))"
        echo "$P_HEM 62"
    } >in/moves-stdin.txt
    cli "$L/moves-stdin" in/moves-stdin.txt --lang "$L" moves --stdin
    cli "$L/moves-stdin-rules-hobby-page" in/moves-stdin.txt --lang "$L" moves --stdin --rules hobby-page
    # perft
    cli "$L/perft-start-0" - --lang "$L" perft $P_START 0
    cli "$L/perft-start-1" - --lang "$L" perft $P_START 1
    cli "$L/perft-start-2" - --lang "$L" perft $P_START 2
    cli "$L/perft-mid-1" - --lang "$L" perft $P_MID 1
    cli "$L/perft-mid-2" - --lang "$L" perft $P_MID 2
    cli "$L/perft-wiki-2" - --lang "$L" perft $P_WIKI 2
    for r in wikipedia-a wikipedia-b hobby-page; do
        cli "$L/perft-rules-$r-start-2" - --lang "$L" perft --rules "$r" $P_START 2
        cli "$L/perft-rules-$r-mid-2" - --lang "$L" perft --rules "$r" $P_MID 2
    done
    cli "$L/perft-too-deep" - --lang "$L" perft $P_START 9
    cli "$L/perft-bad-depth" - --lang "$L" perft $P_START x
    cli "$L/perft-bad-pos" - --lang "$L" perft garbage 1
    cli "$L/perft-game-over" - --lang "$L" perft -/1x15/w 1
    # bot
    {
        echo "$P_START 53"
        echo "$P_MID 66"
        echo "$P_JAN 46"
        echo "$P_BLACK 21"
        echo "garbage 53"
        echo "$P_HEM 62"
    } >in/bot.txt
    {
        echo "$P_JAN 46"
        echo "$P_JAN 46 jan,hemspel/-"
        echo "$P_START 53 -/hemspel+munk"
        echo "$P_START 53 jan,jan/-"
        echo "$P_START 53 bogus"
    } >in/bot-match.txt
    cli "$L/bot-medium" in/bot.txt --lang "$L" bot --level medium
    cli "$L/bot-hard" in/bot.txt --lang "$L" bot --level hard
    cli "$L/bot-default-level" in/bot.txt --lang "$L" bot
    cli "$L/bot-heuristic" in/bot.txt --lang "$L" bot --level heuristic
    cli "$L/bot-random-seed-3" in/bot.txt --lang "$L" --seed 3 bot --level random
    cli "$L/bot-easy-seed-3" in/bot.txt --lang "$L" --seed 3 bot --level easy
    cli "$L/bot-hard-rules-hobby-page" in/bot.txt --lang "$L" bot --level hard --rules hobby-page
    cli "$L/bot-hard-match-3" in/bot-match.txt --lang "$L" bot --level hard --match 3
    cli "$L/bot-medium-match-5" in/bot-match.txt --lang "$L" bot --level medium --match 5
    cli "$L/bot-bad-match" in/bot.txt --lang "$L" bot --match 4
    cli "$L/bot-bad-level" in/bot.txt --lang "$L" bot --level godlike
    # eval
    cli "$L/eval-start" - --lang "$L" eval $P_START
    cli "$L/eval-mid" - --lang "$L" eval $P_MID
    cli "$L/eval-jan" - --lang "$L" eval $P_JAN
    cli "$L/eval-mid-rules-hobby-page" - --lang "$L" eval --rules hobby-page $P_MID
    cli "$L/eval-bad-pos" - --lang "$L" eval garbage
    cli "$L/eval-game-over" - --lang "$L" eval -/1x15/w
    cli "$L/eval-missing-net" - --lang "$L" eval --net no-such.net $P_START
    # rollout (small)
    cli "$L/rollout-start-72" - --lang "$L" rollout $P_START --games 72 --seed 1
    cli "$L/rollout-start-72-threads-1" - --lang "$L" rollout $P_START --games 72 --seed 1 --threads 1
    cli "$L/rollout-start-53" - --lang "$L" rollout $P_START 53 --games 36 --seed 1
    cli "$L/rollout-mid-luck-on" - --lang "$L" rollout $P_MID --games 36 --seed 2 --luck on
    cli "$L/rollout-random-hobby-page" - --lang "$L" rollout $P_START --games 100 --seed 3 --level random --rules hobby-page
    cli "$L/rollout-heuristic-jan-46" - --lang "$L" rollout $P_JAN 46 --games 36 --seed 4 --level heuristic
    cli "$L/rollout-bad-threads" - --lang "$L" rollout $P_START --threads 0
    cli "$L/rollout-bad-games" - --lang "$L" rollout $P_START --games 0
    # arena (tiny)
    cli "$L/arena-medium-heuristic" - --lang "$L" arena medium heuristic --games 4 --seed 1
    cli "$L/arena-random-heuristic-match" - --lang "$L" arena random heuristic --match 3 --matches 2 --seed 1
    cli "$L/arena-random-random-wikipedia-a" - --lang "$L" arena random random --games 20 --seed 2 --rules wikipedia-a
    cli "$L/arena-heuristic-random-points" - --lang "$L" arena heuristic random --match 3 --matches 2 --seed 3 --b-points
    cli "$L/arena-bad-games" - --lang "$L" arena medium heuristic --games 0
    cli "$L/arena-bad-player" - --lang "$L" arena foo heuristic
    cli "$L/arena-too-many" - --lang "$L" arena medium heuristic --games 100000001
    # train (errors only; a run prints its speed)
    cli "$L/train-bad-hidden" - --lang "$L" train --hidden 17 --out fresh/x.net
    # play and the game: what the command line says before any terminal is drawn
    cli "$L/play-bad-games" - --lang "$L" play --games 2
    cli "$L/play-bad-level" - --lang "$L" play --level godlike
    cli "$L/play-resume-nothing" - --lang "$L" play --resume
    cli "$L/play-no-terminal" - --lang "$L" play
    cli "$L/game-no-terminal" - --lang "$L"
    # settings files: the language from the file, and a file with problems
    cli_in "$L/config-sv-records" - --data-dir fresh/cfg-sv --config in/config-sv.toml records
    cli_in "$L/config-sv-help" - --data-dir fresh/cfg-sv --config in/config-sv.toml eval $P_START
    cli_in "$L/config-bad-records" - --lang "$L" --data-dir fresh/cfg-bad --config in/config-bad.toml records
    cli_in "$L/config-missing-dir" - --lang "$L" --data-dir fresh/cfg-missing --config fresh/no/such/dir/config.toml records
    cli "$L/records-empty" - --lang "$L" records
    cli "$L/stats-empty" - --lang "$L" stats
    cli "$L/export-missing" - --lang "$L" export no-such-file.toml
    cli "$L/analyze-missing" - --lang "$L" analyze no-such-file.toml
    cli "$L/replay-missing" - --lang "$L" replay no-such-file.toml
    cli "$L/export-not-a-save" - --lang "$L" export in/config-sv.toml
    cli "$L/export-directory" - --lang "$L" export in
}

# Command-line captures on a copy of the fixture, in this order (each may write analyses and
# the index that the next ones read).
cli_fixture() { # cli_fixture LANG
    local L=$1 d="fx-cli-$1" f
    cp -a fixture "$d"
    mkdir -p "cfg/$d"
    local O=(--lang "$L" --data-dir "$d" --config "cfg/$d/config.toml")
    cli_in "$L/fixture/01-records" - "${O[@]}" records
    cli_in "$L/fixture/02-stats" - "${O[@]}" stats
    local i=3
    for f in "$R1_NAME" "$R2_NAME" "$RU_NAME"; do
        cli_in "$L/fixture/$(printf %02d $i)-export-${f%.toml}" - "${O[@]}" export "$d/records/$f"; i=$((i + 1))
    done
    cli_in "$L/fixture/06-export-save" - "${O[@]}" export "$d/match.toml"
    cli_in "$L/fixture/07-analyze-r1" - "${O[@]}" analyze "$d/records/$R1_NAME"
    cli_in "$L/fixture/08-analyze-r2" - "${O[@]}" analyze "$d/records/$R2_NAME"
    cli_in "$L/fixture/09-analyze-r2-again-tsv" - "${O[@]}" analyze --tsv "$d/records/$R2_NAME"
    cli_in "$L/fixture/10-analyze-r2-other-rules" - "${O[@]}" analyze --rules vasamuseet "$d/records/$R2_NAME"
    cli_in "$L/fixture/11-analyze-r2-own-rules" - "${O[@]}" analyze --rules hobby-page "$d/records/$R2_NAME"
    cli_in "$L/fixture/12-analyze-save" - "${O[@]}" analyze "$d/match.toml"
    cli_in "$L/fixture/13-analyze-save-tsv" - "${O[@]}" analyze --tsv "$d/match.toml"
    cli_in "$L/fixture/14-stats-some-analysed" - "${O[@]}" stats
    cli_in "$L/fixture/15-stats-analyze" - "${O[@]}" stats --analyze
    cli_in "$L/fixture/16-stats-after" - "${O[@]}" stats
    cli_in "$L/fixture/17-records-after" - "${O[@]}" records
    cli_in "$L/fixture/18-analyze-unfinished-kept" - "${O[@]}" analyze "$d/records/$RU_NAME"
    # damaged files: a flipped byte, a cut, a newer format
    sed 's/^games = 3$/games = 5/' "$d/records/$R2_NAME" >"$d/damaged-edited.toml"
    head -c 300 "$d/records/$R1_NAME" >"$d/damaged-cut.toml"
    "$PY" - "$d/records/$R1_NAME" "$d/damaged-newer.toml" "$d/damaged-resummed.toml" <<'PY'
import sys
sys.path.insert(0, ".")
import helper
body = helper.save_body(sys.argv[1])
open(sys.argv[2], "wb").write(helper.with_checksum(body.replace("format = 3", "format = 99")))
open(sys.argv[3], "wb").write(helper.with_checksum(body.replace("games = 1", "games = 3")))
PY
    for f in edited cut newer resummed; do
        cli_in "$L/fixture/19-export-damaged-$f" - "${O[@]}" export "$d/damaged-$f.toml"
        cli_in "$L/fixture/19-analyze-damaged-$f" - "${O[@]}" analyze "$d/damaged-$f.toml"
    done
    rm -f "$d"/damaged-*.toml
    "$PY" helper.py verbatim "$d" "$OUT/cli/$L/fixture/=data-dir-after"
}

# ------------------------------------------------------------------------------------------
log "phase 1: command line, tours, computer matches"
chain_a() { # LANG: the 80x24 tour, resuming, small windows, the environment, the help
    tour "$1" 80 24
    resume "$1"
    small "$1"
    environment "$1"
    help_all "$1" 80 24
    log "phase 1 $1 (80x24 tour …) done"
}
chain_b() { # LANG: the 120x40 tour, computer matches
    tour "$1" 120 40
    cvc "$1" 80 24 1 random 1
    cvc "$1" 120 40 3 heuristic 2 hobby-page
    log "phase 1 $1 (120x40 tour, computer matches) done"
}
chain_a en & P1=$!
chain_a sv & P2=$!
chain_b en & P3=$!
chain_b sv & P4=$!
cli_static en
cli_static sv
log "command line (static) done"
wait $P1 $P2 $P3 $P4

# ------------------------------------------------------------------------------------------
# The fixture: the English records of phase 1 and the English hot-seat save, re-stamped with
# fixed times (README.txt), without their analyses and index.
log "phase 2: fixture"
mkdir -p fixture/records fixture-src
one() { ls "$1" | grep -E "$2" | head -1; }
R1_SRC=$(one data/cvc-en-80x24-random/records '\.toml$')
R2_SRC=$(one data/cvc-en-120x40-heuristic/records '\.toml$')
RU_SRC=$(one data/tour-en-80x24/records 'unfinished\.toml$')
R1_NAME=1767261600-Computer__random_-Computer__random_.toml        # 2026-01-01 10:00 UTC
R2_NAME=1767351600-Computer__heuristic_-Computer__heuristic_.toml  # 2026-01-02 11:00 UTC
RU_NAME=1767441600-unfinished.toml                                  # 2026-01-03 12:00 UTC
"$PY" helper.py restamp "data/cvc-en-80x24-random/records/$R1_SRC" "fixture/records/$R1_NAME" 1767261600
"$PY" helper.py restamp "data/cvc-en-120x40-heuristic/records/$R2_SRC" "fixture/records/$R2_NAME" 1767351600
"$PY" helper.py restamp "data/tour-en-80x24/records/$RU_SRC" "fixture/records/$RU_NAME" 1767441600
"$PY" helper.py restamp snap/tour-en-80x24/match.toml fixture/match.toml 1767531600 # 2026-01-04 13:00
# The crafted saves: R1 and R2 one turn before the end of their first game.
"$PY" helper.py craft "fixture/records/$R1_NAME" fixture-src/near-end-1.toml ./brade >fixture-src/near-end-1.play
"$PY" helper.py craft "fixture/records/$R2_NAME" fixture-src/near-end-3.toml ./brade >fixture-src/near-end-3.play
mkdir -p "$OUT/fixture"
cp -a fixture/. "$OUT/fixture/"
cp fixture-src/* "$OUT/fixture/"

log "phase 3: fixture screens and commands, games ended at the keyboard"
chain_c() { # LANG: games ended at the keyboard, brade replay
    gameover_keys "$1"
    gameover_typed "$1"
    replay_cli "$1"
    held "$1"
    log "phase 3 $1 (game over, replay) done"
}
chain_d() { # LANG: the fixture's screens at both sizes
    fixture_tui "$1" 80 24
    fixture_tui "$1" 120 40
    log "phase 3 $1 (fixture screens) done"
}
chain_c en & P1=$!
chain_c sv & P2=$!
chain_d en & P3=$!
chain_d sv & P4=$!
cli_fixture en
cli_fixture sv
log "command line (fixture) done"
wait $P1 $P2 $P3 $P4

# ------------------------------------------------------------------------------------------
# The files the TUI runs left (normalised: README.txt), and the settings files.
log "phase 4: saves"
pairs=()
for d in data/*; do
    n=$(basename "$d")
    case $n in fixture-*|replay-cli-*|held-*) continue ;; esac
    pairs+=("$d" "$OUT/saves/$n")
done
for d in snap/*; do
    pairs+=("$d" "$OUT/saves/$(basename "$d")-snapshot-after-tour")
done
"$PY" helper.py normalize "${pairs[@]}"
find "$OUT/screens" -name '*.ansi' -print0 | xargs -0 "$PY" helper.py canon-ansi
for c in cfg/*/config.toml; do
    [ -f "$c" ] || continue
    mkdir -p "$OUT/settings"
    cp "$c" "$OUT/settings/$(basename "$(dirname "$c")").config.toml"
done
log "done in $(( $(date +%s) - T0 )) s"
exit 0

: <<'#### end'
#### helper.py
#!/usr/bin/env python3
"""Helpers of capture.sh (see README.txt): FNV-1a checksums of brade's files, re-stamping
a save with a fixed time, crafting a save one turn before the end of a game, and copying
a data directory with its time-dependent parts normalised."""
import json
import os
import re
import subprocess
import sys
import tomllib

SAVE_PREFIX = "# brade save, checksum fnv1a64 "


def fnv(data: bytes) -> str:
    h = 0xCBF29CE484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def with_checksum(body: str) -> bytes:
    return (SAVE_PREFIX + fnv(body.encode()) + "\n" + body).encode()


def save_body(path: str) -> str:
    text = open(path, "rb").read().decode()
    first, body = text.split("\n", 1)
    if not first.startswith(SAVE_PREFIX):
        sys.exit(f"helper: {path} is not a checksummed save")
    return body


def restamp(src: str, dst: str, secs: str) -> None:
    """Copy the save SRC to DST with saved_at = SECS and the checksum line made again."""
    body = save_body(src)
    body, n = re.subn(r"^saved_at = \d+$", f"saved_at = {int(secs)}", body, flags=re.M)
    if n != 1:
        sys.exit(f"helper: no saved_at in {src}")
    open(dst, "wb").write(with_checksum(body))


def craft(src: str, dst: str, brade: str) -> None:
    """From the finished record SRC, a save of the same match one turn before the end of
    its first game, that turn's roll already thrown and both sides human (DST)."""
    body = save_body(src)
    data = tomllib.loads(body)
    head, *games = body.split("\n[[game]]\n")
    game = games[0]
    turns = data["game"][0]["turns"]
    rules = data.get("rules", "vasamuseet")
    pos = "1x15/1x15/" + ("w" if data["game"][0]["starter"] == "white" else "b")
    for turn in turns[:-1]:
        roll, play = turn.split(" ", 1)
        out = subprocess.run(
            [brade, "moves", "--rules", rules, pos, roll],
            capture_output=True, text=True, check=True,
        ).stdout
        found = [line.split("\t")[1] for line in out.splitlines() if line.split("\t")[0] == play]
        if len(found) != 1:
            sys.exit(f"helper: turn {turn!r} from {pos} not found among the plays")
        pos = found[0]
    last_roll, last_play = turns[-1].split(" ", 1)
    head = head.replace("finished = true", "finished = false")
    head = re.sub(r"^(white|black)_computer = .*\n", "", head, flags=re.M)
    head = re.sub(r'^position = ".*"$', lambda _: f'position = "{pos}"\nroll = "{last_roll}"', head, flags=re.M)
    drawn = 2 * len(data["teka"]) + 2 * len(turns)
    head = re.sub(r"^dice_drawn = \d+$", f"dice_drawn = {drawn}", head, flags=re.M)
    new_turns = "turns = " + json.dumps(turns[:-1], ensure_ascii=False)
    game = re.sub(r"^turns = .*$", lambda _: new_turns, game, flags=re.M)
    game = re.sub(r"^(winner|result) = .*\n?", "", game, flags=re.M)
    body = head + "\n[[game]]\n" + game.rstrip("\n") + "\n"
    open(dst, "wb").write(with_checksum(body))
    print(last_play)


TIME_NAME = re.compile(r"^\d{9,11}(?=-)")


def norm_name(name: str) -> str:
    name = TIME_NAME.sub("TIME", name)
    name = re.sub(r"\.bad-\d+", ".bad-TIME", name)
    name = re.sub(r"\.\d+-\d+\.tmp$", ".PID-N.tmp", name)
    return name


def ok(expected: str, data: bytes) -> str:
    got = fnv(data)
    return "<fnv1a-ok>" if got == expected else f"<fnv1a-MISMATCH {expected} != {got}>"


def normalize(src: str, dst: str, verbatim: bool = False) -> None:
    """Copy the data directory SRC to DST, normalising what depends on the clock or the
    process (README.txt lists every rule); VERBATIM (a directory whose times are fixed):
    only the lock's process id and the names of temporary files."""
    listing = []
    for root, dirs, files in os.walk(src):
        dirs.sort()
        rel = os.path.relpath(root, src)
        for name in sorted(files):
            path = os.path.join(root, name)
            data = open(path, "rb").read()
            new_name = re.sub(r"\.\d+-\d+\.tmp$", ".PID-N.tmp", name) if verbatim else norm_name(name)
            target = os.path.normpath(os.path.join(dst, rel, new_name))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            text = None
            try:
                text = data.decode()
            except UnicodeDecodeError:
                pass
            if text is not None and name == "lock" and re.fullmatch(r"\d+\n?", text):
                text = "<PID>\n"
            elif verbatim:
                pass
            elif text is not None and text.startswith(SAVE_PREFIX):
                first, body = text.split("\n", 1)
                body = re.sub(r"^saved_at = \d+$", "saved_at = <TIME>", body, flags=re.M)
                text = SAVE_PREFIX + ok(first[len(SAVE_PREFIX):], data[len(first) + 1:]) + "\n" + body
            elif text is not None and name.endswith(".analysis") and text.startswith("brade-analysis "):
                first, body = text.split("\n", 1)
                f = first.split(" ")
                record = os.path.join(root, name[: -len(".analysis")] + ".toml")
                rec_bytes = open(record, "rb").read() if os.path.exists(record) else b""
                f[-2] = "<record " + ok(f[-2], rec_bytes) + ">"
                if fnv(body.encode()) != f[-1]:
                    f[-1] = f"<fnv1a-MISMATCH {f[-1]}>"
                text = " ".join(f) + "\n" + body
            elif text is not None and name == "index" and os.path.basename(root) == "records":
                first, body = text.split("\n", 1)
                head, _, sumhex = first.rpartition(" ")
                rows = []
                for line in body.splitlines():
                    f = line.split("\t")
                    if len(f) == 10:
                        rec = os.path.join(root, f[0])
                        f[1] = ok(f[1], open(rec, "rb").read() if os.path.exists(rec) else b"")
                        ana = os.path.join(root, os.path.splitext(f[0])[0] + ".analysis")
                        if f[2] != "-":
                            f[2] = ok(f[2], open(ana, "rb").read() if os.path.exists(ana) else b"")
                        f[0] = norm_name(f[0])
                        f[3] = "<TIME>"
                    rows.append("\t".join(f) + "\n")
                text = head + " " + ok(sumhex, body.encode()) + "\n" + "".join(rows)
            if text is not None:
                data = text.encode()
            if os.path.exists(target):
                sys.exit(f"helper: two files normalise to {target}")
            open(target, "wb").write(data)
            listing.append(os.path.normpath(os.path.join(rel, new_name)))
    os.makedirs(dst, exist_ok=True)
    with open(os.path.join(dst, "=listing.txt"), "w") as out:
        for line in sorted(listing):
            out.write(line + "\n")


SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def sgr_apply(state: dict, params: str) -> None:
    """The attributes after the SGR sequence with PARAMS (state: name -> value)."""
    codes = params.split(";") if params else ["0"]
    i = 0
    while i < len(codes):
        c = codes[i] or "0"
        i += 1
        if ":" in c:  # a sub-parameter form such as 4:3: kept as it is
            state["sub" + c.split(":")[0]] = c
            continue
        n = int(c)
        if n == 0:
            state.clear()
        elif n in (38, 48, 58):
            key = {38: "fg", 48: "bg", 58: "ul"}[n]
            if i < len(codes) and codes[i] == "5":
                state[key] = "5;" + codes[i + 1]
                i += 2
            elif i < len(codes) and codes[i] == "2":
                state[key] = "2;" + ";".join(codes[i + 1 : i + 4])
                i += 4
        elif 30 <= n <= 37 or 90 <= n <= 97:
            state["fg"] = str(n)
        elif 40 <= n <= 47 or 100 <= n <= 107:
            state["bg"] = str(n)
        elif n == 39:
            state.pop("fg", None)
        elif n == 49:
            state.pop("bg", None)
        elif n == 59:
            state.pop("ul", None)
        elif n == 22:
            state.pop("a1", None)
            state.pop("a2", None)
        elif n in (23, 24, 25, 27, 28, 29, 55):
            state.pop("a" + str({55: 53}.get(n, n - 20)), None)
        else:
            state["a" + str(n)] = True


def sgr_text(state: dict) -> str:
    """The canonical sequence for a state: reset, then every attribute in a fixed order."""
    parts = ["0"]
    for key in sorted(k for k in state if k.startswith("a")):
        parts.append(key[1:])
    for key, lead in (("fg", "38"), ("bg", "48"), ("ul", "58")):
        if key in state:
            v = state[key]
            parts.append(v if ";" not in v else lead + ";" + v)
    for key in sorted(k for k in state if k.startswith("sub")):
        parts.append(state[key])
    return "\x1b[" + ";".join(parts) + "m"


def canon_ansi(*paths: str) -> None:
    """Rewrite captures of `tmux capture-pane -e` in a canonical form: the same attributes
    of every cell, written as one full sequence at each change and a reset at the end of
    every line that has any. (Where tmux puts its sequences depends on whether a line was
    marked wrapped, which depends on how the program happened to draw it.)"""
    for path in paths:
        text = open(path, "rb").read().decode()
        state: dict = {}
        out_lines = []
        for line in text.split("\n"):
            out = []
            current = None
            pos = 0
            pieces = []
            for m in SGR.finditer(line):
                pieces.append(("t", line[pos : m.start()]))
                pieces.append(("s", m.group(1)))
                pos = m.end()
            pieces.append(("t", line[pos:]))
            for kind, value in pieces:
                if kind == "s":
                    sgr_apply(state, value)
                    continue
                if not value:
                    continue
                seq = sgr_text(state)
                if seq != current:
                    if not (current is None and not state):
                        out.append(seq)
                    current = seq
                out.append(value)
            if current is not None and current != "\x1b[0m":
                out.append("\x1b[0m")
            out_lines.append("".join(out))
        open(path, "wb").write("\n".join(out_lines).encode())


if __name__ == "__main__":
    cmd, *args = sys.argv[1:]
    if cmd == "verbatim":
        normalize(*args, verbatim=True)
    elif cmd == "canon-ansi":
        canon_ansi(*args)
    elif cmd == "normalize":
        # pairs SRC DST
        for i in range(0, len(args), 2):
            normalize(args[i], args[i + 1])
    else:
        {"restamp": restamp, "craft": craft, "normalize": normalize}[cmd](*args)
#### end
