-- Issue 52, the statistics page on its first visit: its figures read every game's rows and the
-- reviewed positions (6 s on the demo's 3,038 reviewed games), so the viewer computed them on the
-- first request after it started and showed a page that reloaded itself meanwhile. Now the
-- commands that change them (import, analyze, review) compute them at the end of their run and
-- store them here, as numbers (the viewer draws the charts from them); the viewer reads them when
-- the counts they were computed for are the database's now, and computes them itself when not.
-- Two parts, each written with the counts it depends on: the games' figures (results, lengths,
-- captures, findings, shadowpieces) change with games and analyses, the reviews' (when decisive
-- games were decided, the calibration of the winning chances) with reviews and curves only, so
-- that an import of a few games into a large reviewed collection does not read every reviewed
-- position again.
CREATE TABLE stats_snapshot (
    part              VARCHAR(8) NOT NULL,
    games             INT NOT NULL,
    analysed          INT NOT NULL,
    findings          INT NOT NULL,
    last_analysed     TIMESTAMP,
    reviews           INT NOT NULL,
    curves            INT NOT NULL,
    computed_at       TIMESTAMP NOT NULL,
    CONSTRAINT stats_snapshot_pk PRIMARY KEY (part),
    CONSTRAINT stats_snapshot_part_check CHECK (part IN ('games', 'reviews'))
);

-- The latest analysis, which the games' part is also stored with: an analyze --all by another
-- engine changes figures but no count, and a run of it stopped early must not leave the old
-- figures looking current. Its time changes with the first batch it commits, and nothing is
-- written before that batch (the kill tests stop an analysis right after a commit). The index
-- makes MAX(analysed_at) a look at its last entry (the viewer asks on every visit of /stats).
CREATE INDEX analysis_analysed_at_idx ON analysis (analysed_at);

-- The bars of the charts, in their order: the games' part's charts and the reviews' decided games.
CREATE TABLE stats_bar (
    chart             VARCHAR(16) NOT NULL,
    seq               INT NOT NULL,
    label             VARCHAR(40) NOT NULL,
    value_1           INT NOT NULL,
    value_2           INT,
    value_3           INT,
    value_4           INT,
    CONSTRAINT stats_bar_pk PRIMARY KEY (chart, seq)
);

-- The decided games at the setting most games are reviewed at: no row when no game is reviewed.
CREATE TABLE stats_decided (
    setting_id        INT NOT NULL,
    setting           VARCHAR(40) NOT NULL,
    games             INT NOT NULL,
    undecided         INT NOT NULL,
    median_ply        INT,
    median_left       INT,
    CONSTRAINT stats_decided_pk PRIMARY KEY (setting_id)
);

-- The calibration of the winning chances at that setting: for each board with games enough,
-- the curve fitted to the games with an even id and the engine's, each scored on the others.
CREATE TABLE stats_calibration (
    variant           VARCHAR(16) NOT NULL,
    curve             VARCHAR(8) NOT NULL,
    fit_games         INT NOT NULL,
    held_out_games    INT NOT NULL,
    curve_k           DOUBLE PRECISION NOT NULL,
    curve_offset      DOUBLE PRECISION NOT NULL,
    positions         INT NOT NULL,
    brier             DOUBLE PRECISION,
    log_loss          DOUBLE PRECISION,
    CONSTRAINT stats_calibration_pk PRIMARY KEY (variant, curve),
    CONSTRAINT stats_calibration_curve_check CHECK (curve IN ('players', 'engine'))
);

CREATE TABLE stats_calibration_band (
    variant           VARCHAR(16) NOT NULL,
    curve             VARCHAR(8) NOT NULL,
    band              SMALLINT NOT NULL,
    positions         INT NOT NULL,
    predicted         DOUBLE PRECISION,
    actual            DOUBLE PRECISION,
    CONSTRAINT stats_calibration_band_pk PRIMARY KEY (variant, curve, band)
);

COMMENT ON TABLE stats_snapshot IS 'the statistics page''s figures as the last import, analyze or review computed them, in two parts, with the counts of the database then: the viewer shows them while its counts are the same';
COMMENT ON COLUMN stats_snapshot.part IS 'games (stats_bar''s charts but decided: compared by games, analysed, findings and last_analysed) or reviews (stats_decided, stats_calibration and the decided chart: compared by reviews and curves)';
COMMENT ON COLUMN stats_snapshot.games IS 'games stored then';
COMMENT ON COLUMN stats_snapshot.analysed IS 'analyses stored then';
COMMENT ON COLUMN stats_snapshot.findings IS 'findings stored then';
COMMENT ON COLUMN stats_snapshot.last_analysed IS 'the latest analysis.analysed_at then, NULL with none: it changes when games are analysed again (analyze --all), which may change the figures but no count';
COMMENT ON COLUMN stats_snapshot.reviews IS 'reviews stored then (at every setting)';
COMMENT ON COLUMN stats_snapshot.curves IS 'the sum of review_curve.curve_generation then: it rises whenever a curve is fitted again';
COMMENT ON COLUMN stats_snapshot.computed_at IS 'when the part was computed (UTC)';

