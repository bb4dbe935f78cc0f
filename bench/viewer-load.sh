#!/usr/bin/env bash
# The viewer under many users at once (issue 30): one client, then 32 concurrent clients, over
# game pages, the position explorer, pattern search, the statistics and the API, while an
# import and an analyze write to the same database; prints throughput and answer-time
# percentiles of each. On the demo database (emergo-data/demo, made by emergo demo when missing):
#
#   bench/viewer-load.sh               (PORT=7172, SECONDS_EACH=20 may be set; run after mvn package;
#                                       EMERGO="java -jar cli/target/emergo.jar" skips the launcher's build check)
#
# The server listens on 127.0.0.1 only, and every request goes to it; the clients stop after
# SECONDS_EACH or 200,000 requests. Say the load average with the figures: the machine is shared.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
demo="emergo-data/demo"
port="${PORT:-7172}"
seconds="${SECONDS_EACH:-20}"
base="http://127.0.0.1:$port"
work="$(mktemp -d)"
read -r -a emergo <<< "${EMERGO:-./emergo}"

[[ -f "$demo.mv.db" ]] || "${emergo[@]}" demo --no-serve > /dev/null
db="$work/demo" # a copy, which the writers below change
"${emergo[@]}" backup --db "$demo" "$db" > /dev/null
"${emergo[@]}" generate --games 3000 --seed 3030 > "$work/more.egn"

"${emergo[@]}" serve --db "$db" --port "$port" > /dev/null 2>&1 &
server=$!
writers=()
cleanup() {
  for p in "${writers[@]}"; do kill "$p" 2>/dev/null || true; done
  kill "$server" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 120); do curl -fs -o /dev/null "$base/" && break; sleep 0.5; done

total="$(curl -fs "$base/api/games" | sed -E 's/.*"total":([0-9]+).*/\1/')"
paths=("/game/$((total / 2))/20" "/game/$((total / 3))" "/position?epn=b+11+12+e4%3Aw" "/search?pattern=e5%3Aw"
  "/stats" "/api/games?sort=date&dir=desc" "/games?findings=yes")

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores; $total games (a copy of $demo)"
echo "paths: ${paths[*]}"
echo "alone, nothing writing:"
java bench/ViewerLoad.java "$base" 1 "$seconds" "${paths[@]}"
echo "32 clients, nothing writing:"
java bench/ViewerLoad.java "$base" 32 "$seconds" "${paths[@]}"

# an import and an analyze write to the file the viewer serves (H2's mixed mode)
# (the import adds 3,000 games; the analyze replays the demo's games again, --all)
"${emergo[@]}" import --db "$db" "$work/more.egn" > /dev/null 2>&1 &
writers+=($!)
"${emergo[@]}" analyze --all --db "$db" > /dev/null 2>&1 &
writers+=($!)
echo "alone, while an import and an analyze write:"
java bench/ViewerLoad.java "$base" 1 "$seconds" "${paths[@]}"
echo "32 clients, while an import and an analyze write:"
java bench/ViewerLoad.java "$base" 32 "$seconds" "${paths[@]}"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
