#!/usr/bin/env bash
# The page budget, run by hand (issue 52): every route of docs/viewer.md with the parameters a
# user gives (each filter of the games list, the puzzles and the explorer, the player with the
# most games, each example query), fetched from a viewer started on DB as from the address bar. "cold" is a URL's first
# request since the start (routes go in the order below, so the first is the coldest); "warm" the
# median of five more. Beside them, /api/sql?q=SELECT+1 warm, for scale. Ends with the ten
# slowest and the routes over the budget (COLD=1 and WARM=0.3 seconds unless set).
#
#   bench/pages.sh DB        (an H2 file's path or a jdbc:postgresql:// URL; PORT=7272 may be set)
#
# Best on a file reviewed and mined (emergo review, emergo puzzles), else the review's and the
# puzzles' routes show their empty pages. Needs the packaged jar
# (mvn -B -o -q -pl cli -am package -DskipTests), curl, bc and python3. The server listens on 127.0.0.1 only.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/cli/target/emergo.jar"
[ -f "$jar" ] || { echo "pages.sh: $jar is missing: mvn -B -o -q -pl cli -am package -DskipTests" >&2; exit 1; }
[ $# -eq 1 ] || { echo "usage: bench/pages.sh DB" >&2; exit 2; }
db="$1"
port="${PORT:-7272}"
cold_limit="${COLD:-1}"
warm_limit="${WARM:-0.3}"
base="http://127.0.0.1:$port"
emergo() { java -XX:+UseParallelGC -jar "$jar" "$@"; }
unquote() { tr -d '\r' | sed -E 's/^"(.*)"$/\1/; s/""/"/g'; } # a CSV field of one column
value() { emergo sql --db "$db" --format csv "$1" | sed -n 2p | unquote; }
values() { emergo sql --db "$db" --format csv "$1" | sed 1d | unquote; }
has() { [ "$(value "SELECT COUNT(*) FROM $1")" != 0 ]; }

# what a user would ask for, read before the viewer starts so that its caches stay cold
player="$(value "SELECT name FROM (SELECT white AS name FROM game UNION ALL SELECT black FROM game) p
    WHERE name IS NOT NULL GROUP BY name ORDER BY COUNT(*) DESC, name LIMIT 1")"
event="$(value "SELECT event FROM game WHERE event IS NOT NULL GROUP BY event ORDER BY COUNT(*) DESC, event LIMIT 1")"
game="$(value "SELECT id FROM game ORDER BY id LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM game)")"
code="$(value "SELECT code FROM finding GROUP BY code ORDER BY COUNT(*) DESC, code LIMIT 1")"
reviewed="" mistake="" puzzle="" wrong="" themes=""
if has review; then
  reviewed="$(value "SELECT game_id FROM review ORDER BY game_id LIMIT 1")"
  mistake="$(value "SELECT p.game_id || '/' || p.ply FROM review_ply p JOIN game g ON g.id = p.game_id
      WHERE p.move_class IN ('mistake', 'blunder') AND (g.white = '${player//\'/\'\'}' AND p.player = 'w'
      OR g.black = '${player//\'/\'\'}' AND p.player = 'b') ORDER BY p.game_id DESC, p.ply LIMIT 1")"
fi
if has puzzle; then
  puzzle="$(value "SELECT game_id || '-' || ply FROM puzzle WHERE in_set ORDER BY game_id DESC, ply LIMIT 1")"
  epn="$(value "SELECT epn FROM puzzle WHERE game_id || '-' || ply = '$puzzle'")"
  variant="$(value "SELECT variant FROM puzzle WHERE game_id || '-' || ply = '$puzzle'")"
  first="$(value "SELECT moves FROM puzzle WHERE game_id || '-' || ply = '$puzzle'" | cut -d' ' -f1)"
  wrong="$(emergo moves --variant "$variant" "$epn" | grep -vxF "$first" | head -1)"
  themes="$(values "SELECT DISTINCT theme FROM puzzle_theme ORDER BY theme")"
fi
start_epn="$(value "SELECT epn FROM position WHERE ply = 0 ORDER BY game_id LIMIT 1")"
later_epn="$(value "SELECT epn FROM position WHERE game_id = $game AND ply = 6")"

routes=()
add() { routes+=("$1"); }
enc() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote_plus(sys.argv[1]))' "$1"; }
segment() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$1"; }
p="$(enc "$player")"
add "/"
for f in "player=$p" "white=$p" "black=$p" "event=$(enc "$event")" "result=1-0" "rbr=0-1" "variant=HexEmergo" \
    "from=2020&to=2026" "findings=yes" "findings=no" "code=$code" "minply=50&maxply=100" "q=$(enc "${player%%,*}")"; do
  add "/games?$f"
