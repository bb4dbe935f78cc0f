-- Positions where the player to move had a capture of 4 or more men available, with the
-- move that was played there. Table capture_chance lists the positions with a capture of 3
-- or more available; the position string and the move come from each one's position row.
-- :men = 4 the least number of men the capture takes, 3 or more
SELECT c.game_id,
       c.ply,
       c.player AS side_to_move,
       c.available AS max_capture,
       p.epn,
       p.next_move AS played
FROM capture_chance c
JOIN position p ON p.game_id = c.game_id AND p.ply = c.ply
WHERE c.available >= :men
ORDER BY c.available DESC, c.game_id, c.ply;
