-- Distribution of capture lengths: how many captures took 1, 2, 3, ... men. A capture's
-- length is the number of x in its canonical route.
SELECT LENGTH(m.canonical) - LENGTH(REPLACE(m.canonical, 'x', '')) AS men_taken,
       COUNT(*) AS captures
FROM move m
WHERE m.canonical LIKE '%x%'
GROUP BY LENGTH(m.canonical) - LENGTH(REPLACE(m.canonical, 'x', ''))
ORDER BY men_taken;
