-- Issue 30: what a game's and an analysis's rows should number, written in the same
-- transaction as the rows themselves, so that a row set that lost part of its transaction
-- (H2 2.4.240 after a kill kept games whose game_tag rows were gone) can be told from a whole
-- one: the next command after an unclean stop deletes what does not add up (store
-- IncompleteWrites), and the next import or analyze writes it again. NULL on rows written
-- before this migration, which are not checked.

ALTER TABLE game ADD COLUMN tag_count INT;
ALTER TABLE analysis ADD COLUMN position_count INT;

COMMENT ON COLUMN game.tag_count IS 'the game''s game_tag rows, as written by the import (NULL: imported before emergo counted them)';
COMMENT ON COLUMN analysis.position_count IS 'the game''s position rows, as written by the analysis (NULL: analysed before emergo counted them)';
