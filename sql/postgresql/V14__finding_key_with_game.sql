-- finding's key holds its game: Citus distributes the per-game tables by game_id and refuses a
-- unique index without it ("creating unique indexes on non-partition columns is currently
-- unsupported"). The id stays unique by its identity; the key is (game_id, id) on H2 and
-- PostgreSQL alike, so one set of migrations serves all three (docs/scaling.md#the-unique-index-problem).
ALTER TABLE finding DROP CONSTRAINT finding_pkey;
ALTER TABLE finding ADD CONSTRAINT finding_pk PRIMARY KEY (game_id, id);
