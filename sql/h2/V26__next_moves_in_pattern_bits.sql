-- (here and in sql/postgresql/, as pattern_bits is: sql/h2/V15__pattern_segments.sql)
-- What was played next (docs/patterns.md#what-was-played-next) from the pattern index: each
-- segment built from now on has a row of dimension 1010, the move played from each of its
-- positions (org.emergo.store.pattern.PatternBitmaps.NEXT), so that the table reads one row a
-- segment instead of the position_next_idx entries of every matching position (1.3 million for
-- e5:w2+ at 100,000 games). No rows change here: the segments built before have no such row,
-- and what was played next reads their games from position_next_idx as before until the next
-- `emergo analyze` (which adds the row to each of them, even with no game to analyse).
COMMENT ON COLUMN pattern_bits.dimension IS 'a square (its index on the board: the column there), or 1000 side to move, 1001 White''s men in hand, 1002 Black''s, 1003 men taken by the move played, 1004 an entry played, 1005 a finding, 1006 men the longest capture available takes, 1007 White''s material, 1008 Black''s, 1009 White''s lead, 1010 the move played (side to move times 2^24 + men taken times 2^16 + (square left + 1, 0 for an entry) times 2^8 + square reached), 2000 + a square: a legal capture jumps the column there (org.emergo.store.pattern.PatternBitmaps)';
