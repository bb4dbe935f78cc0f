#!/usr/bin/env bash
# Soak for issue 30: an H2 import killed (SIGKILL) right after "import: 2000 games stored",
# as InterruptedImportProcessTest does, many times over; after each kill the file is checked
# for games without the tags their records have (each generated game has 2 tags in game_tag).
# A broken file is kept (a copy taken before anything opened it again) in KEEP.
#
#   bench/kill-soak.sh ITERATIONS [WORKDIR]     (run after mvn install; nice it on a shared machine)
#
# Prints one line per iteration: N games tags untagged, and a summary at the end.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
jar=$here/cli/target/emergo.jar
tests=$here/cli/target/test-classes
h2=$(ls ~/.m2/repository/com/h2database/h2/2.4.240/h2-2.4.240.jar)
n=${1:-100}
work=${2:-$(mktemp -d /tmp/emergo-kill-soak.XXXXXX)}
keep=$work/broken
mkdir -p "$work" "$keep"
java=(java -XX:+UseSerialGC)
line="import: 2000 games stored"

[ -f "$work/first.egn" ] || "${java[@]}" -jar "$jar" generate --games 4000 --seed 31 > "$work/first.egn"
[ -f "$work/second.egn" ] || "${java[@]}" -jar "$jar" generate --games 1000 --seed 32 > "$work/second.egn"
if [ ! -f "$work/template.mv.db" ]; then
  : > "$work/empty.egn" # a new file with the schema, copied for each run
  "${java[@]}" -jar "$jar" import --db "$work/template" "$work/empty.egn" >/dev/null
fi

check='SELECT (SELECT COUNT(*) FROM game) AS games, (SELECT COUNT(*) FROM game_tag) AS tags,
 (SELECT COUNT(*) FROM game g WHERE NOT EXISTS (SELECT 1 FROM game_tag t WHERE t.game_id = g.id)) AS untagged'
fails=0
for ((i = 1; i <= n; i++)); do
  db=$work/run
  rm -f "$db".* "$work/fifo"
  cp "$work/template.mv.db" "$db.mv.db"
  mkfifo "$work/fifo"
  EMERGO_PROGRESS=lines "${java[@]}" -cp "$jar:$tests" org.emergo.cli.PausedEmergo "$line" import --db "$db" "$work/first.egn" "$work/second.egn" \
      2>"$work/fifo" >/dev/null &
  pid=$!
  exec 3<"$work/fifo"
  seen=0
  while IFS= read -r l <&3; do
    if [[ $l == "$line"* ]]; then seen=1; kill -KILL $pid; break; fi
  done
  wait $pid 2>/dev/null
  exec 3<&-
  if [ $seen = 0 ]; then echo "$i: no line"; continue; fi
  cp "$db.mv.db" "$work/after-kill.mv.db"
  # H2's own shell: quicker than emergo sql, and it changes nothing but what opening recovers
  out=$("${java[@]}" -cp "$h2" org.h2.tools.Shell -url "jdbc:h2:file:$db;NON_KEYWORDS=VALUE" -user sa \
      -sql "$check" 2>&1 | sed -n 2p | tr -d ' \r' | tr '|' ',')
  echo "$i: $out"
  IFS=, read -r games tags untagged <<<"$out"
  if ! [[ $games =~ ^[0-9]+$ ]] || [ "$tags" != $((2 * games)) ] || [ "$untagged" != 0 ]; then
    fails=$((fails + 1))
    cp "$work/after-kill.mv.db" "$keep/kill-$i.mv.db"
    echo "$out" > "$keep/kill-$i.txt"
  fi
done
echo "iterations $n, broken $fails, kept in $keep"
