#!/usr/bin/env bash
# emergo on a Citus cluster, run by hand (issue 20): builds Citus from source or finds it
# installed (bench/citus-build.sh), starts a coordinator and two workers on 127.0.0.1 and a
# plain PostgreSQL server beside them, and on both runs import, analyze, review, puzzles, every
# example query of sql/queries, pattern searches and their next moves, and the viewer's pages;
# then the sample games (3,038, above the bulk threshold) analysed by one process on the plain
# server and by two at once on the cluster. Fails when a query, a search, the puzzles or the
# shared analysis come out differently on the cluster,
# and prints the time of each step on both.
#
#   bench/citus.sh [CITUS_SOURCE]     (GAMES=5000 REVIEW_GAMES=100 DEPTH=2 PORT=9700 may be set;
#                                      KEEP=1 leaves the servers running)
#
# Needs the packaged jar (mvn -B -o -q -pl cli -am package -DskipTests), curl, and PostgreSQL 15.
# As root, the servers run as the postgres user (initdb refuses root).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/cli/target/emergo.jar"
[ -f "$jar" ] || { echo "citus.sh: $jar is missing: mvn -B -o -q -pl cli -am package -DskipTests" >&2; exit 1; }
games="${GAMES:-5000}"
review_games="${REVIEW_GAMES:-100}"
depth="${DEPTH:-2}"
port="${PORT:-9700}"
bin="$("$root/bench/citus-build.sh" "$@")"

work="$(mktemp -d /tmp/emergo-citus.XXXXXX)"
chmod 755 "$work"
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); chown postgres "$work"; fi
nodes=(coordinator worker1 worker2 plain)
ports=($port $((port + 1)) $((port + 2)) $((port + 3)))

stop() {
    [ -n "${KEEP:-}" ] && { echo "servers left running, data in $work" >&2; return; }
    for n in "${nodes[@]}"; do
        [ -f "$work/$n/postmaster.pid" ] && "${as_pg[@]}" "$bin/pg_ctl" -D "$work/$n" -m fast stop > /dev/null 2>&1 || true
    done
    [ -n "${serve_pid:-}" ] && kill "$serve_pid" 2>/dev/null || true
}
trap stop EXIT

psql_on() { # PORT SQL...
    local p="$1"; shift
    psql_in "$p" emergo "$@"
}
psql_in() { # PORT DATABASE SQL...
    local p="$1" d="$2"; shift 2
    "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$p" -U emergo -d "$d" -At "$@"
}

started=$(date +%s.%N)
for i in 0 1 2 3; do
    n="${nodes[$i]}"
    "${as_pg[@]}" "$bin/initdb" -D "$work/$n" -U emergo --auth=trust -E UTF8 --locale=C.UTF-8 > "$work/$n.initdb.out"
    {
        echo "port = ${ports[$i]}"
        echo "listen_addresses = '127.0.0.1'"
        echo "unix_socket_directories = '$work'"
        [ "$n" != plain ] && echo "shared_preload_libraries = 'citus'"
        # 2 cores: the defaults of a small server, alike on both
        echo "max_connections = 200"
    } >> "$work/$n/postgresql.conf"
    "${as_pg[@]}" "$bin/pg_ctl" -D "$work/$n" -l "$work/$n.log" -w start > /dev/null
    # emergo's database, and shared's for the two processes of the shared-work step
    for d in emergo shared; do
        "$bin/psql" -X -q -h 127.0.0.1 -p "${ports[$i]}" -U emergo -d postgres -c "CREATE DATABASE $d"
        [ "$n" != plain ] && psql_in "${ports[$i]}" "$d" -c "CREATE EXTENSION citus"
    done
done
for d in emergo shared; do # a cluster's nodes are a database's own
    psql_in "$port" "$d" -c "SELECT citus_set_coordinator_host('127.0.0.1', $port)" > /dev/null
    psql_in "$port" "$d" -c "SELECT citus_add_node('127.0.0.1', $((port + 1)))" > /dev/null
    psql_in "$port" "$d" -c "SELECT citus_add_node('127.0.0.1', $((port + 2)))" > /dev/null
