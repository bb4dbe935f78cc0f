-- Games in which a column of at least 5 men stood on e5 (Emergo's centre): the first ply
-- it did, and the tallest it became there. Position columns named after squares hold the
-- height of the column on that square, positive for White's and negative for Black's.
SELECT g.id AS game_id,
       g.white,
       g.black,
       g.result,
       MIN(p.ply) AS first_ply,
       MAX(ABS(p.e5)) AS tallest
FROM position p
JOIN game g ON g.id = p.game_id
WHERE g.variant = 'Emergo'
  AND ABS(p.e5) >= 5
GROUP BY g.id, g.white, g.black, g.result
ORDER BY g.id;
