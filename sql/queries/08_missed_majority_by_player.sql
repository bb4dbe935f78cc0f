-- Who misses majority captures: each player who made a capture that took fewer men than the
-- longest one available (finding MISSED_MAJORITY), how often, in how many games, and how many
-- games the player has in the database in all.
SELECT m.player,
       m.missed,
       m.games_with_a_miss,
       (SELECT COUNT(*) FROM game w WHERE w.white = m.player)
         + (SELECT COUNT(*) FROM game b WHERE b.black = m.player) AS games_played
FROM (
    SELECT CASE f.player WHEN 'w' THEN g.white ELSE g.black END AS player,
           COUNT(*) AS missed,
           COUNT(DISTINCT f.game_id) AS games_with_a_miss
    FROM finding f
    JOIN game g ON g.id = f.game_id
    WHERE f.code = 'MISSED_MAJORITY'
    GROUP BY CASE f.player WHEN 'w' THEN g.white ELSE g.black END
) m
ORDER BY m.missed DESC, m.player;
