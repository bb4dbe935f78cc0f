-- Positions where the player to move had a capture of 4 or more men available, with the
-- move that was played there.
SELECT p.game_id,
       p.ply,
       p.side_to_move,
       p.max_capture,
       p.epn,
       n.move_canonical AS played
FROM position p
LEFT JOIN position n ON n.game_id = p.game_id AND n.ply = p.ply + 1
WHERE p.max_capture >= 4
ORDER BY p.max_capture DESC, p.game_id, p.ply;
