-- The pattern search's bitmaps (issue 17, docs/patterns.md#how-it-is-answered): pattern_game's rows
-- gathered into segments of 4,096 games, each with a compressed bitmap
-- (RoaringBitmap) of its positions per square and content, per side to move, men in hand and
-- move played. A search reads only the bitmaps of what it asks, instead of every game's row.
-- emergo analyze builds the segments at the end of a run from the games in pattern_pending;
-- until then a search scans those games' pattern_game rows, so an answer never waits for a segment.

CREATE TABLE pattern_pending (
    game_id         BIGINT NOT NULL,
    variant         VARCHAR(16) NOT NULL,
    CONSTRAINT pattern_pending_pk PRIMARY KEY (game_id)
);
COMMENT ON TABLE pattern_pending IS 'games whose pattern_game row is in no segment yet: written with the row, deleted when a segment takes it';
COMMENT ON COLUMN pattern_pending.game_id IS 'the game';
COMMENT ON COLUMN pattern_pending.variant IS 'Emergo or HexEmergo';
-- the games indexed before this migration
INSERT INTO pattern_pending (game_id, variant) SELECT game_id, variant FROM pattern_game;

CREATE TABLE pattern_segment (
    segment         BIGINT NOT NULL,
    variant         VARCHAR(16) NOT NULL,
    games           INT NOT NULL,
    positions       INT NOT NULL,
    game_list       VARBINARY NOT NULL,
    CONSTRAINT pattern_segment_pk PRIMARY KEY (segment)
);
COMMENT ON TABLE pattern_segment IS 'games whose positions are numbered 0 to positions - 1 in the bitmaps of pattern_bits; a game analysed again is pending, then in a newer segment, and only its newest place counts';
COMMENT ON COLUMN pattern_segment.segment IS 'the segment''s number, from pattern_segment_seq';
COMMENT ON COLUMN pattern_segment.variant IS 'Emergo or HexEmergo: a segment holds games of one board';
COMMENT ON COLUMN pattern_segment.games IS 'games in the segment';
COMMENT ON COLUMN pattern_segment.positions IS 'positions in the segment';
COMMENT ON COLUMN pattern_segment.game_list IS 'per game in position order: its id (varint, the difference from the one before) and positions (varint)';

CREATE SEQUENCE pattern_segment_seq;

CREATE TABLE pattern_bits (
    variant         VARCHAR(16) NOT NULL,
    dimension       INT NOT NULL,
    segment         BIGINT NOT NULL,
    bitmaps         VARBINARY NOT NULL,
    CONSTRAINT pattern_bits_pk PRIMARY KEY (variant, dimension, segment)
);
COMMENT ON TABLE pattern_bits IS 'per segment and dimension, a bitmap of the segment''s positions for every value the dimension takes there';
COMMENT ON COLUMN pattern_bits.variant IS 'the segment''s board';
COMMENT ON COLUMN pattern_bits.dimension IS 'a square (its index on the board: the column there), or 1000 side to move, 1001 White''s men in hand, 1002 Black''s, 1003 men taken by the move played, 1004 an entry played, 1005 a finding (org.emergo.store.PatternBitmaps)';
COMMENT ON COLUMN pattern_bits.segment IS 'the segment';
COMMENT ON COLUMN pattern_bits.bitmaps IS 'per value: the value (zigzag varint), the length of its bitmap (varint), the bitmap (RoaringBitmap''s portable format); a square''s values are its columns (jailers, + White commands, times 256 plus prisoners)';
