-- The verdicts a review stores hold at every horizon from where they begin up to the
-- one their proof searched, and say more than men: a move can lose the game by force, or let the
-- opponent draw (no legal move, or a position's third occurrence) from a lead. The proof's own
-- result is kept for every move put to it, so that a move is judged again from its rows alone.
-- Reviews of earlier versions keep NULL in these columns (their verdicts are all of men); the
-- review version changes with this migration, so every game is reviewed again.
ALTER TABLE review_ply ADD COLUMN forced_kind VARCHAR(12);
ALTER TABLE review_ply ADD COLUMN proof VARCHAR(8);
ALTER TABLE review_ply ADD COLUMN proof_horizon SMALLINT;

COMMENT ON COLUMN review_ply.forced_kind IS 'what the verdict says the move loses: men (forced_men of them), game (the game by force), no-move or repetition (lets the opponent draw so from a lead of forced_men men); NULL without a verdict';
COMMENT ON COLUMN review_ply.proof IS 'the exact proof''s result on the move played: loses (a verdict), best (keeps as much material as any other move at proof_horizon), neither, unknown (past its budget); NULL where the move was not put to it';
COMMENT ON COLUMN review_ply.proof_horizon IS 'the deepest horizon, in plies from the move, at which the proof completed: the verdict holds at every horizon from forced_plies to it';
