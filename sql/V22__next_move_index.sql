-- Issue 29, what was played next at 100,000 games (docs/performance.md#what-was-played-next-at-100000-games):
-- the moves played from a pattern's matching positions are read by (game_id, ply) from this
-- index alone, which holds what the table counts (the side to move and the move played), not
-- from the position rows, whose position string and board are most of their bytes: H2 decoded
-- whole pages of rows and PostgreSQL read a heap page for every few matching plies.
-- Its keys come in the order emergo analyze writes the rows (a game's plies in turn), so unlike
-- position_hash_idx it is kept up during a bulk run.
CREATE INDEX position_next_idx ON position (game_id, ply, side_to_move, next_move);
