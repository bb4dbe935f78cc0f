#!/usr/bin/env bash
# What was played next (emergo find --next, /api/search?...&next=1) against SELECT 1 on the same
# database, run by hand (docs/performance.md, Pattern search):
#   cold: bench/find-speed.sh with `emergo find --next --limit 20` (ROUNDS rounds, 3);
#   warm: `emergo serve` on DB, then per pattern the median of 5 requests of /api/search?next=1
#         (after one not counted), beside the median of 5 of /api/sql?q=SELECT 1.
# The cold runs end before the viewer starts: an H2 file is then opened by one process at a time.
#   bench/next-speed.sh DB [PORT [PATTERN...]]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
db="${1:?usage: bench/next-speed.sh DB [PORT [PATTERN...]]}"
port="${2:-7391}"
shift $(( $# > 1 ? 2 : 1 ))
patterns=("$@")
[ ${#patterns[@]} -gt 0 ] || patterns=("turn:b d4:empty f4:=w3b2" "e5:w4 then:6 e5:b" "e5:w4+")
out="$(mktemp -d)"
server=""
trap '[ -z "$server" ] || { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; }; rm -rf "$out"' EXIT

FIND_ARGS="--next --limit 20" "$root/bench/find-speed.sh" "$db" "${patterns[@]}"

base="http://127.0.0.1:$port"
"$root/emergo" serve --db "$db" --port "$port" > "$out/serve" 2>&1 &
server=$!
until curl -fs -o /dev/null "$base/"; do
    kill -0 "$server" 2>/dev/null || { echo "next-speed.sh: the viewer did not start:" >&2; cat "$out/serve" >&2; exit 1; }
    sleep 0.5
done
enc() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
# the SQL page runs a GET's query only for its own pages (SqlHandlers), as a browser says
t() { curl -s -o /dev/null --max-time 120 -H 'Sec-Fetch-Site: same-origin' -w '%{time_total} %{http_code}\n' "$1"; }
median() { t "$1" > /dev/null; for _ in 1 2 3 4 5; do t "$1"; done | sort -n | sed -n 3p; }
printf '%-32s %s\n' "/api/sql SELECT 1" "$(median "$base/api/sql?q=$(enc "SELECT 1")")"
for p in "${patterns[@]}"; do
    printf '%-32s %s\n' "$p" "$(median "$base/api/search?pattern=$(enc "$p")&next=1")"
done
printf '%-32s %s\n' "/api/sql SELECT 1" "$(median "$base/api/sql?q=$(enc "SELECT 1")")"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
