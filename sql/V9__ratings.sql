-- Ratings of players (issue 18): Elo and Glicko-2, computed from the stored games in the order
-- they were played, separately for Emergo and HexEmergo. Written by `emergo analyze` and
-- `emergo ratings`, which compute every rating again in one pass and replace these rows (the
-- tables are derived data, like positions), except player_alias, which the user fills.

-- Spellings of one person: a game's White or Black equal to an alias is rated as the player.
-- Filled from a CSV file by `emergo ratings --aliases FILE`, which replaces the rows.
CREATE TABLE player_alias (
    alias           VARCHAR(100000) NOT NULL,
    player          VARCHAR(100000) NOT NULL
);

-- The rated players, names after aliases. Ids are given anew by each computation: link to a
-- player by name.
CREATE TABLE player (
    id              INT NOT NULL PRIMARY KEY,
    name            VARCHAR(100000) NOT NULL
);
-- Hash: names are looked up by equality, and a PostgreSQL B-tree refuses long values.
CREATE INDEX player_name_idx ON player USING HASH (name);

-- The history: one row per rated game and side, with the player's rating before and after the
-- game, in the system the viewer shows (rating_run.shown_system, the one that forecast the
-- games best; player_rating and rating_quality hold every system). A game is rated when both players are named and differ, and its
-- recorded result (else its result by rule) is a win or a draw.
CREATE TABLE rating (
    -- elo or glicko2
    system          VARCHAR(16) NOT NULL,
    variant         VARCHAR(16) NOT NULL,
    game_id         BIGINT NOT NULL,
    -- w or b
    side            CHAR(1) NOT NULL,
    player_id       INT NOT NULL,
    -- the game's place in its variant's rating order (1 is rated first): by date, then the
    -- games without a date, games of one date (or none) in import order
    seq             INT NOT NULL,
    -- the player's rated games of the variant, this one included
    games           INT NOT NULL,
    -- the player's expected score, from the ratings before the game (the forecast that
    -- rating_quality scores), and what he scored: 1, 0.5 or 0
    expected        DOUBLE PRECISION NOT NULL,
    score           REAL NOT NULL,
    rating_before   DOUBLE PRECISION NOT NULL,
    -- NULL in a system without a deviation (Elo)
    deviation_before DOUBLE PRECISION,
    rating          DOUBLE PRECISION NOT NULL,
    deviation       DOUBLE PRECISION,
    -- Glicko-2's volatility, NULL for Elo
    volatility      DOUBLE PRECISION
    -- No key and no foreign keys, as in position: the rows are replaced whole by each
    -- computation, which drops the two indexes below while it writes and builds them after
    -- (RatingJob keeps their definitions alike).
);
CREATE INDEX rating_game_idx ON rating (game_id, system);
CREATE INDEX rating_player_idx ON rating (player_id, system, variant, seq);

-- Each player's rating after his last rated game, ranked: rank 1 is the highest rating of
-- the variant in the system.
CREATE TABLE player_rating (
    system          VARCHAR(16) NOT NULL,
    variant         VARCHAR(16) NOT NULL,
    player_id       INT NOT NULL,
    rank            INT NOT NULL,
    rating          DOUBLE PRECISION NOT NULL,
    deviation       DOUBLE PRECISION,
    volatility      DOUBLE PRECISION,
    games           INT NOT NULL,
    wins            INT NOT NULL,
    draws           INT NOT NULL,
    losses          INT NOT NULL,
    -- the player's last rated game (the latest in rating order)
    last_game_id    BIGINT NOT NULL,
    CONSTRAINT player_rating_pk PRIMARY KEY (system, variant, player_id)
);
CREATE INDEX player_rating_rank_idx ON player_rating (system, variant, rank);

-- How well each system forecast the games: every game from the ratings before it.
CREATE TABLE rating_quality (
    system          VARCHAR(16) NOT NULL,
    variant         VARCHAR(16) NOT NULL,
    games           INT NOT NULL,
    -- the mean log-loss of White's expected score (a draw scoring 1/2); ln 2 = 0.693 for no knowledge
    log_loss        DOUBLE PRECISION NOT NULL,
    -- decided games with a favourite (expected score not 1/2), and the share the favourite won
    favourite_games INT NOT NULL,
    favourite_won   DOUBLE PRECISION,
    CONSTRAINT rating_quality_pk PRIMARY KEY (system, variant)
);

-- The last computation: what it saw (so that `emergo analyze` knows when the games changed)
-- and the system the viewer shows, the one that forecast this collection best.
CREATE TABLE rating_run (
    id              INT NOT NULL PRIMARY KEY,
    computed_at     TIMESTAMP NOT NULL,
    game_count      BIGINT NOT NULL,
    max_game_id     BIGINT NOT NULL,
    analysis_count  BIGINT NOT NULL,
    rated_games     INT NOT NULL,
    shown_system    VARCHAR(16) NOT NULL
);

-- The history with names and dates, for SQL:
--   SELECT * FROM rating_history WHERE player = 'Aster, Ada' AND system = 'glicko2' ORDER BY seq
CREATE VIEW rating_history AS
SELECT r.system, r.variant, p.name AS player, r.game_id, g.date, r.seq, r.side, r.games,
       r.expected, r.score, r.rating_before, r.deviation_before, r.rating, r.deviation, r.volatility
FROM rating r
JOIN player p ON p.id = r.player_id
JOIN game g ON g.id = r.game_id;
