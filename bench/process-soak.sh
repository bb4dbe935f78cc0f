#!/usr/bin/env bash
# The process tests (cli/**/*ProcessTest.java: kills, holders that leave, shared work, backups)
# run again and again at one commit, as issue 30 asks of them (20 runs in a row): stops at the
# first run that fails and keeps its surefire reports, so a rare failure is caught with its output.
#
#   bench/process-soak.sh [ROUNDS [TEST-FILTER]]     (after mvn install; ROUNDS 20; a filter as
#                                                     surefire's -Dtest takes it, e.g. 'SharedWork*')
#
# With the cases the suite leaves out (-Demergo.soak=true): a kill after a later commit of an
# import, an analysis and a review, which repeats the suite's kill after the first.
#
# Prints a line per run (its number, time, and the tests it ran) and where the reports of a
# failing run are kept. Each run takes about 10 minutes on two cores for the whole set (the tests
# run two at a time: cli/pom.xml).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-20}"
filter=()
[ -n "${2:-}" ] && filter=("-Dtest=$2")
keep="$(mktemp -d /tmp/emergo-process-soak.XXXXXX)"
cd "$root"
echo "commit $(git rev-parse --short HEAD), $rounds runs, logs in $keep"
for ((i = 1; i <= rounds; i++)); do
    start=$SECONDS
    mvn -B -o -pl cli surefire:test@process-tests -Demergo.soak=true "${filter[@]}" > "$keep/run-$i.log" 2>&1
    rc=$?
    ran=$(grep -E '^\[(INFO|ERROR|WARNING)\] Tests run: [0-9]+, ' "$keep/run-$i.log" | tail -1 | sed 's/^\[[A-Z]*\] //')
    echo "run $i: exit $rc in $((SECONDS - start)) s; $ran"
    if [ $rc -ne 0 ]; then
        cp -r cli/target/surefire-reports "$keep/reports-$i"
        # the H2 files the stops left, which the failing tests kept (FileAfterAStop)
        [ -d cli/target/files-kept-by-failed-tests ] && mv cli/target/files-kept-by-failed-tests "$keep/files-$i"
        echo "run $i failed: its log is $keep/run-$i.log, its reports $keep/reports-$i"
        exit 1
    fi
    rm -f "$keep/run-$i.log"
done
echo "$rounds runs in a row passed"
