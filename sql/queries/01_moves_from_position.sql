-- Which moves were played from a given position, and how did they score?
-- Every time a game reaches the position and goes on counts once; for each move played from
-- there: games, and the wins, draws and losses of the side that played it, by the record's
-- result. The position is found by its 64-bit hash (`emergo moves --json POSITION` prints
-- it), as in 01_games_through_position.sql. The default is the Emergo position after 1. e4.
-- :hash = 1566609408088276933 the position's hash
-- :variant = 'Emergo' Emergo or HexEmergo
SELECT p.next_move AS move,
       COUNT(*) AS games,
       SUM(CASE WHEN (g.result = '1-0' AND p.side_to_move = 'w') OR (g.result = '0-1' AND p.side_to_move = 'b') THEN 1 ELSE 0 END) AS wins,
       SUM(CASE WHEN g.result = '1/2-1/2' THEN 1 ELSE 0 END) AS draws,
       SUM(CASE WHEN (g.result = '0-1' AND p.side_to_move = 'w') OR (g.result = '1-0' AND p.side_to_move = 'b') THEN 1 ELSE 0 END) AS losses
FROM position p
JOIN game g ON g.id = p.game_id
WHERE p.hash = :hash
  AND g.variant = :variant
  AND p.next_move IS NOT NULL
GROUP BY p.next_move
ORDER BY games DESC, move;
