-- emergo check and repair (issue 56): a damaged page can read as other text without an error,
-- and the fingerprint covers only what makes two records one game (not Event, Result, the
-- movetext's comments or the other tags). The record's digest covers every value the import
-- stored of it, so an altered game is found and left out of a repair. Games imported before
-- this version have none and are checked by their fingerprint alone.
ALTER TABLE game ADD COLUMN record_digest BIGINT;
COMMENT ON COLUMN game.record_digest IS 'the first 8 bytes of a SHA-256 of every value the import stored of the record: the game row''s variant, event, site, date, round, white, black, result, setup_epn, moves, movetext, ply_count, source and source_line, then its game_tag rows'' names and values in seq order (store RecordDigest); NULL for games imported before V30';
