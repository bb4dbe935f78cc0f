-- A leaner game row, so that a bulk import writes less (issue 3).
--
-- Runs unchanged on H2 2.3 and PostgreSQL 15, like V1.
--
-- 1. game.fingerprint becomes a BIGINT: the first 8 bytes of the SHA-256 of GameFingerprint.java,
--    read as a signed big-endian number, with an index that is not unique. 64 bits can collide,
--    so the store compares a found game's identity (variant, setup_epn, white, black, date, moves)
--    before it calls a game a duplicate: no distinct game is ever dropped. Random 64-character
--    keys in a unique index cost more per insert than anything else in the row.
-- 2. game.movetext is NULL when the record had nothing beyond its numbered main line and result
--    token (no comment, variation or glyph); the store rebuilds that text on reading
--    (PlainMovetext.java). Rows written before this migration keep their text.

ALTER TABLE game DROP CONSTRAINT game_fingerprint_unique;

ALTER TABLE game ADD COLUMN fingerprint_key BIGINT;

-- The first 16 hex digits of the old fingerprint as a signed 64-bit number, digit by digit:
-- H2 and PostgreSQL share no function that reads hexadecimal.
UPDATE game SET fingerprint_key =
      (POSITION(SUBSTRING(fingerprint FROM 1 FOR 1) IN '0123456789abcdef') - 1
        - CASE WHEN POSITION(SUBSTRING(fingerprint FROM 1 FOR 1) IN '0123456789abcdef') > 8 THEN 16 ELSE 0 END)
        * CAST(1152921504606846976 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 2 FOR 1) IN '0123456789abcdef') - 1) * CAST(72057594037927936 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 3 FOR 1) IN '0123456789abcdef') - 1) * CAST(4503599627370496 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 4 FOR 1) IN '0123456789abcdef') - 1) * CAST(281474976710656 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 5 FOR 1) IN '0123456789abcdef') - 1) * CAST(17592186044416 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 6 FOR 1) IN '0123456789abcdef') - 1) * CAST(1099511627776 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 7 FOR 1) IN '0123456789abcdef') - 1) * CAST(68719476736 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 8 FOR 1) IN '0123456789abcdef') - 1) * CAST(4294967296 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 9 FOR 1) IN '0123456789abcdef') - 1) * CAST(268435456 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 10 FOR 1) IN '0123456789abcdef') - 1) * CAST(16777216 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 11 FOR 1) IN '0123456789abcdef') - 1) * CAST(1048576 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 12 FOR 1) IN '0123456789abcdef') - 1) * CAST(65536 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 13 FOR 1) IN '0123456789abcdef') - 1) * CAST(4096 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 14 FOR 1) IN '0123456789abcdef') - 1) * CAST(256 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 15 FOR 1) IN '0123456789abcdef') - 1) * CAST(16 AS BIGINT)
    + (POSITION(SUBSTRING(fingerprint FROM 16 FOR 1) IN '0123456789abcdef') - 1);

ALTER TABLE game DROP COLUMN fingerprint;

ALTER TABLE game RENAME COLUMN fingerprint_key TO fingerprint;

ALTER TABLE game ALTER COLUMN fingerprint SET NOT NULL;

CREATE INDEX game_fingerprint_idx ON game (fingerprint);
