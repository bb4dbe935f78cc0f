-- Issue 30, several programs on one H2 file: the games each `emergo analyze`, `review` or
-- `puzzles` works on, claimed so that two programs on one file (one serving it to the other, H2's
-- mixed mode) split the pending games instead of both doing them. A claim names the H2 session
-- that holds it, by its number and the moment it began (numbers start again each time the file is
-- opened): a claim whose session is gone, the program ended or killed, is free. On PostgreSQL the
-- claims are advisory locks, and this table stays empty.
CREATE TABLE work_claim (
    job             BIGINT NOT NULL,
    item            BIGINT NOT NULL,
    session_id      INT NOT NULL,
    session_start   BIGINT NOT NULL,
    CONSTRAINT work_claim_pk PRIMARY KEY (job, item)
);
COMMENT ON TABLE work_claim IS 'H2 only (empty on PostgreSQL): the games a running analyze, review or puzzles holds, so that two programs on one file do each game once';
COMMENT ON COLUMN work_claim.job IS 'the work: 1 analyze, 2 + setting review, 2^22 + version puzzles; 0 the steps one program at a time runs (the analysis indexes, the ratings, the pattern segments)';
COMMENT ON COLUMN work_claim.item IS 'the game claimed, or minus one minus the number of a step one program at a time runs';
COMMENT ON COLUMN work_claim.session_id IS 'the H2 session that holds the claim (INFORMATION_SCHEMA.SESSIONS)';
COMMENT ON COLUMN work_claim.session_start IS 'when that session began, in microseconds since 1970 (UTC): a claim whose session is no longer there is free';
