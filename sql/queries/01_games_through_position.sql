-- All games that reach a given position: the game, its players and result, the ply at which
-- the position stood and the move played from it (NULL where the game ended there).
-- The position is found by its hash (indexed; `emergo moves --json POSITION` prints it) and
-- checked by its string. This one is the Emergo position after 1. e4.
SELECT g.id AS game_id,
       g.white,
       g.black,
       g.result,
       p.ply,
       p.next_move
FROM position p
JOIN game g ON g.id = p.game_id
WHERE p.hash = 1566609408088276933
  AND p.epn = 'b 11 12 e4:w'
  AND g.variant = 'Emergo'
ORDER BY g.id, p.ply;
