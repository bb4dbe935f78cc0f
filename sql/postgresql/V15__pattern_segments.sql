-- The pattern search's bitmaps (issue 17, docs/patterns.md#how-it-is-answered): pattern_game's rows
-- gathered into segments of about a million positions, each with a compressed bitmap
-- (RoaringBitmap) of its positions per square and content, per side to move, men in hand and
-- move played. A search reads only the bitmaps of what it asks, instead of every game's row.
-- emergo analyze builds the segments at the end of a run from the pattern_game rows that have
-- none yet; until then a search scans those rows, so an answer never waits for a segment.

ALTER TABLE pattern_game ADD COLUMN segment BIGINT;
CREATE INDEX pattern_game_segment_idx ON pattern_game (segment);
COMMENT ON COLUMN pattern_game.segment IS 'the pattern_segment holding this game''s positions, null until emergo analyze has built it';

CREATE TABLE pattern_segment (
    segment         BIGINT NOT NULL,
    variant         VARCHAR(16) NOT NULL,
    games           INT NOT NULL,
    positions       INT NOT NULL,
    game_list       BYTEA NOT NULL,
    CONSTRAINT pattern_segment_pk PRIMARY KEY (segment)
);
COMMENT ON TABLE pattern_segment IS 'games whose positions are numbered 0 to positions - 1 in the bitmaps of pattern_bits';
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
    bitmaps         BYTEA NOT NULL,
    CONSTRAINT pattern_bits_pk PRIMARY KEY (variant, dimension, segment)
);
COMMENT ON TABLE pattern_bits IS 'per segment and dimension, a bitmap of the segment''s positions for every value the dimension takes there';
COMMENT ON COLUMN pattern_bits.variant IS 'the segment''s board';
COMMENT ON COLUMN pattern_bits.dimension IS 'a square (its index on the board: the column there), or 1000 side to move, 1001 White''s men in hand, 1002 Black''s, 1003 men taken by the move played, 1004 an entry played, 1005 a finding (org.emergo.store.PatternBitmaps)';
COMMENT ON COLUMN pattern_bits.segment IS 'the segment';
COMMENT ON COLUMN pattern_bits.bitmaps IS 'per value: the value (zigzag varint), the length of its bitmap (varint), the bitmap (RoaringBitmap''s portable format)';

CREATE TABLE pattern_stale (
    segment         BIGINT NOT NULL,
    game_id         BIGINT NOT NULL,
    CONSTRAINT pattern_stale_pk PRIMARY KEY (game_id, segment)
);
COMMENT ON TABLE pattern_stale IS 'games analysed again after their segment was built: their positions there are skipped until the segment is built again';
COMMENT ON COLUMN pattern_stale.segment IS 'the segment';
COMMENT ON COLUMN pattern_stale.game_id IS 'the game';
