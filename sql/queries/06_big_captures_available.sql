-- Positions where the player to move had a capture of 4 or more men available, with the
-- move that was played there.
SELECT p.game_id,
       p.ply,
       p.side_to_move,
       p.max_capture,
       p.epn,
       p.next_move AS played
FROM position p
WHERE p.max_capture >= 4
ORDER BY p.max_capture DESC, p.game_id, p.ply;
