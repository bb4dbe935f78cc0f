-- Games in which a column of at least 5 men stood on e5 (Emergo's centre): the first ply
-- it did, and the tallest it became there. View position_board has a column per square
-- holding the height of the column on it, positive for White's and negative for Black's.
SELECT g.id AS game_id,
       g.white,
       g.black,
       g.result,
       MIN(b.ply) AS first_ply,
       MAX(ABS(b.e5)) AS tallest
FROM position_board b
JOIN game g ON g.id = b.game_id
WHERE g.variant = 'Emergo'
  AND ABS(b.e5) >= 5
GROUP BY g.id, g.white, g.black, g.result
ORDER BY g.id;
