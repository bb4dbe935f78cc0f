#!/usr/bin/env bash
# Whether two builds of emergo store the same bytes: each imports and analyses the sample games
# into a fresh H2 file, and the game, position and pattern-index tables are compared (sha256 of
# their CSV); then the first build's file, opened by the second, must answer three pattern
# searches as the second's own file does. For a change that should move code and not data.
#   bench/same-bytes.sh OLD.jar NEW.jar [FOLDER]
# (a jar of another commit: git worktree add ../old COMMIT && (cd ../old && mvn -q package -DskipTests))
set -euo pipefail
old=${1:?the older emergo.jar}; new=${2:?the newer emergo.jar}
here=$(cd "$(dirname "$0")/.." && pwd)
dir=${3:-$(mktemp -d)}
queries=(
  "SELECT id, variant, white, black, result, moves, fingerprint FROM game ORDER BY id"
  "SELECT game_id, ply, hash, epn FROM position ORDER BY game_id, ply"
  "SELECT game_id, variant, positions, boards FROM pattern_game ORDER BY game_id"
  "SELECT segment, variant, games, positions, game_list FROM pattern_segment ORDER BY segment"
  "SELECT variant, dimension, segment, bitmaps FROM pattern_bits ORDER BY variant, dimension, segment")
for build in old new; do
  jar=$old; [ "$build" = new ] && jar=$new
  java -jar "$jar" import --db "$dir/$build" "$here/sample-games" > /dev/null
  java -jar "$jar" analyze --db "$dir/$build" > /dev/null
  for q in "${queries[@]}"; do java -jar "$jar" sql --db "$dir/$build" --format csv "$q" | sha256sum; done > "$dir/$build.sums"
done
if diff -q "$dir/old.sums" "$dir/new.sums" > /dev/null; then echo "tables: the same bytes"; else echo "tables: DIFFERENT"; diff "$dir/old.sums" "$dir/new.sums" || true; fi
cp "$dir/old.mv.db" "$dir/old-opened.mv.db"
for p in "e5:w4+" "d4:empty e5:b" "e5:w4+ then:6 e5:b"; do
  a=$(java -jar "$new" find --db "$dir/old-opened" --format csv "$p" 2>&1 | sha256sum)
  b=$(java -jar "$new" find --db "$dir/new" --format csv "$p" 2>&1 | sha256sum)
  [ "$a" = "$b" ] && echo "find $p: the same" || echo "find $p: DIFFERENT"
done
