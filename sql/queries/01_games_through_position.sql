-- All games that reach a given position: the game and its result, the ply at which the
-- position stood and the move played from it (NULL where the game ended there). Everything
-- here comes from two indexes; join game again for the players of the games you show.
-- The position is found by its 64-bit hash (`emergo moves --json POSITION` prints it): the
-- index on it answers without reading a position row. (Two positions of 20 million share a
-- hash with odds of about one in a trillion; add AND p.epn = '...' to rule it out, at the
-- price of reading each row.) The default is the Emergo position after 1. e4, 'b 11 12 e4:w'.
-- :hash = 1566609408088276933 the position's hash
-- :variant = 'Emergo' Emergo or HexEmergo
SELECT p.game_id,
       g.result,
       p.ply,
       p.next_move
FROM position p
JOIN game g ON g.id = p.game_id
WHERE p.hash = :hash
  AND g.variant = :variant
ORDER BY p.game_id, p.ply;
