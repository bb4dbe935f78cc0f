#!/usr/bin/env bash
# Finds Citus installed in this machine's PostgreSQL, or builds and installs it from source:
#   bench/citus-build.sh [CITUS_SOURCE]
# CITUS_SOURCE is a git repository of citusdata/citus (a bare mirror will do) or a checked-out
# tree; by default the fetched mirror /work/.mirror/citusdata+citus/repo. Tag v13.2.2 is the
# newest Citus that supports PostgreSQL 15. Needs, from apt: postgresql-server-dev-15 (at the
# installed server's version), libkrb5-dev, libcurl4-openssl-dev, liblz4-dev, libzstd-dev.
# About 3 minutes of both cores on the 2-core machine. Prints the directory of pg_config.
set -euo pipefail

TAG=v13.2.2
PG_CONFIG=${PG_CONFIG:-$(ls /usr/lib/postgresql/*/bin/pg_config 2>/dev/null | sort -V | tail -1)}
[ -x "$PG_CONFIG" ] || { echo "citus-build: no PostgreSQL pg_config found (install postgresql-15)" >&2; exit 1; }

if [ -f "$("$PG_CONFIG" --pkglibdir)/citus.so" ]; then
    dirname "$PG_CONFIG"
    exit 0
fi

SOURCE=${1:-/work/.mirror/citusdata+citus/repo}
[ -e "$SOURCE" ] || { echo "citus-build: no Citus source at $SOURCE" >&2; exit 1; }
[ -f "$("$PG_CONFIG" --includedir-server)/postgres.h" ] || {
    echo "citus-build: PostgreSQL's server headers are missing: apt-get install postgresql-server-dev-15" >&2; exit 1; }

TREE=${CITUS_TREE:-/tmp/citus-src}
if [ ! -f "$TREE/configure" ]; then
    rm -rf "$TREE"
    git clone -q "$SOURCE" "$TREE"
fi
git -C "$TREE" -c advice.detachedHead=false checkout -q "$TAG"
# a checkout leaves configure no newer than configure.ac, and make would run autoreconf
touch "$TREE/configure" "$TREE"/src/include/citus_config.h.in 2>/dev/null || true
(
    cd "$TREE"
    ./configure PG_CONFIG="$PG_CONFIG" > "$TREE/configure.out" 2>&1 \
        || { tail -20 "$TREE/configure.out" >&2; exit 1; }
    make -j"$(nproc)" > "$TREE/make.out" 2>&1 || { tail -30 "$TREE/make.out" >&2; exit 1; }
    make install > "$TREE/install.out" 2>&1 || { tail -20 "$TREE/install.out" >&2; exit 1; }
)
dirname "$PG_CONFIG"
