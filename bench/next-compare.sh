#!/usr/bin/env bash
# Two builds of the viewer compared on what was played next, run by hand
# (docs/performance.md#the-ranges-as-arrays): per round, the OLD jar and then the NEW jar each
# serve DB in a fresh JVM (as `emergo serve` runs it), and for each the script prints the time
# of the first /api/search?pattern=PATTERN&next=1 request, the median of the next 5, and the
# median of the 9 after those, beside the median of 5 of /api/sql?q=SELECT 1.
# Alternating the builds in one run puts both under the same load.
#   bench/next-compare.sh OLD.jar NEW.jar DB [ROUNDS [PORT [PATTERN]]]     (ROUNDS 3, PORT 7393,
#                                                                          PATTERN e5:w4+)
set -euo pipefail
old="${1:?usage: bench/next-compare.sh OLD.jar NEW.jar DB [ROUNDS [PORT [PATTERN]]]}"
new="${2:?usage: bench/next-compare.sh OLD.jar NEW.jar DB [ROUNDS [PORT [PATTERN]]]}"
db="${3:?usage: bench/next-compare.sh OLD.jar NEW.jar DB [ROUNDS [PORT [PATTERN]]]}"
rounds="${4:-3}"
port="${5:-7393}"
pattern="${6:-e5:w4+}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
out="$(mktemp -d)"
server=""
stop() { [ -z "$server" ] || { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; server=""; }; }
trap 'stop; rm -rf "$out"' EXIT

base="http://127.0.0.1:$port"
enc() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
# the SQL page runs a GET's query only for its own pages (SqlHandlers), as a browser says
t() { curl -s -o /dev/null --max-time 300 -H 'Sec-Fetch-Site: same-origin' -w '%{time_total}\n' "$1"; }
# median N SKIP URL: the median of N requests after SKIP not counted
median() { for ((k = 0; k < $2; k++)); do t "$3" > /dev/null; done
           for ((k = 0; k < $1; k++)); do t "$3"; done | sort -n | sed -n "$(( ($1 + 1) / 2 ))p"; }
search="$base/api/search?pattern=$(enc "$pattern")&next=1"
one="$base/api/sql?q=$(enc "SELECT 1")"

echo "pattern $pattern on $db; seconds: the first request, the median of the next 5, of the 9 after those; SELECT 1"
for ((r = 1; r <= rounds; r++)); do
    for build in old new; do
        jar="$old"; [ "$build" = new ] && jar="$new"
        # the launcher's settings for serve (the emergo script)
        "$java" -XX:+UseG1GC -XX:MaxGCPauseMillis=50 -jar "$jar" serve --db "$db" --port "$port" > "$out/serve" 2>&1 &
        server=$!
        until curl -fs -o /dev/null "$base/"; do
            kill -0 "$server" 2>/dev/null || { echo "next-compare.sh: the viewer did not start:" >&2; cat "$out/serve" >&2; exit 1; }
            sleep 0.5
        done
        first=$(t "$search")
        next5=$(median 5 0 "$search")
        next9=$(median 9 0 "$search")
        printf 'round %d %-3s %s %s %s; SELECT 1 %s; load %s\n' "$r" "$build" "$first" "$next5" "$next9" \
            "$(median 5 1 "$one")" "$(cut -d' ' -f1 /proc/loadavg)"
        stop
    done
done
