-- Indexes for the viewer's games list on PostgreSQL (issue 10). H2 has its own V6 (sql/h2/),
-- which also indexes a player's games with their dates. PostgreSQL keeps its hash indexes on
-- white and black: a B-tree refuses values over about 2,700 bytes, which a hostile tag
-- easily is, and a bitmap scan of the hash indexes reads a player's games fast enough.

-- The games with a finding of a given code, from the index alone.
DROP INDEX finding_code_idx;
CREATE INDEX finding_code_idx ON finding (code, game_id);

-- Games with and without findings.
CREATE INDEX analysis_findings_idx ON analysis (findings, game_id);

-- The whole list sorted by length, a page at a time, without sorting every game (the list
-- puts a game without a length first when it sorts up, last when it sorts down).
CREATE INDEX game_plies_idx ON game (ply_count NULLS FIRST, id);
