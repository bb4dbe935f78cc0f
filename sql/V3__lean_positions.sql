-- Leaner positions: one narrow row per ply, so that `emergo analyze` writes little more than
-- the position string per move. Each row holds the move played FROM the position (an opening
-- tree is one index look-up), and the board as one string instead of 51 columns; the view
-- position_board gives back one column per square.
--
-- Positions, findings and shadowpieces are derived data: this migration drops them with the
-- analyses, and the next `emergo analyze` replays every game again. analysis_history is kept.

DROP VIEW move;
DROP TABLE position;
DELETE FROM finding;
DELETE FROM shadowpiece;
DELETE FROM analysis;

-- Ply 0 is the start position, ply n the position after move n (RULES.md 8).
CREATE TABLE position (
    game_id         BIGINT NOT NULL,
    ply             INT NOT NULL,
    -- the 64-bit position hash (FORMATS.md 4): equal positions, equal hashes
    hash            BIGINT NOT NULL,
    -- the position string (FORMATS.md 4)
    epn             VARCHAR(4000) NOT NULL,
    -- w or b
    side_to_move    CHAR(1) NOT NULL,
    white_in_hand   SMALLINT NOT NULL,
    black_in_hand   SMALLINT NOT NULL,
    white_columns   SMALLINT NOT NULL,
    black_columns   SMALLINT NOT NULL,
    -- men a player controls: in hand plus every man of the columns he owns
    white_material  SMALLINT NOT NULL,
    black_material  SMALLINT NOT NULL,
    -- height of the tallest column on the board (0 on an empty board)
    tallest         SMALLINT NOT NULL,
    -- legal moves of the side to move (0 once the game is over)
    legal_moves     SMALLINT NOT NULL,
    -- men the longest capture available to the side to move takes (0: no capture)
    max_capture     SMALLINT NOT NULL,
    -- the move played from this position in canonical notation, NULL where the replay ended
    next_move       VARCHAR(1000),
    -- that move as the record wrote it, NULL when written exactly as next_move (most moves:
    -- storing each move once keeps the row short); view move gives both always
    next_move_text  VARCHAR(1000),
    -- One character per square, in the order of the columns of view position_board (a1, a2,
    -- ..., i5: every square of either board): '.' vacant or not on this board, A-Z a White
    -- column of height 1-26, a-z a Black one, '+' and '-' a White or Black column taller than
    -- 26 (only in composed positions: a game from the start has 24 men), which
    -- position_board shows as 27 and -27.
    board           CHAR(51) NOT NULL,
    CONSTRAINT position_pk PRIMARY KEY (game_id, ply)
    -- No foreign key to game: checking it costs a quarter of the insert speed of the table
    -- that takes one row per ply. Only emergo analyze writes here, for games it just read.
);
-- Looking a position up goes through its hash (emergo moves --json prints it). The index
-- also holds what an opening tree needs (game, ply, side to move, move played), so listing
-- the games through a position reads no table row: 2,500 games in under 10 ms on 100,000
-- games, where fetching the rows took 60. It costs no more to build than the hash alone.
CREATE INDEX position_hash_idx ON position (hash, game_id, ply, side_to_move, next_move);

-- The same for the other half of an opening tree, the games' results: scoring 2,500 games
-- through a position reads this small index instead of 2,500 game rows (which hold the moves).
CREATE INDEX game_result_idx ON game (id, variant, result);

-- The moves carried out by the replay (ARCHITECTURE.md: move(game_id, ply, text, canonical));
-- ply 1 is the first move.
CREATE VIEW move AS
SELECT game_id,
       ply + 1 AS ply,
       COALESCE(next_move_text, next_move) AS text,
       next_move AS canonical
FROM position
WHERE next_move IS NOT NULL;

