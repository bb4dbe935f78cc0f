-- The marks of V24 for the puzzles mined before it: of each position's puzzles, the one of the
-- lowest game and ply, numbered as V21's view numbered them. PostgreSQL evaluates the numbering
-- once; Citus runs it on the coordinator over the rows the workers send, where the test for an
-- earlier puzzle of the position that H2's form makes (sql/h2) would join rows of different
-- games, which Citus refuses.
UPDATE puzzle SET in_set = TRUE
WHERE (game_id, ply) IN (
    SELECT f.game_id, f.ply
    FROM (
        SELECT game_id, ply,
               ROW_NUMBER() OVER (PARTITION BY position_hash, epn ORDER BY game_id, ply) AS nth
        FROM puzzle
    ) f
    WHERE f.nth = 1
);
