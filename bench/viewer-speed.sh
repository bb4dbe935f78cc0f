#!/usr/bin/env bash
# The viewer's speed, run by hand (issue 10): median answer times of the main pages, warm, and
# 50 concurrent clients on loopback for 30 s. On 100,000 analysed games:
#
#   bench/viewer-speed.sh [DB]        (default DB: emergo-data/bench100k, made when missing;
#                                      a jdbc:postgresql:// URL is used as it is;
#                                      PORT=7171 and DURATION=30s may be set)
#
# Making the database takes a while (generate, import, analyse: README "Speed"). The server
# listens on 127.0.0.1 only; every request goes to it. Needs curl, and wrk (apt-get install wrk).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
db="${1:-emergo-data/bench100k}"
port="${PORT:-7171}"
duration="${DURATION:-30s}"
base="http://127.0.0.1:$port"

if [[ "$db" != jdbc:* && ! -f "$db.mv.db" ]]; then
  mkdir -p "$(dirname "$db")"
  egn="$(mktemp --suffix=.egn)"
  ./emergo generate --games 100000 --seed 42 > "$egn"
  ./emergo import --db "$db" "$egn"
  ./emergo analyze --db "$db"
  rm -f "$egn"
fi

./emergo serve --db "$db" --port "$port" > /dev/null &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -fs -o /dev/null "$base/" && break; sleep 0.5; done

# a player and a game to ask for: the first game's White, the middle game
player="$(curl -fs "$base/api/games?sort=id&dir=asc" | sed -E 's/.*"white":"([^"]*)".*/\1/;q' | sed 's/ /+/g;s/,/%2C/g')"
game="$(curl -fs "$base/api/games" | sed -E 's/.*"total":([0-9]+).*/\1/')"
game=$((game / 2))

median() {  # URL: the median of 51 timed requests after 10 to warm up, in ms
  local url="$1" i
  for i in $(seq 1 10); do curl -fs -o /dev/null "$url"; done
  for i in $(seq 1 51); do curl -fs -o /dev/null -w '%{time_total}\n' "$url"; done \
    | sort -n | sed -n 26p | awk '{ printf "%.1f", $1 * 1000 }'
}

printf '%-58s %s\n' "page" "median ms"
for path in "/games?player=$player&findings=no&sort=date&dir=desc" "/game/$game/40" \
    "/position?epn=b+11+12+e4%3Aw" "/stats" "/api/games?code=MISSED_CAPTURE"; do
  printf '%-58s %s\n' "$path" "$(median "$base$path")"
done

echo
echo "50 clients, $duration, on a game page:"
wrk -t2 -c50 -d"$duration" --latency "$base/game/$game/40"
echo
echo "50 clients, $duration, on the filtered games list:"
wrk -t2 -c50 -d"$duration" --latency "$base/games?player=$player&findings=no"
