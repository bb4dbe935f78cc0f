-- Who misses majority captures: each player who made a capture that took fewer men than the
-- longest one available (finding MISSED_MAJORITY), how often, in how many games, and how many
-- games the player has in the database in all.
-- The games played are counted through the indexes on white and black, for those players only;
-- written with WITH rather than subqueries per player so that it runs on Citus too
-- (docs/scaling.md#what-stays-on-one-shard-what-goes-to-all), where a subquery per row of another subquery cannot be sent to the workers.
WITH missed AS (
    SELECT CASE f.player WHEN 'w' THEN g.white ELSE g.black END AS player,
           COUNT(*) AS missed,
           COUNT(DISTINCT f.game_id) AS games_with_a_miss
    FROM finding f
    JOIN game g ON g.id = f.game_id
    WHERE f.code = 'MISSED_MAJORITY'
    GROUP BY CASE f.player WHEN 'w' THEN g.white ELSE g.black END
),
played AS (
    SELECT w.white AS player FROM game w WHERE w.white IN (SELECT player FROM missed)
    UNION ALL
    SELECT b.black FROM game b WHERE b.black IN (SELECT player FROM missed)
)
SELECT m.player,
       m.missed,
       m.games_with_a_miss,
       COUNT(*) AS games_played
FROM missed m
JOIN played p ON p.player = m.player
GROUP BY m.player, m.missed, m.games_with_a_miss
ORDER BY m.missed DESC, m.player;