done
printf 'cluster of 3 nodes and a plain server started in %.1f s (Citus %s)\n' \
    "$(echo "$(date +%s.%N) - $started" | bc)" "$(psql_on "$port" -c "SELECT extversion FROM pg_extension WHERE extname = 'citus'")"

citus="jdbc:postgresql://127.0.0.1:$port/emergo?user=emergo"
plain="jdbc:postgresql://127.0.0.1:$((port + 3))/emergo?user=emergo"
emergo() { java -jar "$jar" "$@"; }

emergo generate --games "$games" --seed 20 > "$work/games.egn"
declare -A took
timed() { # NAME DB-NAME command...
    local name="$1" which="$2" t0; shift 2
    t0=$(date +%s.%N)
    "$@" > "$work/$which.$name.out" 2> "$work/$which.$name.err" \
        || { echo "citus.sh: $name on $which failed:" >&2; cat "$work/$which.$name.err" >&2; exit 1; }
    took[$which.$name]=$(echo "$(date +%s.%N) - $t0" | bc)
}
for which in plain citus; do
    db="${!which}"
    timed import "$which" emergo import --db "$db" "$work/games.egn"
    timed analyze "$which" emergo analyze --db "$db"
    timed review "$which" emergo review --db "$db" --depth "$depth" --where "id <= $review_games"
    timed export "$which" emergo export --db "$db"
done
cmp -s "$work/plain.export.out" "$work/citus.export.out" || { echo "citus.sh: export differs" >&2; exit 1; }

# rows of a table in a stable order, without what differs between runs (ids, times), as a digest
table_digest() { # PORT DATABASE TABLE [COLUMNS]
    local cols="${4:-}"
    [ -n "$cols" ] || cols="$(psql_in "$1" "$2" -c "SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position)
        FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '$3'
        AND column_name <> 'id' AND column_name NOT LIKE '%\_at'")"
    psql_in "$1" "$2" -c "COPY (SELECT $cols FROM $3 ORDER BY $cols) TO STDOUT" | md5sum | cut -c1-32
}
same_tables() { # DATABASE TABLE...: fails naming the first table that differs between plain and the cluster
    local d="$1" t cols; shift
    for t in "$@"; do
        cols=""
        # the pattern index's segments but for their numbers, as SharedWorkProcessTest compares them
        [ "$t" = pattern_segment ] && cols="variant, games, positions"
        [ "$t" = pattern_bits ] && cols="variant, dimension, bitmaps"
        [ "$(table_digest $((port + 3)) "$d" "$t" "$cols")" = "$(table_digest "$port" "$d" "$t" "$cols")" ] \
            || { echo "citus.sh: table $t of database $d differs on the cluster" >&2; exit 1; }
    done
}

# puzzles mined from the reviewed games, on both: the same set (its CSV) and the same rows
for which in plain citus; do
    timed puzzles "$which" emergo puzzles --db "${!which}"
    timed puzzles_export "$which" emergo puzzles --db "${!which}" --export
done
cmp -s "$work/plain.puzzles_export.out" "$work/citus.puzzles_export.out" \
    || { echo "citus.sh: the puzzle set differs (see $work/{plain,citus}.puzzles_export.out)" >&2; exit 1; }
same_tables emergo puzzle puzzle_theme puzzle_mined
# the puzzle tables' layout (issue 28): per game, with the game's rows; the solvers on every node
layout="$(psql_on "$port" -c "SELECT string_agg(logicalrelid::text || ':' || CASE partmethod WHEN 'h'
    THEN column_to_column_name(logicalrelid, partkey) ELSE 'reference' END, ' ' ORDER BY logicalrelid::text)
    FROM pg_dist_partition WHERE logicalrelid::text LIKE 'puzzle%' AND (partmethod = 'n'
    OR colocationid = (SELECT colocationid FROM pg_dist_partition WHERE logicalrelid = 'game'::regclass))")"