-- Column-level questions in plain SQL: one column per square of either board holding the
-- height of the column standing there, positive for White's, negative for Black's, NULL when
-- vacant (27: taller than 26). "A column of 5 or more on e5" is: ABS(e5) >= 5.
-- Each column is the place of the square's character in '-z...a.A...Z+', less 28.
CREATE VIEW position_board AS
SELECT game_id,
       ply,
       NULLIF(POSITION(SUBSTRING(board FROM 1 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS a1,
       NULLIF(POSITION(SUBSTRING(board FROM 2 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS a2,
       NULLIF(POSITION(SUBSTRING(board FROM 3 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS a3,
       NULLIF(POSITION(SUBSTRING(board FROM 4 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS a4,
       NULLIF(POSITION(SUBSTRING(board FROM 5 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS a5,
       NULLIF(POSITION(SUBSTRING(board FROM 6 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS b1,
       NULLIF(POSITION(SUBSTRING(board FROM 7 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS b2,
       NULLIF(POSITION(SUBSTRING(board FROM 8 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS b3,
       NULLIF(POSITION(SUBSTRING(board FROM 9 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS b4,
       NULLIF(POSITION(SUBSTRING(board FROM 10 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS b5,
       NULLIF(POSITION(SUBSTRING(board FROM 11 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS b6,
       NULLIF(POSITION(SUBSTRING(board FROM 12 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS c1,
       NULLIF(POSITION(SUBSTRING(board FROM 13 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS c2,
       NULLIF(POSITION(SUBSTRING(board FROM 14 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS c3,
       NULLIF(POSITION(SUBSTRING(board FROM 15 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS c4,
       NULLIF(POSITION(SUBSTRING(board FROM 16 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS c5,
       NULLIF(POSITION(SUBSTRING(board FROM 17 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS c6,
       NULLIF(POSITION(SUBSTRING(board FROM 18 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS c7,
       NULLIF(POSITION(SUBSTRING(board FROM 19 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS d1,
       NULLIF(POSITION(SUBSTRING(board FROM 20 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS d2,
       NULLIF(POSITION(SUBSTRING(board FROM 21 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS d3,
       NULLIF(POSITION(SUBSTRING(board FROM 22 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS d4,
       NULLIF(POSITION(SUBSTRING(board FROM 23 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS d5,
       NULLIF(POSITION(SUBSTRING(board FROM 24 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS d6,
       NULLIF(POSITION(SUBSTRING(board FROM 25 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS d7,
       NULLIF(POSITION(SUBSTRING(board FROM 26 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS d8,
       NULLIF(POSITION(SUBSTRING(board FROM 27 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS e1,
       NULLIF(POSITION(SUBSTRING(board FROM 28 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS e2,
       NULLIF(POSITION(SUBSTRING(board FROM 29 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS e3,
       NULLIF(POSITION(SUBSTRING(board FROM 30 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS e4,
       NULLIF(POSITION(SUBSTRING(board FROM 31 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS e5,
       NULLIF(POSITION(SUBSTRING(board FROM 32 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS e6,
       NULLIF(POSITION(SUBSTRING(board FROM 33 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS e7,
       NULLIF(POSITION(SUBSTRING(board FROM 34 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS e8,
       NULLIF(POSITION(SUBSTRING(board FROM 35 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS e9,
       NULLIF(POSITION(SUBSTRING(board FROM 36 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS f2,
       NULLIF(POSITION(SUBSTRING(board FROM 37 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS f3,
       NULLIF(POSITION(SUBSTRING(board FROM 38 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS f4,
       NULLIF(POSITION(SUBSTRING(board FROM 39 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS f5,
       NULLIF(POSITION(SUBSTRING(board FROM 40 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS f6,
       NULLIF(POSITION(SUBSTRING(board FROM 41 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS f7,
       NULLIF(POSITION(SUBSTRING(board FROM 42 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS f8,
       NULLIF(POSITION(SUBSTRING(board FROM 43 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS g3,
       NULLIF(POSITION(SUBSTRING(board FROM 44 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS g4,
       NULLIF(POSITION(SUBSTRING(board FROM 45 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS g5,
       NULLIF(POSITION(SUBSTRING(board FROM 46 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS g6,
       NULLIF(POSITION(SUBSTRING(board FROM 47 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS g7,
       NULLIF(POSITION(SUBSTRING(board FROM 48 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS h4,
       NULLIF(POSITION(SUBSTRING(board FROM 49 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS h5,
       NULLIF(POSITION(SUBSTRING(board FROM 50 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS h6,
       NULLIF(POSITION(SUBSTRING(board FROM 51 FOR 1) IN '-zyxwvutsrqponmlkjihgfedcba.ABCDEFGHIJKLMNOPQRSTUVWXYZ+') - 28, 0) AS i5
FROM position;
