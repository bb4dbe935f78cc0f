#!/usr/bin/env bash
# Soak for issue 30: a review on H2 killed (SIGKILL) right after its first commits, as
# InterruptedReviewProcessTest kills it, many times over; after each kill the file is opened as
# the test opens it and the review is run again, which must review every game the kill left.
# Before emergo finished H2's rollback after an unclean stop (store H2Leftovers), 3 of 22 such
# kills left index entries that no query sees and that made the second review fail on
# review_ply's primary key (docs/h2-kill-partial-commit.md). A file whose second run fails is
# kept (a copy taken before anything opened it again) in WORKDIR/broken.
#
#   bench/review-kill-soak.sh ITERATIONS [WORKDIR]     (after mvn package; about 25 s an iteration;
#                                                     EMERGO_JAR=JAR to soak another build)
#
# Prints one line per iteration: the games stored when killed, the reviews the file held after
# it, the second run's exit status, and the ply rows against the plies the reviews count (rows
# a table's index lacks are stored twice by the second run); a summary at the end.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
jar=${EMERGO_JAR:-$here/cli/target/emergo.jar}
n=${1:-100}
work=${2:-$(mktemp -d /tmp/emergo-review-kill-soak.XXXXXX)}
keep=$work/broken
mkdir -p "$work" "$keep"
java=(java -XX:+UseSerialGC)
export EMERGO_PROGRESS=lines

if [ ! -f "$work/template.mv.db" ]; then
  "${java[@]}" -jar "$jar" generate --games 40 --seed 43 > "$work/games.egn"
  "${java[@]}" -jar "$jar" import --db "$work/template" "$work/games.egn" >/dev/null 2>&1
fi

fails=0
for ((i = 1; i <= n; i++)); do
  db=$work/run
  rm -f "$db".* "$work/err"
  cp "$work/template.mv.db" "$db.mv.db"
  at=$(( (RANDOM % 2 + 1) * 4 )) # the first or second commit: the kills that left the entries
  "${java[@]}" -jar "$jar" review --db "$db" --depth 2 --threads 2 2>"$work/err" >/dev/null &
  pid=$!
  until grep -q "^review: $at games stored" "$work/err" 2>/dev/null || ! kill -0 $pid 2>/dev/null; do
    sleep 0.01
  done
  kill -KILL $pid 2>/dev/null
  wait $pid 2>/dev/null
  cp "$db.mv.db" "$work/after-kill.mv.db"
  held=$("${java[@]}" -jar "$jar" sql --db "$db" --format csv "SELECT COUNT(*) FROM review" 2>&1 | tail -1 | tr -d '\r')
  "${java[@]}" -jar "$jar" review --db "$db" --depth 2 >/dev/null 2>"$work/err-again"
  rc=$?
  all=$("${java[@]}" -jar "$jar" sql --db "$db" --format csv "SELECT COUNT(*) FROM review" 2>&1 | tail -1 | tr -d '\r')
  plies=$("${java[@]}" -jar "$jar" sql --db "$db" --format csv \
    "SELECT (SELECT COUNT(game_id) FROM review_ply) || '/' || (SELECT SUM(plies + 1) FROM review)" 2>&1 | tail -1 | tr -d '\r"')
  echo "$i: killed after $at stored, held $held, again exit $rc, reviews $all, ply rows $plies"
  if [ $rc != 0 ] || [ "$all" != 40 ] || [ "${plies%/*}" != "${plies#*/}" ]; then
    fails=$((fails + 1))
    cp "$work/after-kill.mv.db" "$keep/kill-$i.mv.db"
    cp "$work/err-again" "$keep/kill-$i.txt"
  fi
done
echo "iterations $n, failed $fails, kept in $keep"
