-- Positions where the engine's best move was a capture of 3 or more men and the player chose
-- another move, with what it cost (review_ply.loss in hundredths of a man, the class) and the
-- position string where the game is analysed. Captures of the most men are compulsory, so the
-- move played is mostly another route of the same size.
-- :men = 3 the least number of men the best move takes
-- :setting = 'depth=4' the setting reviewed at (SELECT setting FROM review_setting)
SELECT p.game_id,
       p.ply,
       p.player AS side_to_move,
       p.best_move,
       p.best_takes,
       p.played,
       p.loss,
       p.move_class,
       pos.epn
FROM review_ply p
LEFT JOIN position pos ON pos.game_id = p.game_id AND pos.ply = p.ply
WHERE p.setting_id = (SELECT MAX(s.id) FROM review_setting s WHERE s.setting = :setting)
  AND p.best_takes >= :men
  AND p.played <> p.best_move
ORDER BY p.best_takes DESC, p.loss DESC, p.game_id, p.ply;
