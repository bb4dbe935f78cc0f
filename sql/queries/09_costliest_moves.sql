-- Each player's five costliest moves in the engine's review (`emergo review`): the winning
-- chances the move gave away against the engine's best move (0 to 1; 0.05 is an inaccuracy,
-- 0.10 a mistake, 0.15 a blunder), the loss in hundredths of a man, and the best move. The
-- setting is the review's depth (or node budget); the newest engine version's row is read.
-- :setting = 'depth=4' the setting reviewed at (SELECT setting FROM review_setting)
SELECT m.player,
       m.game_id,
       m.ply,
       m.played,
       m.best_move,
       m.chances_lost,
       m.loss,
       m.move_class
FROM (
    SELECT CASE p.player WHEN 'w' THEN g.white ELSE g.black END AS player,
           p.game_id,
           p.ply + 1 AS ply,
           p.played,
           p.best_move,
           p.chances_lost,
           p.loss,
           p.move_class,
           ROW_NUMBER() OVER (PARTITION BY CASE p.player WHEN 'w' THEN g.white ELSE g.black END
                              ORDER BY p.chances_lost DESC, p.loss DESC, p.game_id, p.ply) AS place
    FROM review_ply p
    JOIN game g ON g.id = p.game_id
    WHERE p.setting_id = (SELECT MAX(s.id) FROM review_setting s WHERE s.setting = :setting)
      AND p.move_class IN ('inaccuracy', 'mistake', 'blunder')
) m
WHERE m.place <= 5
ORDER BY m.player, m.place;
