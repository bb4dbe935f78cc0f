#!/usr/bin/env bash
# Soak for issue 30: an analysis on H2 killed (SIGKILL) right after a commit, as
# InterruptedAnalysisProcessTest kills it, many times over; after each kill the analysis is
# run again, which must end with every game analysed. Twice a run of the process tests saw
# the second run refused by H2 itself ("Inconsistent occupancy info ..."), after a kill right
# after the last commit (600 of 600 games). A file whose second run fails is kept (a copy
# taken before anything opened it again) in WORKDIR/broken, with what the second run said.
#
#   bench/analysis-kill-soak.sh ITERATIONS [WORKDIR] [AT]     (after mvn install; about 20 s an iteration)
#
# AT: kill after that many games stored (250, 500 or 600: the test's kills); by default one of
# them at random.
#
# EMERGO_SOAK_JAVA_OPTS adds options to every java command (say -ea:org.h2... for H2's own
# assertions). Prints one line per iteration and a summary at the end.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
jar=$here/cli/target/emergo.jar
n=${1:-100}
work=${2:-$(mktemp -d /tmp/emergo-analysis-kill-soak.XXXXXX)}
fixed_at=${3:-}
keep=$work/broken
mkdir -p "$work" "$keep"
read -r -a extra <<< "${EMERGO_SOAK_JAVA_OPTS:-}"
java=(java -XX:+UseSerialGC "${extra[@]}")
export EMERGO_PROGRESS=lines
games=600

if [ ! -f "$work/template.mv.db" ]; then
  "${java[@]}" -jar "$jar" generate --games $games --seed 41 > "$work/games.egn"
  "${java[@]}" -jar "$jar" import --db "$work/template" "$work/games.egn" >/dev/null 2>&1
fi

fails=0
for ((i = 1; i <= n; i++)); do
  db=$work/run
  rm -f "$db".* "$work/err"
  cp "$work/template.mv.db" "$db.mv.db"
  at=${fixed_at:-$(( (RANDOM % 3 + 1) * 250 ))}; [ $at -gt $games ] && at=$games # the test's kills: 250, 500, all
  "${java[@]}" -jar "$jar" analyze --db "$db" 2>"$work/err" >/dev/null &
  pid=$!
  until grep -q "^analyze: $at games stored" "$work/err" 2>/dev/null || ! kill -0 $pid 2>/dev/null; do
    sleep 0.01
  done
  kill -KILL $pid 2>/dev/null
  wait $pid 2>/dev/null
  cp "$db.mv.db" "$work/after-kill.mv.db"
  # as the test: the file is opened (and closed) once before the analysis runs again
  held=$("${java[@]}" -jar "$jar" sql --db "$db" --format csv "SELECT COUNT(*) FROM analysis" 2>&1 | tail -1 | tr -d '\r')
  "${java[@]}" -jar "$jar" analyze --db "$db" >/dev/null 2>"$work/err-again"
  rc=$?
  all=$("${java[@]}" -jar "$jar" sql --db "$db" --format csv "SELECT COUNT(*) FROM analysis" 2>&1 | tail -1 | tr -d '\r')
  echo "$i: killed after $at stored, held $held, again exit $rc, analyses $all"
  if [ $rc != 0 ] || [ "$all" != $games ] || grep -q "AssertionError" "$work/err" "$work/err-again"; then
    fails=$((fails + 1))
    cp "$work/after-kill.mv.db" "$keep/kill-$i.mv.db"
    cp "$work/err" "$keep/kill-$i.killed.txt"
    cp "$work/err-again" "$keep/kill-$i.txt"
  fi
done
echo "iterations $n, failed $fails, kept in $keep"