[ "$layout" = "puzzle:game_id puzzle_attempt:game_id puzzle_mined:game_id puzzle_solver:reference puzzle_theme:game_id" ] \
    || { echo "citus.sh: the puzzle tables are laid out as $layout" >&2; exit 1; }
puzzles=$(( $(wc -l < "$work/plain.puzzles_export.out") - 1 ))
[ "$puzzles" -gt 0 ] || { echo "citus.sh: no puzzle mined from $review_games reviewed games: nothing compared" >&2; exit 1; }
echo "puzzles: $puzzles in the set, alike on both (the CSV, and tables puzzle, puzzle_theme, puzzle_mined)"

echo "tables on the cluster:"
psql_on "$port" -F ' ' -c "SELECT logicalrelid, CASE partmethod WHEN 'h' THEN 'distributed by ' || column_to_column_name(logicalrelid, partkey) ELSE 'reference' END FROM pg_dist_partition ORDER BY 2, 1" | sed 's/^/  /'
echo "  shards per worker: $(psql_on "$port" -c "SELECT string_agg(nodeport || ': ' || n, ', ') FROM (SELECT nodeport, COUNT(*) n FROM citus_shards WHERE citus_table_type = 'distributed' GROUP BY nodeport ORDER BY nodeport) s")"

# every example query, on both: the same answer, and the time of each
differ=0
printf '%-40s %10s %10s\n' "query (emergo sql, JVM start included)" "plain s" "citus s"
for q in "$root"/sql/queries/*.sql; do
    name="$(basename "$q" .sql)"
    for which in plain citus; do
        # the review's queries at the setting reviewed here
        setting=()
        grep -q '^-- :setting = ' "$q" && setting=(--param "setting=depth=$depth")
        timed "q.$name" "$which" emergo sql --db "${!which}" --file "$q" --format csv "${setting[@]}"
    done
    same=""
    cmp -s "$work/plain.q.$name.out" "$work/citus.q.$name.out" || { same=" DIFFERS"; differ=1; }
    printf '%-40s %10.2f %10.2f%s\n' "$name" "${took[plain.q.$name]}" "${took[citus.q.$name]}" "$same"
done

# pattern searches (docs/patterns.md), on both: the same games and counts
for pattern in "e5:w2+" "turn:b d4:empty" "e5:2 then:6 capture:1+" "hexemergo d4:b"; do
    name="find.$(echo "$pattern" | tr -c 'a-z0-9\n' '_')"
    for which in plain citus; do
        timed "$name" "$which" emergo find --db "${!which}" --format csv "$pattern"
    done
    same=""
    { cmp -s "$work/plain.$name.out" "$work/citus.$name.out" && cmp -s "$work/plain.$name.err" "$work/citus.$name.err"; } \
        || { same=" DIFFERS"; differ=1; }
    printf '%-40s %10.2f %10.2f%s\n' "find $pattern" "${took[plain.$name]}" "${took[citus.$name]}" "$same"
done

# what was played next (docs/patterns.md#what-was-played-next), on both: the same table
for pattern in "e5:w2+" "e5:2 then:6 capture:1+"; do
    name="next.$(echo "$pattern" | tr -c 'a-z0-9\n' '_')"
    for which in plain citus; do
        timed "$name" "$which" emergo find --next --db "${!which}" --format csv "$pattern"
    done
    same=""
    cmp -s "$work/plain.$name.out" "$work/citus.$name.out" || { same=" DIFFERS"; differ=1; }
    printf '%-40s %10.2f %10.2f%s\n' "find --next $pattern" "${took[plain.$name]}" "${took[citus.$name]}" "$same"
done

# the queries' own time on the server, without the JVM's start: psql, median of 3, in ms
psql_ms() { # PORT FILE: the query with its defaults (-- :name = value lines) as psql variables
    local vars=() line name value
    while IFS= read -r line; do
        [[ "$line" =~ ^--\ :([a-z_]+)\ =\ (\'[^\']*\'|[^ ]+) ]] || continue
        value="${BASH_REMATCH[2]}"
        [ "${BASH_REMATCH[1]}" = setting ] && value="'depth=$depth'"
        vars+=(-v "${BASH_REMATCH[1]}=$value")
    done < "$2"
    for _ in 1 2 3; do
        { echo '\timing on'; echo '\o /dev/null'; cat "$2"; } | psql_on "$1" "${vars[@]}" -f - | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1
    done | sort -n | sed -n 2p
}
printf '\n%-40s %10s %10s\n' "query (server time)" "plain ms" "citus ms"
for q in "$root"/sql/queries/*.sql; do
    printf '%-40s %10s %10s\n' "$(basename "$q" .sql)" "$(psql_ms $((port + 3)) "$q")" "$(psql_ms "$port" "$q")"
done

# the viewer's pages, on both: each answers 200 with the same page
pages=("/" "/games" "/game/1" "/game/2/10" "/players" "/position" "/stats" "/sql" "/api/games" "/api/games/3"
       "/api/positions" "/api/players" "/puzzles" "/api/puzzles")
for which in plain citus; do
    java -jar "$jar" serve --db "${!which}" --port $((port + 10)) > "$work/$which.serve.out" 2>&1 &
    serve_pid=$!
    for _ in $(seq 1 240); do curl -fs -o /dev/null "http://127.0.0.1:$((port + 10))/" && break; sleep 0.5; done
    t0=$(date +%s.%N)
    for p in "${pages[@]}"; do
        f="$work/$which.page$(echo "$p" | tr '/' '_')"
        # /stats says "being computed" until its figures are ready (docs/viewer.md): asked again
        # until they are (up to 5 minutes), the wait counted in the pages' time
        for _ in $(seq 1 600); do
            curl -fsS -o "$f" "http://127.0.0.1:$((port + 10))$p" || { echo "citus.sh: $p failed on $which" >&2; exit 1; }
            grep -q 'class="computing"' "$f" || break
            sleep 0.5
        done
    done
    took[$which.pages]=$(echo "$(date +%s.%N) - $t0" | bc)
    # the set's first puzzle tried in the viewer as its page's form posts it: a wrong move, then the right one
    base="http://127.0.0.1:$((port + 10))"
    puzzle="$(sed -n 2p "$work/$which.puzzles_export.out")"
    id="${puzzle%%,*}"
    right="$(echo "$puzzle" | cut -d, -f3 | cut -d' ' -f1)"
    wrong="$(curl -fsS "$base/puzzles/$id" | grep -o 'name="move" value="[^"]*"' | sed 's/.*value="//; s/"$//' \
        | grep -vxF "$right" | head -1)"
    for move in "$wrong" "$right"; do
        curl -fsS -o /dev/null -H "Origin: $base" -H "Sec-Fetch-Site: same-origin" --data-urlencode "at=0" \
            --data-urlencode "move=$move" "$base/puzzles/$id/move" || { echo "citus.sh: a move at puzzle $id failed on $which" >&2; exit 1; }
    done
    kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true; serve_pid=
done
for p in "${pages[@]}"; do
    f="page$(echo "$p" | tr '/' '_')"
    # but for the token of the SQL page's form, each server's own
    cmp -s <(grep -v 'name="token"' "$work/plain.$f") <(grep -v 'name="token"' "$work/citus.$f") \
        || echo "  page $p: differs (see $work/{plain,citus}.$f)"
done

# shared work above the bulk threshold: the sample games analysed by one process on the plain
# server and by two at once on the cluster, which share the games and one of them suspends and
# rebuilds the indexes; both must end well and leave the tables as the one process does
shared_plain="jdbc:postgresql://127.0.0.1:$((port + 3))/shared?user=emergo"
shared_citus="jdbc:postgresql://127.0.0.1:$port/shared?user=emergo"
samples="$root/sample-games"
for which in plain citus; do
    timed shared_import "$which" emergo import --db "$(eval echo "\$shared_$which")" "$samples"
done
shared_games=$(psql_in "$port" shared -c "SELECT COUNT(*) FROM game")
timed shared_analyze plain emergo analyze --db "$shared_plain"
t0=$(date +%s.%N)
emergo analyze --db "$shared_citus" > "$work/citus.shared_a.out" 2> "$work/citus.shared_a.err" &
first=$!
emergo analyze --db "$shared_citus" > "$work/citus.shared_b.out" 2> "$work/citus.shared_b.err" &
second=$!
for p in "$first:a" "$second:b"; do
    wait "${p%%:*}" || { echo "citus.sh: analyze ${p#*:} of two on the cluster failed:" >&2; cat "$work/citus.shared_${p#*:}.err" >&2; exit 1; }
done
took[citus.shared_analyze]=$(echo "$(date +%s.%N) - $t0" | bc)
for p in a b; do # no error, no warning: what else either says goes to stderr
    ! grep -v '^analyze: ' "$work/citus.shared_$p.err" | grep -q . \
        || { echo "citus.sh: analyze $p of two on the cluster said:" >&2; cat "$work/citus.shared_$p.err" >&2; exit 1; }
done
analysed() { sed -n 's/^analysed \([0-9]*\) games\{0,1\},.*/\1/p' "$1"; }
ga=$(analysed "$work/citus.shared_a.out"); gb=$(analysed "$work/citus.shared_b.out")
[ "$((ga + gb))" = "$shared_games" ] \
    || { echo "citus.sh: the two analyses did $ga and $gb games, not $shared_games in all" >&2; exit 1; }
