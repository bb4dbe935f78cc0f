-- Games in which a column of at least 5 men stood on e5 (Emergo's centre): the first ply
-- it did, and the tallest it became there. Table tall_column lists, per game, square and
-- height from 5 up, the first ply at which a column that tall or taller stood there, so this
-- reads a few rows per matching game, not the positions: give another square or height to
-- ask about them (5 or more; for shorter columns ask view position_board, which reads every
-- position).
-- :square = 'e5' the square (Emergo's centre; HexEmergo's is d4)
-- :height = 5 the least height, 5 or more
-- :variant = 'Emergo' Emergo or HexEmergo
SELECT g.id AS game_id,
       g.white,
       g.black,
       g.result,
       t.first_ply,
       (SELECT MAX(u.height)
        FROM tall_column u
        WHERE u.game_id = t.game_id
          AND u.square = t.square) AS tallest
FROM tall_column t
JOIN game g ON g.id = t.game_id
WHERE t.square = :square
  AND t.height = :height
  AND g.variant = :variant
ORDER BY g.id;
