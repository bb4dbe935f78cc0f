-- Distribution of the ply of each game's first capture (games without one are left out).
SELECT first_capture,
       COUNT(*) AS games
FROM (
    SELECT p.game_id, MIN(p.ply) AS first_capture
    FROM position p
    WHERE p.move_canonical LIKE '%x%'
    GROUP BY p.game_id
) firsts
GROUP BY first_capture
ORDER BY first_capture;
