-- Which moves were played from a given position, and how did they score?
-- Every time a game reaches the position counts once; for each move played from there:
-- games, and the wins, draws and losses of the side that played it, by the record's result.
-- The position is found by its hash (indexed; `emergo moves --json POSITION` prints it) and
-- checked by its string. This one is the Emergo position after 1. e4.
WITH reached AS (
    SELECT p.game_id, p.ply, p.side_to_move
    FROM position p
    JOIN game g ON g.id = p.game_id
    WHERE p.hash = 1566609408088276933
      AND p.epn = 'b 11 12 e4:w'
      AND g.variant = 'Emergo'
)
SELECT n.move_canonical AS move,
       COUNT(*) AS games,
       SUM(CASE WHEN (g.result = '1-0' AND r.side_to_move = 'w') OR (g.result = '0-1' AND r.side_to_move = 'b') THEN 1 ELSE 0 END) AS wins,
       SUM(CASE WHEN g.result = '1/2-1/2' THEN 1 ELSE 0 END) AS draws,
       SUM(CASE WHEN (g.result = '0-1' AND r.side_to_move = 'w') OR (g.result = '1-0' AND r.side_to_move = 'b') THEN 1 ELSE 0 END) AS losses
FROM reached r
JOIN position n ON n.game_id = r.game_id AND n.ply = r.ply + 1
JOIN game g ON g.id = r.game_id
GROUP BY n.move_canonical
ORDER BY games DESC, move;
