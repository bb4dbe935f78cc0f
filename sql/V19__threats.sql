-- Issue 29: the pattern words from the rules (docs/patterns.md#threats-and-material). A
-- position's squares whose columns a legal capture of the side to move jumps, for SQ:hit in
-- SQL; the pattern index (pattern_game) now records them with the longest capture available,
-- so its rows from before are dropped: the games they held count as unindexed until
-- `emergo analyze --all` writes them again.

ALTER TABLE position ADD COLUMN hit VARCHAR(400);

COMMENT ON COLUMN position.hit IS 'the squares whose columns a legal capture of the side to move jumps, in board order, each with a space before and after (NULL: none, or analysed before emergo recorded them)';

-- the pattern tables (sql/h2, sql/postgresql V13, V15) are not among the scripts jOOQ reads
-- [jooq ignore start]
DELETE FROM pattern_bits;
DELETE FROM pattern_segment;
DELETE FROM pattern_pending;
DELETE FROM pattern_game;
-- [jooq ignore stop]
