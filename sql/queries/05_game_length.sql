-- Distribution of game lengths (moves carried out by the replay), in buckets of 20 plies.
SELECT bucket * 20 AS from_ply,
       bucket * 20 + 19 AS to_ply,
       COUNT(*) AS games
FROM (
    SELECT a.plies_replayed / 20 AS bucket
    FROM analysis a
) buckets
GROUP BY bucket
ORDER BY bucket;
