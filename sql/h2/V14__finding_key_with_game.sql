-- finding's key holds its game, as on PostgreSQL (sql/postgresql/V14): Citus distributes the
-- per-game tables by game_id and refuses a unique index without it.
ALTER TABLE finding DROP PRIMARY KEY;
ALTER TABLE finding ADD CONSTRAINT finding_pk PRIMARY KEY (game_id, id);
