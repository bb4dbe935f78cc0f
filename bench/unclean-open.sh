#!/usr/bin/env bash
# The first command after an unclean stop, against a clean open (docs/h2-kill-partial-commit.md):
# KILLED is a copy of an H2 file taken right after a kill (NAME.mv.db) and LOCK the lock file the
# kill left beside it, its time kept (cp -p): H2Lock takes the stopped program's start from it.
# Per round and per build: the copy restored, `emergo sql "SELECT 1"` timed (the first command
# after the kill), then timed again (a clean open). Run by hand with nothing else running.
#   bench/unclean-open.sh KILLED.mv.db LOCK.lock.db [ROUNDS] [JAR...]   (no JAR: ./emergo's)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
killed="$1"; lock="$2"; rounds="${3:-2}"; shift $(( $# < 3 ? $# : 3 ))
jars=("$@")
[ ${#jars[@]} -gt 0 ] || { "$root/emergo" --version > /dev/null; jars=("$root/cli/target/emergo.jar"); }
[ -x /usr/bin/time ] || { echo "unclean-open.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
timed() { # OUT jar: the wall and CPU seconds of one SELECT 1
    /usr/bin/time -f '%e %U %S' -o "$work/time" java -jar "$2" sql --db "$work/db" "SELECT 1" > /dev/null
    awk '{printf "%.1f s (CPU %.1f s)", $1, $2 + $3}' "$work/time" > "$1"
}
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
for ((i = 1; i <= rounds; i++)); do
    for jar in "${jars[@]}"; do
        cp "$killed" "$work/db.mv.db"
        cp -p "$lock" "$work/db.lock.db"
        sync # the copy's 4 GB written out before the clock starts, not while the command reads
        timed "$work/first" "$jar"
        timed "$work/clean" "$jar"
        echo "round $i $(basename "$jar"): after the stop $(cat "$work/first"), a clean open $(cat "$work/clean")"
    done
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
