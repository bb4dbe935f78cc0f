-- Issue 52: which puzzle stands for its position, stored. V21's view numbered every position's
-- puzzles on each read, and H2 evaluated that numbering again for every row it joined: the
-- viewer's next puzzle did not answer on the demo's 6,050 puzzles. Now `emergo puzzles` marks the
-- one of the lowest game and ply of each position as it stores a game's puzzles, and settles the
-- marks of the whole set at the end of each run (so a kill or two runs at once leave it right
-- after the next); the set is read by an index. The marks of the puzzles mined before are set
-- by V24_1, in the form each database runs fast (sql/h2, sql/postgresql).
ALTER TABLE puzzle ADD COLUMN in_set BOOLEAN DEFAULT FALSE NOT NULL;

CREATE INDEX puzzle_set_idx ON puzzle (in_set, game_id, ply);

DROP VIEW puzzle_set;
CREATE VIEW puzzle_set AS
SELECT p.*
FROM puzzle p
WHERE p.in_set;

COMMENT ON COLUMN puzzle.in_set IS 'whether it stands for its position in the set: of the puzzles of one position, the one of the lowest game and ply';
COMMENT ON VIEW puzzle_set IS 'the puzzle set: of the puzzles of one position, the one of the lowest game and ply';
COMMENT ON COLUMN puzzle_set.game_id IS 'the game the position comes from';
COMMENT ON COLUMN puzzle_set.ply IS 'the ply of the position in that game (0 the start)';
COMMENT ON COLUMN puzzle_set.variant IS 'Emergo or HexEmergo';
COMMENT ON COLUMN puzzle_set.epn IS 'the position string';
COMMENT ON COLUMN puzzle_set.position_hash IS 'the 64-bit position hash';
COMMENT ON COLUMN puzzle_set.solver IS 'w or b: the side to move, who solves';
COMMENT ON COLUMN puzzle_set.moves IS 'the solution in canonical notation, separated by spaces: the solver''s moves with the opponent''s best replies between';
COMMENT ON COLUMN puzzle_set.roles IS 'per move of the solution: a (asked of the solver), f (the solver''s, forced, played for him), r (the opponent''s reply)';
COMMENT ON COLUMN puzzle_set.asked IS 'the moves the solver is asked for';
COMMENT ON COLUMN puzzle_set.men IS 'men the first move wins by force at its horizon';
COMMENT ON COLUMN puzzle_set.wins_game IS 'whether the solution wins the game';
COMMENT ON COLUMN puzzle_set.proof_from IS 'the first move wins uniquely at every horizon from this one up to horizon';
COMMENT ON COLUMN puzzle_set.horizon IS 'the deepest horizon of the proof, in plies';
COMMENT ON COLUMN puzzle_set.themes IS 'themes separated by spaces, as puzzle_theme holds them';
COMMENT ON COLUMN puzzle_set.difficulty IS 'bits of choice: over the moves asked, the sum of log2 of the legal moves to choose from';
COMMENT ON COLUMN puzzle_set.played IS 'the move played in the game from this position';
COMMENT ON COLUMN puzzle_set.rating IS 'Glicko-2 rating, from the start rating its difficulty gives, updated by each attempt';
COMMENT ON COLUMN puzzle_set.rating_deviation IS 'Glicko-2 rating deviation';
COMMENT ON COLUMN puzzle_set.volatility IS 'Glicko-2 volatility';
COMMENT ON COLUMN puzzle_set.attempts IS 'attempts made at it';
COMMENT ON COLUMN puzzle_set.solved IS 'attempts that solved it';
COMMENT ON COLUMN puzzle_set.miner_version IS 'the version of the miner that found it';
COMMENT ON COLUMN puzzle_set.in_set IS 'always true here: it stands for its position in the set';
