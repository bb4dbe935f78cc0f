-- Distribution of the ply of each game's first capture (games without one are left out).
SELECT first_capture,
       COUNT(*) AS games
FROM (
    SELECT m.game_id, MIN(m.ply) AS first_capture
    FROM move m
    WHERE m.canonical LIKE '%x%'
    GROUP BY m.game_id
) firsts
GROUP BY first_capture
ORDER BY first_capture;
