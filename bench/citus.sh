#!/usr/bin/env bash
# emergo on a Citus cluster, run by hand (issue 20): builds Citus from source or finds it
# installed (bench/citus-build.sh), starts a coordinator and two workers on 127.0.0.1 and a
# plain PostgreSQL server beside them, and on both runs import, analyze, review, every example
# query of sql/queries and the viewer's pages; fails when a query answers differently on the
# cluster, and prints the time of each step on both.
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
    "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$p" -U emergo -d emergo -At "$@"
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
    "$bin/psql" -X -q -h 127.0.0.1 -p "${ports[$i]}" -U emergo -d postgres -c "CREATE DATABASE emergo"
    [ "$n" != plain ] && psql_on "${ports[$i]}" -c "CREATE EXTENSION citus"
done
psql_on "$port" -c "SELECT citus_set_coordinator_host('127.0.0.1', $port)" > /dev/null
psql_on "$port" -c "SELECT citus_add_node('127.0.0.1', $((port + 1)))" > /dev/null
psql_on "$port" -c "SELECT citus_add_node('127.0.0.1', $((port + 2)))" > /dev/null
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
       "/api/positions" "/api/players")
for which in plain citus; do
    java -jar "$jar" serve --db "${!which}" --port $((port + 10)) > "$work/$which.serve.out" 2>&1 &
    serve_pid=$!
    for _ in $(seq 1 240); do curl -fs -o /dev/null "http://127.0.0.1:$((port + 10))/" && break; sleep 0.5; done
    t0=$(date +%s.%N)
    for p in "${pages[@]}"; do
        curl -fsS -o "$work/$which.page$(echo "$p" | tr '/' '_')" "http://127.0.0.1:$((port + 10))$p" \
            || { echo "citus.sh: $p failed on $which" >&2; exit 1; }
    done
    took[$which.pages]=$(echo "$(date +%s.%N) - $t0" | bc)
    kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true; serve_pid=
done
for p in "${pages[@]}"; do
    f="page$(echo "$p" | tr '/' '_')"
    cmp -s "$work/plain.$f" "$work/citus.$f" || echo "  page $p: differs (see $work/{plain,citus}.$f)"
done

printf '\n%-10s %10s %10s %8s\n' "step" "plain s" "citus s" "ratio"
for step in import analyze review export pages; do
    printf '%-10s %10.2f %10.2f %8.2f\n' "$step" "${took[plain.$step]}" "${took[citus.$step]}" \
        "$(echo "${took[citus.$step]} / ${took[plain.$step]}" | bc -l)"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores; $games games, review of $review_games at depth $depth"
[ "$differ" = 0 ] || { echo "citus.sh: some queries answer differently on the cluster" >&2; exit 1; }
echo "every example query and pattern search answers as on plain PostgreSQL"
