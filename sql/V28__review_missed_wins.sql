-- Review version 7: a proof compares the move played with the best other move, so a verdict can
-- say that the move missed a win another move forces (forced_kind misses-men or misses-game, its
-- line that move's), and proof = best means that no other move keeps more, not only that the
-- move kept what the mover had. The columns stay; what they may hold is said again here.
COMMENT ON COLUMN review_ply.forced_kind IS 'what the verdict says: men (the move loses forced_men men by force), game (the game by force), no-move or repetition (lets the opponent draw so from a lead of forced_men men), misses-men or misses-game (misses a win of forced_men men, or of the game, that the first move of forced_line forces); NULL without a verdict';
COMMENT ON COLUMN review_ply.proof IS 'the exact proof''s result on the move played: loses (a verdict: a loss or a win missed), best (no other move keeps more material at proof_horizon), neither, unknown (past its budget); NULL where the move was not put to it';
COMMENT ON COLUMN review_ply.forced_line IS 'the forcing line, moves separated by spaces: from the move played, or for a win missed from the move that wins';
