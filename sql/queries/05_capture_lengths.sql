-- Distribution of capture lengths: how many captures took 1, 2, 3, ... men. Table
-- capture_length counts each game's captures by the men they took.
SELECT c.men AS men_taken,
       SUM(c.captures) AS captures
FROM capture_length c
GROUP BY c.men
ORDER BY men_taken;