done
for f in "reviewed=yes" "reviewed=no" "maxacc=50" "side=b&minblunders=3" "player=$p&reviewed=yes&minmistakes=1"; do
  add "/games?$f"
done
for s in id date white black event result plies findings; do add "/games?sort=$s&dir=desc"; done
add "/games?page=20"
add "/game/$game"; add "/game/$game/40"; add "/game/$game.egn"
[ -n "$reviewed" ] && add "/game/$reviewed/20"
add "/position?epn=$(enc "$start_epn")"
add "/analysis?epn=$(enc "$later_epn")"
add "/api/analyse?epn=$(enc "$later_epn")"
add "/position?epn=$(enc "$later_epn")"
add "/position?epn=$(enc "$start_epn")&player=$p"
add "/position?epn=$(enc "$start_epn")&player=$p&color=w&from=2000"
add "/search?pattern=$(enc "e5:w2+")"
add "/search?pattern=$(enc "e5:w2+")&next=1"
add "/search?pattern=$(enc "e5:w4+")&next=1"
add "/search?pattern=$(enc "turn:w d4:b3+")&page=2"
add "/players"; add "/players?variant=HexEmergo"
add "/player/$(segment "$player")"
add "/player/$(segment "$player")/mistakes"
add "/player/$(segment "$player")/mistakes?page=5"
[ -n "$mistake" ] && add "/player/$(segment "$player")/mistakes/$mistake"
add "/puzzles"
for f in "variant=HexEmergo" "variant=Emergo" "rating=easy" "rating=medium" "rating=hard" "player=$p" "event=$(enc "$event")"; do
  add "/puzzles?$f"
done
for t in $themes; do add "/puzzles?theme=$t"; done
if [ -n "$puzzle" ]; then
  add "/puzzles/$puzzle"
  add "/puzzles/$puzzle?at=0&wrong=$(enc "$wrong")"
  add "/api/puzzles/$puzzle"
fi
add "/api/puzzles"; add "/api/puzzles?page=3&theme=capture"
add "/stats"
add "/sql"
for q in "$root"/sql/queries/*.sql; do add "/sql?example=$(basename "$q" .sql)"; done
add "/api/games"; add "/api/games?player=$p"; add "/api/games/$game"
add "/api/positions?epn=$(enc "$start_epn")"
add "/api/players"; add "/api/players/$(segment "$player")"
add "/api/search?pattern=$(enc "e5:w2+")"

java -XX:+UseG1GC -XX:MaxGCPauseMillis=50 -jar "$jar" serve --db "$db" --port "$port" > /dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 1 240); do curl -fs -H 'Sec-Fetch-Site: none' -o /dev/null "$base/api/sql?q=SELECT+1" && break; sleep 0.5; done

fetch() { # URL: seconds, or the status where it is no answer of 2xx or 3xx
  local out
  out="$(curl -s -H 'Sec-Fetch-Site: none' -o /dev/null --max-time 600 -w '%{http_code} %{time_total}' "$base$1" || true)"
  case "$out" in 2*|3*) echo "${out#* }" ;; *) echo "status-${out%% *}" ;; esac
}
median5() {
  local i
  for i in 1 2 3 4 5; do fetch "$1"; done | sort -n | sed -n 3p
}

results="$(mktemp)"
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true; rm -f "$results"' EXIT
# /stats shows "being computed" until its figures are there: its cold time is until they are
printf '%-9s %-9s %s\n' "cold s" "warm s" "route"
for r in "${routes[@]}"; do
  cold="$(fetch "$r")"
  if [ "$r" = /stats ]; then
    t0=$(date +%s.%N)
    while curl -s "$base/stats" | grep -q 'being computed'; do sleep 0.2; done
    cold="$(echo "$(date +%s.%N) - $t0 + $cold" | bc)"
  fi
  warm="$(median5 "$r")"
  printf '%-9s %-9s %s\n' "$cold" "$warm" "$r" | tee -a "$results"
done
one="$(median5 "/api/sql?q=SELECT+1")"
echo
echo "SELECT 1 through /api/sql, warm: $one s"
echo
echo "The ten slowest, cold:"
sort -g -r "$results" | head -10
echo
over="$(awk -v c="$cold_limit" -v w="$warm_limit" '$1 !~ /^[0-9.]+$/ || $1 + 0 > c || $2 + 0 > w' "$results")"
if [ -n "$over" ]; then
  echo "Over the budget ($cold_limit s cold, $warm_limit s warm):"
  echo "$over"
else
  echo "Every route within $cold_limit s cold and $warm_limit s warm."
fi
