package org.emergo.store.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.emergo.store.jdbc.PgCopyTest;
import org.emergo.store.sql.QueryException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

public class GameRepositoryTest {

    @Nested
    class OnH2 extends Cases {
        OnH2() {
            super(TestDatabases.H2);
        }
    }

    @Nested
    @Tag("postgres")
    class OnPostgres extends Cases {
        OnPostgres() {
            super(TestDatabases.POSTGRES);
        }
    }

    /** A game with the seven standard tags, Variant, and the given extra tags. */
    public static GameRecord game(String white, String black, List<String> moves, String... extraTags) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Club championship");
        tags.put("Site", "Middelburg");
        tags.put("Date", "2003.05.??");
        tags.put("Round", "3");
        tags.put("White", white);
        tags.put("Black", black);
        tags.put("Result", "0-1");
        tags.put("Variant", "Emergo");
        for (int i = 0; i < extraTags.length; i += 2) {
            tags.put(extraTags[i], extraTags[i + 1]);
        }
        String movetext = "1. " + String.join(" ", moves) + " {a comment} 0-1";
        return new GameRecord(Variant.EMERGO, tags, null, moves, movetext, "games.egn", 7);
    }

    public static GameRecord game(String white, String black) {
        return game(white, black, List.of("d4", "f6", "e3", "c5", "f4-e4", "h4xf4"));
    }

    abstract static class Cases extends DatabaseTestCase {

        Cases(TestDatabases kind) {
            super(kind);
        }

        GameRepository repo() {
            return new GameRepository(db.dsl());
        }

        @Test
        void aStoredGameComesBackWithItsColumnsTagsAndMoves() {
            GameRecord record = game("van Zon, Ed", "Freeling, Christian", List.of("d4", "f6!?", "e3"),
                    "WhiteElo", "2100", "Annotator", "someone");
            InsertResult result = repo().insertAll(List.of(record), null);

            StoredGame stored = repo().find(result.ids().get(0)).orElseThrow();
            assertEquals(Variant.EMERGO, stored.variant());
            assertEquals("van Zon, Ed", stored.white());
            assertEquals("2003.05.??", stored.date());
            assertEquals("0-1", stored.result());
            assertEquals("d4 f6!? e3", stored.moves());
            assertEquals(List.of("d4", "f6!?", "e3"), stored.moveList());
            assertEquals(3, stored.plyCount());
            assertEquals(record.movetext(), stored.movetext());
            assertEquals("games.egn", stored.source());
            assertEquals(7, stored.sourceLine());
            assertNull(stored.setupPosition());
            assertEquals(Map.of("WhiteElo", "2100", "Annotator", "someone"), stored.otherTags());
            assertEquals(List.of("WhiteElo", "Annotator"), new ArrayList<>(stored.otherTags().keySet()));
            assertEquals(record.tags(), stored.tags());
            assertEquals(record, stored.toGameRecord());
        }

        @Test
        void theSevenStandardTagsVariantAndSetUpAreColumnsNotTagRows() {
            GameRecord record = new GameRecord(Variant.HEXEMERGO,
                    Map.of("White", "a", "Black", "b", "SetUp", "1", "Position", "w 11 12 d4:w", "Variant", "HexEmergo"),
                    "w 11 12 d4:w", List.of("e5"), "e5 *", "p.egn", 1);
            long id = repo().insertAll(List.of(record), null).ids().get(0);

            StoredGame stored = repo().find(id).orElseThrow();
            assertEquals(Map.of(), stored.otherTags());
            assertEquals("w 11 12 d4:w", stored.setupPosition());
            assertEquals(Variant.HEXEMERGO, stored.variant());
            assertEquals("*", stored.result());
            assertEquals(0, db.dsl().fetchCount(db.dsl().selectFrom("game_tag")));
        }

        @Test
        void aResultTagThatIsNoResultIsKeptAsATagRowAndTheColumnSaysStar() {
            GameRecord record = game("a", "b", List.of("d4"), "Result", "White won on time, after a long think");
            StoredGame stored = repo().find(repo().insertAll(List.of(record), null).ids().get(0)).orElseThrow();

            assertEquals("*", stored.result());
            assertEquals("White won on time, after a long think", stored.tags().get("Result"));
        }

        @Test
        void aGameAlreadyStoredIsSkippedAsADuplicate() {
            repo().insertAll(List.of(game("a", "b")), null);
            InsertResult again = repo().insertAll(List.of(game("a", "b"), game("c", "d")), null);

            assertEquals(1, again.inserted());
            assertEquals(1, again.duplicates());
            assertEquals(2, repo().count());
        }

        @Test
        void aGameRepeatedInTheSameCallIsSkippedAsADuplicate() {
            InsertResult result = repo().insertAll(List.of(game("a", "b"), game("c", "d"), game("a", "b")), null);

            assertEquals(2, result.inserted());
            assertEquals(1, result.duplicates());
            assertEquals(2, repo().count());
        }

        @Test
        void duplicatesAreFoundAcrossTheBatchesOfOneCall() {
            List<GameRecord> games = new ArrayList<>();
            for (int i = 0; i < GameRepository.BATCH_SIZE + 10; i++) {
                games.add(game("white " + i, "black"));
            }
            games.add(game("white 3", "black")); // in the second batch, a copy of one in the first
            InsertResult result = repo().insertAll(games, null);

            assertEquals(GameRepository.BATCH_SIZE + 10, result.inserted());
            assertEquals(1, result.duplicates());
            assertEquals(result.inserted(), result.ids().size());
        }

        /**
         * The duplicate check reads the database inside the writing transaction: H2 2.4's
         * h2database#4299 (a READ COMMITTED transaction that did not see its own change) would
         * let the second call add the games again.
         */
        @Test
        void gamesAddedEarlierInTheSameTransactionAreFoundAsStored() {
            List<GameRecord> games = List.of(game("a", "b"), game("c", "d"));
            InsertResult again = db.dsl().transactionResult(tx -> {
                new GameRepository(tx.dsl()).insertAll(games, null);
                return new GameRepository(tx.dsl()).insertAll(games, null);
            });

            assertEquals(0, again.inserted());
            assertEquals(2, again.duplicates());
            assertEquals(2, repo().count());
        }

        @Test
        void idsComeBackInTheOrderTheGamesWereGiven() {
            InsertResult result = repo().insertAll(List.of(game("first", "x"), game("second", "x"), game("third", "x")),
                    null);

            List<String> whites = result.ids().stream().map(id -> repo().find(id).orElseThrow().white()).toList();
            assertEquals(List.of("first", "second", "third"), whites);
        }

        @Test
        void commentsAnnotationsAndCaseDoNotMakeADifferentGame() {
            repo().insertAll(List.of(game("a", "b", List.of("d4", "f4-e4"))), null);
            InsertResult again = repo().insertAll(List.of(game("a", "b", List.of("D4!?", "F4-E4?"))), null);

            assertEquals(1, again.duplicates());
        }

        @Test
        void hostileTagValuesComeBackIdenticalExceptNulBecomesAReplacementCharacter() {
            String longName = "x".repeat(10_000);
            String random = randomText(10_000);
            String quotes = "O'Brien \"the\" \\ <script>alert(1)</script> ; DROP TABLE game; --";
            GameRecord record = game(longName, random, List.of("d4"),
                    "Annotator", quotes,
                    "Nul\0Name", "before\0after",
                    "Empty", "",
                    "Unicode", "Ⅻ 😀 \u200b e\u0301");
            StoredGame stored = repo().find(repo().insertAll(List.of(record), null).ids().get(0)).orElseThrow();

            assertEquals(longName, stored.white());
            assertEquals(random, stored.black());
            assertEquals(quotes, stored.otherTags().get("Annotator"));
            assertEquals("before\uFFFDafter", stored.otherTags().get("Nul\uFFFDName"));
            assertEquals("", stored.otherTags().get("Empty"));
            assertEquals("Ⅻ 😀 \u200b e\u0301", stored.otherTags().get("Unicode"));
        }

        @Test
        void tagsAndMovesWithCopysSpecialCharactersComeBackExactly() {
            Map<String, String> extra = new LinkedHashMap<>();
            for (int i = 0; i < PgCopyTest.HOSTILE.size(); i++) {
                extra.put("Hostile" + i, PgCopyTest.HOSTILE.get(i));
            }
            extra.put("Tab\tName\\N", "\\N");
            List<String> moves = List.of("d4", "\\N", "e\t5", "\\.", "f4\n-e4\r", "x\\y");
            List<String> tagList = new ArrayList<>();
            extra.forEach((k, v) -> { tagList.add(k); tagList.add(v); });
            GameRecord record = game("tab\there \\N", "\\N", moves, tagList.toArray(String[]::new));
            List<GameRecord> games = List.of(record, game("plain", "game"));
            List<Long> ids = repo().insertAll(games, null).ids();

            StoredGame stored = repo().find(ids.get(0)).orElseThrow();
            assertEquals(record, stored.toGameRecord());
            assertEquals(extra, stored.otherTags());
            assertEquals(moves, stored.moveList());
            assertEquals("tab\there \\N", stored.white());
            assertEquals(games.get(1), repo().find(ids.get(1)).orElseThrow().toGameRecord());
        }

        @Test
        void aValueTooLongForItsColumnRejectsTheGameAndKeepsTheOthers() {
            GameRecord tooLong = game("a", "b", List.of("d4"), "Annotator", "y".repeat(GameRow.TAG_VALUE_MAX + 1));
            InsertResult result = repo().insertAll(List.of(tooLong, game("c", "d")), null);

            assertEquals(1, result.inserted());
            assertEquals(1, result.rejected().size());
            assertEquals("the Annotator tag is longer than 100000 characters", result.rejected().get(0).reason());
            assertEquals(tooLong, result.rejected().get(0).game());
        }

        @Test
        void gamesRememberTheFileTheyCameFrom() {
            long file = new SourceFileRepository(db.dsl()).insert("games.egn", "a".repeat(64), 100);
            long id = repo().insertAll(List.of(game("a", "b")), file).ids().get(0);

            assertEquals(file, repo().find(id).orElseThrow().sourceFileId());
        }

        @Test
        void exportPassesMatchingGamesInIdOrderWithTheirTags() {
            List<GameRecord> games = new ArrayList<>();
            for (int i = 0; i < GameRepository.PAGE_SIZE * 2 + 5; i++) {
                games.add(game(i % 2 == 0 ? "even" : "odd", "p" + i, List.of("d4"), "Ply", Integer.toString(i)));
            }
            repo().insertAll(games, null);

            List<StoredGame> seen = new ArrayList<>();
            db.readOnly(dsl -> {
                new GameRepository(dsl).forEachGame("white = 'even' AND black <> 'p0'", seen::add);
                return null;
            });

            assertEquals(GameRepository.PAGE_SIZE + 2, seen.size());
            for (int i = 1; i < seen.size(); i++) {
                assertTrue(seen.get(i - 1).id() < seen.get(i).id());
            }
            assertEquals("p2", seen.get(0).black());
            assertEquals("2", seen.get(0).otherTags().get("Ply"));
        }

        @Test
        void exportWithoutConditionPassesEveryGame() {
            repo().insertAll(List.of(game("a", "b"), game("c", "d")), null);
            List<StoredGame> seen = new ArrayList<>();
            repo().forEachGame((String) null, seen::add);

            assertEquals(List.of("a", "c"), seen.stream().map(StoredGame::white).toList());
        }

        @Test
        void exportConditionsMayHoldQuestionMarksAndBracesInTheirStrings() {
            repo().insertAll(List.of(game("who?", "b"), game("{0}", "b"), game("c", "d")), null);
            List<StoredGame> seen = new ArrayList<>();
            repo().forEachGame("white LIKE '%?%' OR white = '{0}'", seen::add);

            assertEquals(List.of("who?", "{0}"), seen.stream().map(StoredGame::white).toList());
        }

        @Test
        void exportRefusesAConditionThatIsAStatement() {
            QueryException e = assertThrows(QueryException.class,
                    () -> repo().forEachGame("1=1; DELETE FROM game", g -> { }));
            assertEquals("refused: a condition may not contain ';'", e.getMessage());
        }

        @Test
        void exportWithAConditionTheDatabaseCannotReadSaysWhyInOneLine() {
            repo().insertAll(List.of(game("a", "b")), null);
            QueryException e = assertThrows(QueryException.class, () -> repo().forEachGame("nope = 1", g -> { }));

            assertTrue(e.getMessage().startsWith("the condition failed: "), e.getMessage());
            assertTrue(e.getMessage().toLowerCase().contains("nope"), e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }

        @Test
        void aMovetextOfNothingButTheNumberedMovesIsStoredAsNullAndReadBackWhole() {
            GameRecord plain = new GameRecord(Variant.EMERGO, Map.of("White", "a", "Result", "1-0"), null,
                    List.of("d4", "f6!?", "e3"), "1. d4 f6!? 2. e3 1-0", "p.egn", 1);
            GameRecord blackFirst = new GameRecord(Variant.EMERGO, Map.of("White", "b", "Result", "*"), "b 11 12 d4:w",
                    List.of("e6", "d4-c4"), "1... e6 2. d4-c4 *", "p.egn", 9);
            GameRecord annotated = game("c", "d");
            List<Long> ids = repo().insertAll(List.of(plain, blackFirst, annotated), null).ids();

            assertEquals(Arrays.asList(null, null, annotated.movetext()), db.dsl()
                    .fetch("SELECT movetext FROM game ORDER BY id").getValues(0, String.class));
            assertEquals(plain.movetext(), repo().find(ids.get(0)).orElseThrow().toGameRecord().movetext());
            assertEquals(blackFirst.movetext(), repo().find(ids.get(1)).orElseThrow().movetext());
            assertEquals(annotated.movetext(), repo().find(ids.get(2)).orElseThrow().movetext());
        }

        @Test
        void aMovetextWhoseResultTokenDisagreesWithTheResultTagIsStoredWhole() {
            GameRecord record = new GameRecord(Variant.EMERGO, Map.of("Result", "1-0"), null, List.of("d4"), "1. d4 0-1",
                    "p.egn", 1);
            long id = repo().insertAll(List.of(record), null).ids().get(0);

            assertEquals("1. d4 0-1", db.dsl().fetchValue("SELECT movetext FROM game", String.class));
            assertEquals(record.movetext(), repo().find(id).orElseThrow().toGameRecord().movetext());
        }

        @Test
        void distinctGamesSharingAFingerprintAreBothKept() {
            GameRecord first = game("a", "b");
            GameRecord second = game("c", "d");
            repo().insertAll(List.of(first), null);
            // 64-bit fingerprints can collide: make the stored game look like the next one
            db.dsl().execute("UPDATE game SET fingerprint = ?", GameRow.of(second).fingerprint());

            assertEquals(1, repo().insertAll(List.of(second), null).inserted());
            InsertResult again = repo().insertAll(List.of(second), null);
            assertEquals(0, again.inserted());
            assertEquals(1, again.duplicates());
            assertEquals(2, repo().count());
        }

        @Test
        void distinctGamesSharingAFingerprintInOneCallAreBothKept() {
            KnownGames known = new KnownGames();
            GameRow a = GameRow.of(game("a", "b"));
            GameRow b = GameRow.of(game("c", "d"));

            assertTrue(known.add(7, a::identity));
            assertTrue(known.add(7, b::identity));
            assertTrue(!known.add(7, GameRow.of(game("a", "b", List.of("D4", "f6", "e3", "c5", "f4-e4", "h4xf4!")))::identity));
            assertTrue(!known.add(7, b::identity));
        }

        @Test
        void aGameThatIsNotThereIsNotFound() {
            assertTrue(repo().find(424242).isEmpty());
        }
    }

    /** Printable characters from many scripts, none of which compress well. */
    static String randomText(int length) {
        java.util.Random random = new java.util.Random(7);
        StringBuilder s = new StringBuilder(length);
        while (s.length() < length) {
            int cp = 0x21 + random.nextInt(0x2FFF);
            if (Character.isDefined(cp) && !Character.isISOControl(cp) && !Character.isSurrogate((char) cp)) {
                s.appendCodePoint(cp);
            }
        }
        return s.substring(0, length);
    }
}
