-- The pattern search's index (issue 17, docs/patterns.md#the-text-form): every position of a game in a few
-- bytes a ply, written by `emergo analyze` in the same transaction as the game's position rows,
-- so that a search reads one short row a game instead of every position row. A game analysed
-- before this migration has no row until `emergo analyze --all`; searches say how many lack one.
CREATE TABLE pattern_game (
    game_id         BIGINT NOT NULL,
    variant         VARCHAR(16) NOT NULL,
    positions       INT NOT NULL,
    boards          BYTEA NOT NULL,
    CONSTRAINT pattern_game_pk PRIMARY KEY (game_id)
    -- No foreign key to game, as in position: only emergo analyze writes here.
);

COMMENT ON TABLE pattern_game IS 'one row per analysed game: its positions encoded for pattern search (docs/patterns.md#the-text-form)';
COMMENT ON COLUMN pattern_game.game_id IS 'the game';
COMMENT ON COLUMN pattern_game.variant IS 'Emergo or HexEmergo';
COMMENT ON COLUMN pattern_game.positions IS 'positions encoded: the game''s position rows, ply 0 to positions - 1';
COMMENT ON COLUMN pattern_game.boards IS 'per ply: side to move, men in hand, the move played (men taken, entry, finding), and the squares changed since the ply before (org.emergo.pattern.GameBoards)';
