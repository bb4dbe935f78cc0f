-- A player's twenty costliest moves in the engine's review (`emergo review`), costliest first:
-- the winning chances the move gave away against the engine's best move (0 to 1; 0.05 is an
-- inaccuracy, 0.10 a mistake, 0.15 a blunder), the loss in hundredths of a man, and the best
-- move. The player's games are found by name (indexes on white and black), so the query reads
-- only the reviews of that player's games. The setting is the review's depth (or node budget);
-- the newest engine version's row is read.
-- :player = 'Aster, Ada' the player, as the games name them (SELECT DISTINCT white FROM game)
-- :setting = 'depth=4' the setting reviewed at (SELECT setting FROM review_setting)
SELECT m.game_id,
       m.ply + 1 AS ply,
       m.played,
       m.best_move,
       m.chances_lost,
       m.loss,
       m.move_class
FROM (
    SELECT p.* FROM review_ply p
    WHERE p.game_id IN (SELECT g.id FROM game g WHERE g.white = :player) AND p.player = 'w'
    UNION ALL
    SELECT p.* FROM review_ply p
    WHERE p.game_id IN (SELECT g.id FROM game g WHERE g.black = :player) AND p.player = 'b'
) m
WHERE m.setting_id = (SELECT MAX(s.id) FROM review_setting s WHERE s.setting = :setting)
  AND m.move_class <> 'good'
ORDER BY m.chances_lost DESC, m.loss DESC, m.game_id, m.ply
LIMIT 20;
