-- Distribution of capture lengths: how many captures took 1, 2, 3, ... men. A capture's
-- length is the number of x in its canonical route.
SELECT LENGTH(p.move_canonical) - LENGTH(REPLACE(p.move_canonical, 'x', '')) AS men_taken,
       COUNT(*) AS captures
FROM position p
WHERE p.move_canonical LIKE '%x%'
GROUP BY LENGTH(p.move_canonical) - LENGTH(REPLACE(p.move_canonical, 'x', ''))
ORDER BY men_taken;
