-- Puzzles mined from the reviewed games (`emergo puzzles`, issue 28; docs/puzzles.md#mining): positions
-- where the side to move has exactly one move that wins material or the game by force, proven
-- by exact search, with the line that follows; the attempts at them in the viewer, and the
-- Glicko-2 ratings of the puzzles and of the viewer's solver.

-- One row per puzzle, keyed by the game and ply of its position, so that its rows live with the
-- game's (Citus distributes them by game_id). The same position mined from several games is one
-- puzzle of the set: the one of the lowest (game_id, ply), as puzzle_set reads it.
CREATE TABLE puzzle (
    game_id        BIGINT NOT NULL,
    ply            INT NOT NULL,
    variant        VARCHAR(16) NOT NULL,
    -- the position string (docs/formats.md#position-strings) and its 64-bit hash
    epn            VARCHAR(1000) NOT NULL,
    position_hash  BIGINT NOT NULL,
    -- w or b: the solver, to move
    solver         CHAR(1) NOT NULL,
    -- the solution in canonical notation, separated by spaces: the solver's moves with the
    -- opponent's best replies between, starting and ending with the solver's
    moves          VARCHAR(4000) NOT NULL,
    -- per move of the solution: a (asked of the solver), f (the solver's, forced, played for
    -- him), r (the opponent's reply)
    roles          VARCHAR(200) NOT NULL,
    -- the moves the solver is asked for
    asked          SMALLINT NOT NULL,
    -- men the first move wins by force at its horizon (all the opponent's where it wins the game)
    men            SMALLINT NOT NULL,
    wins_game      BOOLEAN NOT NULL,
    -- the first move wins uniquely at every horizon from proof_from to horizon plies
    proof_from     SMALLINT NOT NULL,
    horizon        SMALLINT NOT NULL,
    -- themes separated by spaces, as puzzle_theme holds them
    themes         VARCHAR(200) NOT NULL,
    -- bits of choice: over the moves asked, the sum of log2 of the legal moves to choose from
    difficulty     REAL NOT NULL,
    -- the move played in the game from this position
    played         VARCHAR(400),
    -- Glicko-2, from the start rating its difficulty gives, updated by each attempt
    rating         DOUBLE PRECISION NOT NULL,
    rating_deviation DOUBLE PRECISION NOT NULL,
    volatility     DOUBLE PRECISION NOT NULL,
    attempts       INT NOT NULL,
    solved         INT NOT NULL,
    miner_version  INT NOT NULL,
    CONSTRAINT puzzle_pk PRIMARY KEY (game_id, ply),
    CONSTRAINT puzzle_game_fk FOREIGN KEY (game_id) REFERENCES game (id) ON DELETE CASCADE
);
CREATE INDEX puzzle_position_idx ON puzzle (position_hash, game_id, ply);

-- A puzzle's themes, one row each, for SQL (sql/queries/10_missed_themes_by_player.sql).
CREATE TABLE puzzle_theme (
    game_id        BIGINT NOT NULL,
    ply            INT NOT NULL,
    theme          VARCHAR(16) NOT NULL,
    CONSTRAINT puzzle_theme_pk PRIMARY KEY (game_id, ply, theme),
    CONSTRAINT puzzle_theme_puzzle_fk FOREIGN KEY (game_id, ply) REFERENCES puzzle (game_id, ply) ON DELETE CASCADE
);
CREATE INDEX puzzle_theme_idx ON puzzle_theme (theme);

-- A game mined by a miner version: written in the same transaction as its puzzles, so a game
-- has all its puzzles or none. "Games not yet mined" are the reviewed games without a row.
CREATE TABLE puzzle_mined (
    game_id        BIGINT NOT NULL,
    miner_version  INT NOT NULL,
    -- the review whose classes chose the positions to try
    setting_id     INT NOT NULL,
    -- positions tried and puzzles found
    tried          INT NOT NULL,
    puzzles        INT NOT NULL,
    mined_at       TIMESTAMP NOT NULL,
    CONSTRAINT puzzle_mined_pk PRIMARY KEY (game_id),
    CONSTRAINT puzzle_mined_game_fk FOREIGN KEY (game_id) REFERENCES game (id) ON DELETE CASCADE
);

-- The viewer's solvers (the local one is "local"), rated by Glicko-2 from their attempts.
CREATE TABLE puzzle_solver (
    name             VARCHAR(100) NOT NULL,
    rating           DOUBLE PRECISION NOT NULL,
    rating_deviation DOUBLE PRECISION NOT NULL,
    volatility       DOUBLE PRECISION NOT NULL,
    attempts         INT NOT NULL,
    CONSTRAINT puzzle_solver_pk PRIMARY KEY (name)
);

-- One row per attempt: the first move tried decides it, as on lichess.
CREATE TABLE puzzle_attempt (
    game_id        BIGINT NOT NULL,
    ply            INT NOT NULL,
    solver_name    VARCHAR(100) NOT NULL,
    attempt        INT NOT NULL,
    solved         BOOLEAN NOT NULL,
    -- the first wrong move, NULL when solved
    wrong_move     VARCHAR(400),
    attempted_at   TIMESTAMP NOT NULL,
    CONSTRAINT puzzle_attempt_pk PRIMARY KEY (game_id, ply, attempt),
    CONSTRAINT puzzle_attempt_puzzle_fk FOREIGN KEY (game_id, ply) REFERENCES puzzle (game_id, ply) ON DELETE CASCADE
);

-- The set: of the puzzles of one position, the one of the lowest game and ply.
CREATE VIEW puzzle_set AS
SELECT p.*
FROM puzzle p
WHERE NOT EXISTS (
    SELECT 1 FROM puzzle o
    WHERE o.position_hash = p.position_hash
      AND o.epn = p.epn
      AND (o.game_id < p.game_id OR o.game_id = p.game_id AND o.ply < p.ply)
);

-- What each table, view and column holds (the viewer's schema page, emergo sql --schema).
COMMENT ON TABLE puzzle IS 'a puzzle mined from a reviewed game (emergo puzzles): one move wins material or the game by force, proven by exact search';
COMMENT ON COLUMN puzzle.game_id IS 'the game the position comes from';
COMMENT ON COLUMN puzzle.ply IS 'the ply of the position in that game (0 the start)';
COMMENT ON COLUMN puzzle.variant IS 'Emergo or HexEmergo';
COMMENT ON COLUMN puzzle.epn IS 'the position string';
COMMENT ON COLUMN puzzle.position_hash IS 'the 64-bit position hash';
COMMENT ON COLUMN puzzle.solver IS 'w or b: the side to move, who solves';
COMMENT ON COLUMN puzzle.moves IS 'the solution in canonical notation, separated by spaces: the solver''s moves with the opponent''s best replies between';
COMMENT ON COLUMN puzzle.roles IS 'per move of the solution: a (asked of the solver), f (the solver''s, forced, played for him), r (the opponent''s reply)';
COMMENT ON COLUMN puzzle.asked IS 'the moves the solver is asked for';
COMMENT ON COLUMN puzzle.men IS 'men the first move wins by force at its horizon';
COMMENT ON COLUMN puzzle.wins_game IS 'whether the solution wins the game';
COMMENT ON COLUMN puzzle.proof_from IS 'the first move wins uniquely at every horizon from this one up to horizon';
COMMENT ON COLUMN puzzle.horizon IS 'the deepest horizon of the proof, in plies';
COMMENT ON COLUMN puzzle.themes IS 'themes separated by spaces, as puzzle_theme holds them';
COMMENT ON COLUMN puzzle.difficulty IS 'bits of choice: over the moves asked, the sum of log2 of the legal moves to choose from';
COMMENT ON COLUMN puzzle.played IS 'the move played in the game from this position';
COMMENT ON COLUMN puzzle.rating IS 'Glicko-2 rating, from the start rating its difficulty gives, updated by each attempt';
COMMENT ON COLUMN puzzle.rating_deviation IS 'Glicko-2 rating deviation';
COMMENT ON COLUMN puzzle.volatility IS 'Glicko-2 volatility';
COMMENT ON COLUMN puzzle.attempts IS 'attempts made at it';
COMMENT ON COLUMN puzzle.solved IS 'attempts that solved it';
COMMENT ON COLUMN puzzle.miner_version IS 'the version of the miner that found it';
COMMENT ON TABLE puzzle_theme IS 'a puzzle''s themes, one row each';
COMMENT ON COLUMN puzzle_theme.game_id IS 'the puzzle''s game';
COMMENT ON COLUMN puzzle_theme.ply IS 'the puzzle''s ply';
COMMENT ON COLUMN puzzle_theme.theme IS 'capture, majority, liberation, entry, shadowpiece, sacrifice or game (docs/puzzles.md)';
COMMENT ON TABLE puzzle_mined IS 'a game mined for puzzles, written with its puzzles: the games not yet mined have no row';
COMMENT ON COLUMN puzzle_mined.game_id IS 'the game';
COMMENT ON COLUMN puzzle_mined.miner_version IS 'the version of the miner';
COMMENT ON COLUMN puzzle_mined.setting_id IS 'the review setting whose classes chose the positions to try';
COMMENT ON COLUMN puzzle_mined.tried IS 'positions tried';
COMMENT ON COLUMN puzzle_mined.puzzles IS 'puzzles found';
COMMENT ON COLUMN puzzle_mined.mined_at IS 'when it was mined';
COMMENT ON TABLE puzzle_solver IS 'a solver of the viewer''s puzzles (the local one is local), rated by Glicko-2 from the attempts';
COMMENT ON COLUMN puzzle_solver.name IS 'the solver''s name';
COMMENT ON COLUMN puzzle_solver.rating IS 'Glicko-2 rating';
COMMENT ON COLUMN puzzle_solver.rating_deviation IS 'Glicko-2 rating deviation';
COMMENT ON COLUMN puzzle_solver.volatility IS 'Glicko-2 volatility';
COMMENT ON COLUMN puzzle_solver.attempts IS 'attempts made';
COMMENT ON TABLE puzzle_attempt IS 'an attempt at a puzzle in the viewer: the first move tried decides it, as on lichess';
COMMENT ON COLUMN puzzle_attempt.game_id IS 'the puzzle''s game';
COMMENT ON COLUMN puzzle_attempt.ply IS 'the puzzle''s ply';
COMMENT ON COLUMN puzzle_attempt.solver_name IS 'who tried';
COMMENT ON COLUMN puzzle_attempt.attempt IS 'the attempt''s number at this puzzle';
COMMENT ON COLUMN puzzle_attempt.solved IS 'whether it was solved';
COMMENT ON COLUMN puzzle_attempt.wrong_move IS 'the first wrong move, NULL when solved';
COMMENT ON COLUMN puzzle_attempt.attempted_at IS 'when it was made';
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
