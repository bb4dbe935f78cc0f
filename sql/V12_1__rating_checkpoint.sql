-- Where the stored rating history can be kept when the ratings are computed again: every
-- 2,500th game of a variant's rating order, a digest of the order up to it (each game's id,
-- players after aliases and score). A new computation keeps the stored rows up to the last
-- checkpoint whose digest it computes again, and writes only the rows after it: new games
-- after old ones cost their own rows, not the whole history's (RatingJob).
CREATE TABLE rating_checkpoint (
    variant         VARCHAR(16) NOT NULL,
    -- the game's place in the variant's rating order (rating.seq)
    seq             INT NOT NULL,
    -- a 64-bit digest of the games rated up to and including seq, in order
    digest          BIGINT NOT NULL,
    CONSTRAINT rating_checkpoint_pk PRIMARY KEY (variant, seq)
);

-- The history after a checkpoint is deleted by its place in the order.
CREATE INDEX rating_seq_idx ON rating (variant, seq);

COMMENT ON TABLE rating_checkpoint IS 'every 2,500th game of a variant''s rating order, with a digest of the order up to it: the history before a checkpoint that is computed again alike is kept';
COMMENT ON COLUMN rating_checkpoint.variant IS 'Emergo or HexEmergo';
COMMENT ON COLUMN rating_checkpoint.seq IS 'the game''s place in the variant''s rating order (rating.seq)';
COMMENT ON COLUMN rating_checkpoint.digest IS 'a 64-bit digest of the games rated up to and including seq (ids, players after aliases, scores), in order';
