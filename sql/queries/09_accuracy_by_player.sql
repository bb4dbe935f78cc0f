-- Each player's accuracy in the engine's review (`emergo review`): games reviewed, the mean of
-- the player's accuracy over them (0 to 100, as lichess computes it) and the blunders made.
-- :setting = 'depth=4' the setting reviewed at (SELECT setting FROM review_setting)
SELECT a.player,
       COUNT(*) AS games,
       ROUND(CAST(AVG(a.accuracy) AS DECIMAL(9, 4)), 1) AS accuracy,
       SUM(a.blunders) AS blunders
FROM (
    SELECT g.white AS player, r.white_accuracy AS accuracy, r.white_blunders AS blunders
    FROM review r
    JOIN game g ON g.id = r.game_id
    WHERE r.setting_id = (SELECT MAX(s.id) FROM review_setting s WHERE s.setting = :setting)
      AND r.white_accuracy IS NOT NULL
    UNION ALL
    SELECT g.black, r.black_accuracy, r.black_blunders
    FROM review r
    JOIN game g ON g.id = r.game_id
    WHERE r.setting_id = (SELECT MAX(s.id) FROM review_setting s WHERE s.setting = :setting)
      AND r.black_accuracy IS NOT NULL
) a
GROUP BY a.player
ORDER BY accuracy DESC, a.player;
