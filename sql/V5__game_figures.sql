-- Per-game figures, written by `emergo analyze` with the rest of a game's analysis, so that
-- the viewer's lists and statistics and the common questions over positions read one small
-- row (or a few) per game instead of every position of every game: on H2 a scan of all
-- positions reads 300,000-600,000 rows a second, minutes at 100,000 games.
--
-- The figures are derived data like positions: this migration drops every analysis (history
-- is kept, as in V3), and the next `emergo analyze` replays every game again. A later
-- migration that drops analyses must empty the tables below as well.

TRUNCATE TABLE position;
DELETE FROM finding;
DELETE FROM shadowpiece;
DELETE FROM analysis;

-- Captures carried out by the replay (a capture's size is the men its route takes).
ALTER TABLE analysis ADD COLUMN captures INT NOT NULL;
ALTER TABLE analysis ADD COLUMN men_captured INT NOT NULL;
-- men taken by the longest capture played, 0 when the game had none
ALTER TABLE analysis ADD COLUMN longest_capture SMALLINT NOT NULL;
-- the ply of the first capture (ply n is move n), NULL when the game had none
ALTER TABLE analysis ADD COLUMN first_capture_ply INT;
-- the largest max_capture of the game's positions: the longest capture ever available
ALTER TABLE analysis ADD COLUMN biggest_capture_available SMALLINT NOT NULL;
-- the tallest column that stood in the game, where it first stood at that height and when
-- (ply 0 is the start position); NULL square and ply when no column ever stood
ALTER TABLE analysis ADD COLUMN tallest SMALLINT NOT NULL;
ALTER TABLE analysis ADD COLUMN tallest_square VARCHAR(2);
ALTER TABLE analysis ADD COLUMN tallest_ply INT;
ALTER TABLE analysis ADD COLUMN shadowpieces SMALLINT NOT NULL;
-- material (men in hand and in owned columns) of each side in the last position replayed
ALTER TABLE analysis ADD COLUMN white_material_end SMALLINT NOT NULL;
ALTER TABLE analysis ADD COLUMN black_material_end SMALLINT NOT NULL;
-- mobility: legal moves of each side, averaged over the positions it moved from (NULL when
-- it made no move)
ALTER TABLE analysis ADD COLUMN white_mobility REAL;
ALTER TABLE analysis ADD COLUMN black_mobility REAL;

CREATE INDEX analysis_plies_idx ON analysis (plies_replayed);

-- Captures played in a game, by size: one row per game and size taken.
CREATE TABLE capture_length (
    game_id         BIGINT NOT NULL,
    -- men taken
    men             SMALLINT NOT NULL,
    captures        INT NOT NULL,
    -- the ply of the first capture of this size
    first_ply       INT NOT NULL,
    CONSTRAINT capture_length_pk PRIMARY KEY (game_id, men),
    CONSTRAINT capture_length_game_fk FOREIGN KEY (game_id) REFERENCES game (id) ON DELETE CASCADE
);

-- Where tall columns stood: for each square and each height from 5 up to the tallest column
-- that square held, the first ply at which a column of that height or taller stood there.
-- "Games with a column of 7 or more on e5, and when" is: WHERE square = 'e5' AND height = 7.
-- Shorter columns are too common to list (a game holds a column of 3 on some twenty squares):
-- ask position_board for those.
CREATE TABLE tall_column (
    game_id         BIGINT NOT NULL,
    square          VARCHAR(2) NOT NULL,
    height          SMALLINT NOT NULL,
    first_ply       INT NOT NULL,
    -- w or b: who owned the column at that ply
    owner           CHAR(1) NOT NULL,
    CONSTRAINT tall_column_pk PRIMARY KEY (game_id, square, height)
    -- No foreign key to game, as in position: this table takes a dozen rows a game.
);
CREATE INDEX tall_column_square_idx ON tall_column (square, height);

-- Positions where the side to move could take 3 or more men (max_capture >= 3 in position),
-- with what it took: a few positions a game, so "big captures available" reads no position row.
CREATE TABLE capture_chance (
    game_id         BIGINT NOT NULL,
    ply             INT NOT NULL,
    -- w or b: the side to move
    player          CHAR(1) NOT NULL,
    -- men the longest capture available takes
    available       SMALLINT NOT NULL,
    -- men the move played took (0: not a capture; NULL: the replay ended here)
    taken           SMALLINT,
    CONSTRAINT capture_chance_pk PRIMARY KEY (game_id, ply),
    CONSTRAINT capture_chance_game_fk FOREIGN KEY (game_id) REFERENCES game (id) ON DELETE CASCADE
);

-- Material and mobility over the game, in stages of 40 plies: stage s covers plies 40s to
-- 40s + 39 of the positions replayed (ply 0 the start).
CREATE TABLE game_stage (
    game_id         BIGINT NOT NULL,
    stage           SMALLINT NOT NULL,
    -- material of each side in the stage's first position
    white_material  SMALLINT NOT NULL,
    black_material  SMALLINT NOT NULL,
    -- legal moves of each side averaged over the stage's positions it moved from (NULL when
    -- it made no move in the stage)
    white_mobility  REAL,
    black_mobility  REAL,
    CONSTRAINT game_stage_pk PRIMARY KEY (game_id, stage)
    -- No foreign key to game, as in position: this table takes five rows a game.
);
