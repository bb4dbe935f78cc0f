-- Findings per code and per player: who misses majority captures (and breaks the other
-- rules) most. The player is the one who made the flagged move.
SELECT f.code,
       CASE f.player WHEN 'w' THEN g.white ELSE g.black END AS player,
       COUNT(*) AS findings,
       COUNT(DISTINCT f.game_id) AS games
FROM finding f
JOIN game g ON g.id = f.game_id
GROUP BY f.code, CASE f.player WHEN 'w' THEN g.white ELSE g.black END
ORDER BY f.code, findings DESC, player;
