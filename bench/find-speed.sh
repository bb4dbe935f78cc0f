#!/usr/bin/env bash
# emergo find against SELECT 1 on the same database, run by hand (README, Pattern search):
# ROUNDS rounds (3), each `emergo sql "SELECT 1"` (the JVM's start, for scale) and then
# `emergo find $FIND_ARGS` (--limit 50) for every pattern, each a fresh process through the launcher.
#   bench/find-speed.sh DB [PATTERN...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
db="${1:?usage: bench/find-speed.sh DB [PATTERN...]}"
shift
patterns=("$@")
[ ${#patterns[@]} -gt 0 ] || patterns=("e5:w4+" "turn:b d4:empty f4:=w3b2" "a5:3+" "e5:bp capture:2+"
    "e5:w4 then:6 e5:b" "e5:4 then:6 capture:1+"
    "a5:2 or e1:2 or e9:2 or i5:2" "e5:w2+ not e5:wp" "sym a5:2" "sym colours e5:w4 then:6 e5:!w"
    "takes:3+" "turn:w e5:hit" "material:w+2+" "material:w+2+ for:6" "due for:2 then:4 takes:0")
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

timed() { # LABEL command...: prints the wall time, the label and the last line of stderr
    local label="$1" t0; shift
    t0=$(date +%s.%N)
    "$@" > "$out/stdout" 2> "$out/stderr" || { echo "find-speed.sh: $label failed:" >&2; cat "$out/stderr" >&2; exit 1; }
    printf '%6.2f s  %-32s %s\n' "$(echo "$(date +%s.%N) - $t0" | bc)" "$label" \
        "$(grep -v '^emergo find:' "$out/stderr" | tail -1)"
}

"$root/emergo" --version > /dev/null # builds the jar and its class-data archive first
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
read -ra find_args <<< "${FIND_ARGS:---limit 50}"
for _ in $(seq 1 "${ROUNDS:-3}"); do
    timed "SELECT 1" "$root/emergo" sql --db "$db" "SELECT 1"
    for p in "${patterns[@]}"; do timed "$p" "$root/emergo" find --db "$db" "${find_args[@]}" "$p"; done
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
