#!/usr/bin/env bash
# Kill soak on H2 (issue 21), run by hand: SIGKILL `emergo import` and `emergo analyze` at
# random moments, run the same command again, and check that the file opens, that the second
# run ends as a clean run ends, and that it leaves exactly the clean run's tables (every table,
# each row as text without ids and times, compared by count and two hash sums).
#
#   bench/kill-soak.sh [KILLS] [DIR]     KILLS (default 200) alternate between import and analyze
#   EMERGO="java -jar other/emergo.jar" bench/kill-soak.sh 50    another build of emergo
#   SOAK_GAMES=2500                      games in the first file that import reads (the second adds
#                                        300, 200 of them copies of the first file's, and a broken
#                                        record); analyze works on the first ANALYSED_GAMES=500 of them
#
# Prints one line per kill and the counts at the end; a failed case keeps its files in
# DIR/failed-N (the file as the kill left it, and what the second run said). Exit 1 on any failure.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
kills="${1:-200}"
dir="${2:-$(mktemp -d "${TMPDIR:-/tmp}/emergo-soak.XXXXXX")}"
read -r -a emergo <<< "${EMERGO:-$root/emergo}"
games="${SOAK_GAMES:-2500}"
analysed_games="${ANALYSED_GAMES:-500}"
mkdir -p "$dir"
cd "$dir" || exit 2

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# Every table's rows as text, without what differs between equal runs (ids, times); a row of a
# game's table names its game by fingerprint and place in its file. One row per table: name,
# rows, two sums of row hashes. Made from the clean file's own columns.
checksum_query() {
  "${emergo[@]}" sql --db "$1" --format csv "SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'PUBLIC' AND t.table_type = 'BASE TABLE' AND c.table_name <> 'flyway_schema_history'
      ORDER BY c.table_name, c.ordinal_position" | tail -n +2 | tr -d '"\r' | awk -F, '
    { tables[$1] = 1; if ($2 == "GAME_ID") joined[$1] = 1
      if ($2 !~ /^(ID|GAME_ID|SOURCE_FILE_ID|IMPORTED_AT|CREATED_AT|ANALYSED_AT)$/) cols[$1] = cols[$1] "COALESCE(CAST(t." $2 " AS VARCHAR), '\''~'\''), '\''|'\'', " }
    END {
      n = 0
      for (t in tables) {
        key = joined[t] ? "COALESCE(CAST(g.fingerprint AS VARCHAR), '\''~'\''), '\''|'\'', COALESCE(g.source, '\''~'\''), '\''|'\'', COALESCE(CAST(g.source_line AS VARCHAR), '\''~'\''), '\''|'\'', " : ""
        from = joined[t] ? t " t JOIN game g ON g.id = t.game_id" : t " t"
        if (n++) print "UNION ALL"
        print "SELECT '\''" t "'\'' AS tbl, COUNT(*) AS n, COALESCE(SUM(ORA_HASH(s)), 0) AS h1, COALESCE(SUM(ORA_HASH(s, 4294967295, 7)), 0) AS h2"
        print "FROM (SELECT CONCAT(" key cols[t] "'\''.'\'') AS s FROM " from ") x"
      }
    }'
}

sums() { # DB -> the sums, sorted, or the failure
  "${emergo[@]}" sql --db "$1" --format csv --file "$dir/checksum.sql" 2>&1 | tr -d '\r' | sort
}

# The records: a first file, and a second one with new games, copies of the first's and a broken record.
if [ ! -s first.egn ]; then
  "${emergo[@]}" generate --games "$games" --seed 21 > first.egn || exit 2
  { "${emergo[@]}" generate --games 100 --seed 22
    awk '/^\[Event /{ n++ } n > 100 && n <= 300' first.egn
    printf '[Event "Broken movetext"]\n[Result "*"]\n\n1. e4 e6 2. <html> *\n'; } > second.egn || exit 2
  awk -v n="$analysed_games" '/^\[Event /{ k++ } k <= n' first.egn > analysed.egn