same_tables shared analysis analysis_history position finding shadowpiece capture_length tall_column capture_chance \
    game_stage pattern_game pattern_pending pattern_segment pattern_bits rating player player_rating rating_run rating_quality
indexes="SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1"
[ "$(psql_in $((port + 3)) shared -c "$indexes")" = "$(psql_in "$port" shared -c "$indexes")" ] \
    || { echo "citus.sh: the indexes of database shared differ on the cluster" >&2; exit 1; }
# and on the workers, every shard of position has its hash index again
shards=$(psql_in "$port" shared -c "SELECT COUNT(*) FROM citus_shards WHERE table_name = 'position'::regclass")
indexed=$(psql_in "$port" shared -c "SELECT SUM(result::int) FROM run_command_on_workers(
    \$\$SELECT COUNT(*) FROM pg_indexes WHERE indexname LIKE 'position\_hash\_idx\_%'\$\$)")
[ "$shards" = "$indexed" ] || { echo "citus.sh: $indexed of $shards shards of position have their hash index" >&2; exit 1; }
echo "shared work: $shared_games sample games, two analyses at once on the cluster ($ga and $gb games) left the tables, ratings and indexes as one on plain PostgreSQL"

# the attempts stored and rated alike
[ "$(psql_on "$port" -c "SELECT COUNT(*) FROM puzzle_attempt")" -ge 1 ] || { echo "citus.sh: no attempt stored on the cluster" >&2; exit 1; }
same_tables emergo puzzle_attempt puzzle_solver puzzle
echo "puzzle attempts in the viewer: stored and rated alike on both"

printf '\n%-14s %10s %10s %8s\n' "step" "plain s" "citus s" "ratio"
for step in import analyze review export puzzles puzzles_export pages shared_import shared_analyze; do
    printf '%-14s %10.2f %10.2f %8.2f\n' "$step" "${took[plain.$step]}" "${took[citus.$step]}" \
        "$(echo "${took[citus.$step]} / ${took[plain.$step]}" | bc -l)"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores; $games games, review of $review_games at depth $depth;"
echo "  shared_analyze: one process on plain, two at once on the cluster"
[ "$differ" = 0 ] || { echo "citus.sh: some queries answer differently on the cluster" >&2; exit 1; }
echo "every example query and pattern search answers as on plain PostgreSQL"
