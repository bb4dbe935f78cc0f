-- The marks of V24 for the puzzles mined before it: of each position's puzzles, the one of the
-- lowest game and ply. H2 runs the test for an earlier puzzle of the position by the position
-- index, row by row (1.8 s for the demo's 6,050); the numbering PostgreSQL's form uses took H2
-- over five minutes, since H2 evaluated it again for every row it updated.
UPDATE puzzle p SET in_set = TRUE
WHERE NOT EXISTS (
    SELECT 1 FROM puzzle o
    WHERE o.position_hash = p.position_hash
      AND o.epn = p.epn
      AND (o.game_id < p.game_id OR o.game_id = p.game_id AND o.ply < p.ply)
);
