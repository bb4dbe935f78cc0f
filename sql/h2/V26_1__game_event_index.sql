-- The games list's event filter (/games?event=..., a part of the Event tag in any case) reads
-- every game: no B-tree answers LIKE '%...%'. H2 reads the event from this index alone, where
-- the table's rows hold each game's moves: the count of 100,000 games of one event took 3.2-4.9 s
-- from a cold cache and takes 0.5-0.6 s (issue 52; GameListTest checks the plan). H2 only: a
-- PostgreSQL B-tree takes no value over 2,704 bytes, which an Event tag may be, and there the
-- filter was 0.3 s.
CREATE INDEX game_event_idx ON game (event);
