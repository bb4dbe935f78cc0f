-- Indexes for the viewer's games list on H2 (issue 10), so that it answers its filters and
-- sorts from an index and reads only the rows of the page it shows: a game row carries its
-- moves, and reading 100,000 of them to sort the list took 0.6-0.9 s.
--
-- PostgreSQL has its own V6 (sql/postgresql/): it keeps hash indexes on white, black and date,
-- because its B-tree refuses values over about 2,700 bytes and a hostile tag easily is one.
-- H2's B-tree has no such limit, and H2's hash indexes can neither sort nor give a range.

-- A player's games with their results and dates: an H2 index entry holds its row's id, so
-- (white, result, date) gives a player's games as (id, date) pairs to sort and count, and his
-- results with White, without reading a game row.
DROP INDEX game_white_idx;
DROP INDEX game_black_idx;
CREATE INDEX game_white_idx ON game (white, result, date);
CREATE INDEX game_black_idx ON game (black, result, date);

-- The whole list sorted by date or by length, a page at a time, without sorting every game.
-- The id is named: H2 then knows the index sorts the list's tie-breaker too (100,000 games
-- with an unknown date were one tie to sort).
DROP INDEX game_date_idx;
CREATE INDEX game_date_idx ON game (date, id);
CREATE INDEX game_plies_idx ON game (ply_count, id);

-- The games with a finding of a given code, without reading finding rows.
DROP INDEX finding_code_idx;
CREATE INDEX finding_code_idx ON finding (code, game_id);

-- Games with and without findings.
CREATE INDEX analysis_findings_idx ON analysis (findings);