fi
files=("$dir/first.egn" "$dir/second.egn")

# The clean runs: what every second run must end with, and how long each command runs.
# Analyses are made on a smaller file of their own: the comparison reads every position.
rm -f clean.* imported.* analysed.mv.db analysed.lock.db
start=$(now_ms); "${emergo[@]}" import --db "$dir/clean" "${files[@]}" > /dev/null 2>&1; import_status=$?
import_ms=$(( $(now_ms) - start ))
checksum_query "$dir/clean" > checksum.sql
sums "$dir/clean" > clean-imported.sums
"${emergo[@]}" import --db "$dir/imported" "$dir/analysed.egn" > /dev/null 2>&1 || exit 2
cp imported.mv.db analysed.mv.db
start=$(now_ms); "${emergo[@]}" analyze --db "$dir/analysed" > /dev/null 2>&1; analyze_status=$?
analyze_ms=$(( $(now_ms) - start ))
sums "$dir/analysed" > clean-analysed.sums
[ "$analyze_status" -eq 0 ] && grep -q '^POSITION,[1-9]' clean-analysed.sums || { echo "the clean runs failed: see $dir" >&2; exit 2; }
echo "clean runs in $dir: import ${import_ms} ms (exit $import_status), analyze ${analyze_ms} ms; $(wc -l < checksum.sql) lines of checksum SQL"

killed=0; late=0; wont_open=0; failed_runs=0; differ=0
for ((k = 1; k <= kills; k++)); do
  if (( k % 2 )); then command=import; took=$import_ms; expect=$import_status; expected=clean-imported.sums
    rm -f soak.mv.db soak.lock.db; args=("${files[@]}")
    [ "$import_status" -eq 1 ] || { echo "the clean import did not report the broken record" >&2; exit 2; }
  else command=analyze; took=$analyze_ms; expect=0; expected=clean-analysed.sums
    rm -f soak.lock.db; cp imported.mv.db soak.mv.db; args=()
  fi
  delay=$(( (RANDOM * 32768 + RANDOM) % took ))
  "${emergo[@]}" "$command" --db "$dir/soak" "${args[@]}" > /dev/null 2> first.err &
  pid=$!
  sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
  kill -KILL "$pid" 2> /dev/null
  wait "$pid"; status=$?
  if [ "$status" -ne 137 ]; then late=$((late + 1)); echo "$k $command: ended (exit $status) before the kill at ${delay} ms"; continue; fi
  killed=$((killed + 1))
  cp soak.mv.db killed.mv.db 2> /dev/null || : > killed.mv.db

  "${emergo[@]}" "$command" --db "$dir/soak" "${args[@]}" > second.out 2> second.err; status=$?
  verdict=ok
  if grep -q 'not an H2 database, or it is damaged' second.err; then verdict="would not open"; wont_open=$((wont_open + 1))
  elif [ "$status" -ne "$expect" ] && ! { [ "$status" -eq 0 ] && grep -q '^imported 0 games from 0 files: .* imported before' second.out; }; then
    # (a kill after the last commit leaves nothing to do: the errors were the killed run's to report)
    verdict="second run exit $status"; failed_runs=$((failed_runs + 1))
  elif ! sums "$dir/soak" | cmp -s - "$expected"; then verdict="tables differ"; differ=$((differ + 1))
  fi
  echo "$k $command killed at ${delay} ms: $verdict"
  if [ "$verdict" != ok ]; then
    mkdir -p "failed-$k"; mv killed.mv.db "failed-$k/soak.mv.db"; cp second.err second.out "failed-$k/"
    sums "$dir/soak" > "failed-$k/soak.sums"; sed 's/^/    /' second.err | head -3
  fi
done
failures=$((wont_open + failed_runs + differ))
echo "kills: $killed (and $late runs that ended before their kill); failures: $failures" \
  "(would not open: $wont_open, second run failed: $failed_runs, tables differ: $differ)"
[ "$failures" -eq 0 ]
