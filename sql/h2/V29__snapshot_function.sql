-- emergo backup's copy of an H2 file (store Snapshot): a function, so that it runs in the program
-- that has the file open, which a backup through another program (H2's mixed mode) reaches only
-- by SQL. A migration rather than made at backup time: a backup then writes nothing to the
-- database it copies, and every file, a repaired one too, has it. H2 only (PostgreSQL: pg_dump).
-- The function refuses every user but the database's owner.
CREATE ALIAS IF NOT EXISTS EMERGO_SNAPSHOT FOR 'org.emergo.store.db.Snapshot.copy';
