-- Shadowpieces by size and by the player who entered them: how many, how long they stayed
-- on top, and the score of the side that entered them (1 a win, 1/2 a draw, by the record's
-- result; games without a decided result are left out of the score).
SELECT s.size,
       s.player,
       COUNT(*) AS shadowpieces,
       ROUND(AVG(CAST(s.plies_on_top AS DECIMAL(10, 2))), 1) AS avg_plies_on_top,
       SUM(CASE WHEN s.fate = 'standing' THEN 1 ELSE 0 END) AS still_standing,
       ROUND(AVG(CASE
             WHEN g.result = '1/2-1/2' THEN 0.5
             WHEN (g.result = '1-0' AND s.player = 'w') OR (g.result = '0-1' AND s.player = 'b') THEN 1.0
             WHEN g.result IN ('1-0', '0-1') THEN 0.0
           END), 2) AS score
FROM shadowpiece s
JOIN game g ON g.id = s.game_id
GROUP BY s.size, s.player
ORDER BY s.size, s.player;