COMMENT ON TABLE stats_bar IS 'the bars of the statistics page''s charts, as computed for stats_snapshot';
COMMENT ON COLUMN stats_bar.chart IS 'results, length, captures, first-capture, findings, shadowpieces (the games'' part) or decided (the reviews'')';
COMMENT ON COLUMN stats_bar.seq IS 'the bar''s place in its chart, from 0';
COMMENT ON COLUMN stats_bar.label IS 'the bar''s label: a variant, the first ply or the men of its range, a finding code, N men';
COMMENT ON COLUMN stats_bar.value_1 IS 'the first series: White wins (results), games, captures, findings, shadowpieces whose owner won';
COMMENT ON COLUMN stats_bar.value_2 IS 'the second series, NULL for a chart of one: draws';
COMMENT ON COLUMN stats_bar.value_3 IS 'the third series, NULL for a chart of one: Black wins (results), shadowpieces whose owner lost';
COMMENT ON COLUMN stats_bar.value_4 IS 'the fourth series, NULL for a chart of one: games with no result';

COMMENT ON TABLE stats_decided IS 'the decisive games reviewed at the setting most games are reviewed at, and when they were decided (docs/viewer.md, /stats)';
COMMENT ON COLUMN stats_decided.setting_id IS 'the review_setting';
COMMENT ON COLUMN stats_decided.setting IS 'the setting as review_setting.setting has it';
COMMENT ON COLUMN stats_decided.games IS 'decisive games (1-0 or 0-1) reviewed at it';
COMMENT ON COLUMN stats_decided.undecided IS 'of those, games whose winner''s chances were below 90% at the last position reviewed';
COMMENT ON COLUMN stats_decided.median_ply IS 'the median ply of decision of the others, NULL without one';
COMMENT ON COLUMN stats_decided.median_left IS 'the median number of plies played after the decision, NULL without one';

COMMENT ON TABLE stats_calibration IS 'the winning chances of a curve held against the results of the reviewed games of a board with an odd id, at stats_decided''s setting (docs/engine.md#calibration)';
COMMENT ON COLUMN stats_calibration.variant IS 'Emergo or HexEmergo, as game.variant';
COMMENT ON COLUMN stats_calibration.curve IS 'players (fitted to the games with an even id, with what having the move is worth) or engine (the engine''s, which classes the moves)';
COMMENT ON COLUMN stats_calibration.fit_games IS 'games with an even id the players'' curve was fitted to';
COMMENT ON COLUMN stats_calibration.held_out_games IS 'games with an odd id that scored the curves';
COMMENT ON COLUMN stats_calibration.curve_k IS 'the curve''s slope: chances are 1 / (1 + exp(-(curve_k * s + curve_offset))) for a score s in hundredths of a man';
COMMENT ON COLUMN stats_calibration.curve_offset IS 'what having the move is worth in that curve';
COMMENT ON COLUMN stats_calibration.positions IS 'positions of the games with an odd id scored (won and lost scores left out)';
COMMENT ON COLUMN stats_calibration.brier IS 'the Brier score: the mean squared error of the chances against the results (a draw counting half); NULL without a position';
COMMENT ON COLUMN stats_calibration.log_loss IS 'the mean negative log-likelihood of the results; NULL without a position';

COMMENT ON TABLE stats_calibration_band IS 'a stats_calibration curve''s predictions in bands of a tenth, against the results made';
COMMENT ON COLUMN stats_calibration_band.variant IS 'Emergo or HexEmergo, as game.variant';
COMMENT ON COLUMN stats_calibration_band.curve IS 'players or engine, as stats_calibration.curve';
COMMENT ON COLUMN stats_calibration_band.band IS '0 for chances of 0-10% to 9 for 90-100%';
COMMENT ON COLUMN stats_calibration_band.positions IS 'positions whose chance fell in the band';
COMMENT ON COLUMN stats_calibration_band.predicted IS 'their mean chance, NULL without a position';
COMMENT ON COLUMN stats_calibration_band.actual IS 'the mean result of their side to move (a draw counting half), NULL without a position';
