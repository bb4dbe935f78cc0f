-- Distribution of the ply of each game's first capture (games without one are left out).
SELECT a.first_capture_ply AS first_capture,
       COUNT(*) AS games
FROM analysis a
WHERE a.first_capture_ply IS NOT NULL
GROUP BY a.first_capture_ply
ORDER BY first_capture;
