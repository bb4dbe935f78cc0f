#!/usr/bin/env bash
# The review's time against the analysis's on the demo, as issue 27 measures it (docs/review.md,
# the review's time): per round a fresh demo database (`emergo demo --no-serve`), then
# `emergo analyze --all` and `emergo review` on it, each timed (wall clock and the CPU of the
# process and its children), and the ratio of the two wall clocks of that round. Run by hand
# with nothing else running; the review of the demo takes about 4 minutes on 2 cores.
#   bench/review-ratio.sh [ROUNDS]      (ROUNDS 1; EMERGO="java -jar other.jar" times another build)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-1}"
read -ra emergo <<< "${EMERGO:-$root/emergo}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

timed() { # OUT command...: runs it, its output to $work/log; the wall and CPU seconds to OUT
    local out="$1"; shift
    /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" > "$work/log" 2>&1 \
        || { echo "review-ratio.sh: $* failed:" >&2; tail -5 "$work/log" >&2; exit 1; }
    awk '{printf "%.1f %.1f\n", $1, $2 + $3}' "$work/time" > "$out"
}

[ -x /usr/bin/time ] || { echo "review-ratio.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
"${emergo[@]}" --version > /dev/null # a launcher builds its jar first, outside the times
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
for ((i = 1; i <= rounds; i++)); do
    db="$work/demo-$i/db"
    "${emergo[@]}" demo --no-serve --db "$db" > "$work/log" 2>&1 \
        || { echo "review-ratio.sh: demo failed:" >&2; tail -5 "$work/log" >&2; exit 1; }
    timed "$work/analyze" "${emergo[@]}" analyze --all --db "$db"
    timed "$work/review" "${emergo[@]}" review --db "$db"
    read -r aw ac < "$work/analyze"
    read -r rw rc < "$work/review"
    awk -v i="$i" -v aw="$aw" -v ac="$ac" -v rw="$rw" -v rc="$rc" 'BEGIN {
        printf "round %d: analyze --all %s s (CPU %s s), review %s s (CPU %s s): %.1f times the wall, %s the CPU\n",
            i, aw, ac, rw, rc, rw / aw, (ac > 0 ? sprintf("%.1f", rc / ac) : "-") }'
    rm -rf "$work/demo-$i"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
