-- Material and mobility over the game, in stages of 40 plies: for each stage, the games that
-- reached it, each side's average material at its start (men in hand and in the columns it
-- owns) and each side's average number of legal moves when it was to move.
SELECT s.stage * 40 AS from_ply,
       s.stage * 40 + 39 AS to_ply,
       COUNT(*) AS games,
       ROUND(AVG(CAST(s.white_material AS DECIMAL(10, 2))), 1) AS white_material,
       ROUND(AVG(CAST(s.black_material AS DECIMAL(10, 2))), 1) AS black_material,
       ROUND(AVG(CAST(s.white_mobility AS DECIMAL(10, 2))), 1) AS white_moves,
       ROUND(AVG(CAST(s.black_mobility AS DECIMAL(10, 2))), 1) AS black_moves
FROM game_stage s
GROUP BY s.stage
ORDER BY s.stage;
