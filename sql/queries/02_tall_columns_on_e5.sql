-- Games in which a column of at least 5 men stood on e5 (Emergo's centre): the first ply
-- it did, and the tallest it became there. Table tall_column lists, per game, square and
-- height from 5 up, the first ply at which a column that tall or taller stood there, so this
-- reads a few rows per matching game, not the positions: change 'e5' and 5 to ask about
-- another square or height (5 or more; for shorter columns ask view position_board, which
-- reads every position).
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
WHERE t.square = 'e5'
  AND t.height = 5
  AND g.variant = 'Emergo'
ORDER BY g.id;
