-- The puzzle themes each player misses most: positions of his games where one move won by
-- force (a puzzle, docs/puzzles.md#mining) and he played another, by theme.
SELECT CASE WHEN p.solver = 'w' THEN g.white ELSE g.black END AS player,
       t.theme,
       COUNT(*) AS missed,
       SUM(CASE WHEN p.men >= 2 OR p.wins_game THEN 1 ELSE 0 END) AS costly
FROM puzzle_set p
JOIN game g ON g.id = p.game_id
JOIN puzzle_theme t ON t.game_id = p.game_id AND t.ply = p.ply
WHERE p.played IS NOT NULL
  AND p.played <> SUBSTRING(p.moves FROM 1 FOR POSITION(' ' IN p.moves || ' ') - 1)
GROUP BY CASE WHEN p.solver = 'w' THEN g.white ELSE g.black END, t.theme
ORDER BY player, missed DESC, t.theme
