-- A winning-chance curve per board: Emergo and HexEmergo scores mean different chances (a man
-- is a larger share of HexEmergo's material), so each board of a setting has its own curve,
-- which starts as the engine's curve for that board and is fitted to the database's games of
-- that board once there are enough of them (docs/engine.md, winning chances).
--
-- The curve that turns a setting's scores into winning chances on one board:
-- 1 / (1 + exp(-(curve_k * s + curve_offset))) for a score s of the side to move in hundredths
-- of a man (curve_offset: what having the move is worth). Once the database holds 1,000
-- decisive games of a board reviewed at the setting, that board's curve is fitted to their
-- positions and results, and every game of the board is judged again with it (curve_generation).
CREATE TABLE review_curve (
    setting_id       INT NOT NULL,
    -- Emergo or HexEmergo, as game.variant
    variant          VARCHAR(16) NOT NULL,
    curve_k          DOUBLE PRECISION NOT NULL,
    curve_offset     DOUBLE PRECISION NOT NULL,
    -- default (the engine's, fitted to self-play) or fitted (to this database's games)
    curve_source     VARCHAR(16) NOT NULL,
    -- decisive games the curve was fitted to, 0 for the default
    curve_games      INT NOT NULL,
    -- raised each time the curve changes; review.curve_generation says which judged a game
    curve_generation INT NOT NULL,
    CONSTRAINT review_curve_pk PRIMARY KEY (setting_id, variant),
    CONSTRAINT review_curve_setting_fk FOREIGN KEY (setting_id) REFERENCES review_setting (id) ON DELETE CASCADE
);

-- A setting reviewed before this migration had one curve for both boards: each board keeps it,
-- so its reviews stay judged as they were.
INSERT INTO review_curve (setting_id, variant, curve_k, curve_offset, curve_source, curve_games, curve_generation)
SELECT id, 'Emergo', curve_k, curve_offset, curve_source, curve_games, curve_generation FROM review_setting
UNION ALL
SELECT id, 'HexEmergo', curve_k, curve_offset, curve_source, curve_games, curve_generation FROM review_setting;

ALTER TABLE review_setting DROP COLUMN curve_k;
ALTER TABLE review_setting DROP COLUMN curve_offset;
ALTER TABLE review_setting DROP COLUMN curve_source;
ALTER TABLE review_setting DROP COLUMN curve_games;
ALTER TABLE review_setting DROP COLUMN curve_generation;

COMMENT ON TABLE review_setting IS 'a setting the engine reviewed games at (depth=N or nodes=N) and review version; its curves are in review_curve';
COMMENT ON COLUMN review_setting.engine_version IS 'the review''s version (the search, its evaluation, the judgement): another version is another setting';

COMMENT ON TABLE review_curve IS 'the winning-chance curve of a setting on one board';
COMMENT ON COLUMN review_curve.setting_id IS 'the review_setting';
COMMENT ON COLUMN review_curve.variant IS 'Emergo or HexEmergo, as game.variant';
COMMENT ON COLUMN review_curve.curve_k IS 'winning chances are 1 / (1 + exp(-(curve_k * s + curve_offset))) for a score s in hundredths of a man';
COMMENT ON COLUMN review_curve.curve_offset IS 'what having the move is worth in that curve';
COMMENT ON COLUMN review_curve.curve_source IS 'default (the engine''s, fitted to self-play) or fitted (to this database''s games of the board)';
COMMENT ON COLUMN review_curve.curve_games IS 'decisive games of the board the curve was fitted to, 0 for the default';
COMMENT ON COLUMN review_curve.curve_generation IS 'raised each time the curve changes; review.curve_generation says which judged a game';
COMMENT ON COLUMN review.curve_generation IS 'the review_curve generation of the game''s board that judged its moves';
COMMENT ON COLUMN review_ply.chances_lost IS 'the mover''s winning chances the move gave away, 0 to 1, by the curve of the setting and board';
