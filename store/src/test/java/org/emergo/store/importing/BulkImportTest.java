package org.emergo.store.importing;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.IMPORT_ERROR;
import static org.emergo.store.jooq.Tables.SOURCE_FILE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.emergo.importer.ImportError;
import org.emergo.importer.ProgressListener;
import org.emergo.store.db.Database;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BulkImport into an H2 file: files to games, import_error rows and source_file rows. */
class BulkImportTest {

    @TempDir
    Path dir;

    private Database db;
    private final List<ImportError> reportedErrors = new ArrayList<>();
    private final List<ImportError> reportedWarnings = new ArrayList<>();

    @BeforeEach
    void open() {
        db = Database.open(dir.resolve("db").resolve("emergo").toString());
    }

    @AfterEach
    void close() {
        db.close();
    }

    private BulkImport.Summary run(Path... paths) throws IOException {
        return new BulkImport(db, ProgressListener.NONE, new BulkImport.Report() {
            @Override
            public void error(ImportError error) {
                reportedErrors.add(error);
            }

            @Override
            public void warning(ImportError warning) {
                reportedWarnings.add(warning);
            }
        }).run(List.of(paths));
    }

    private DSLContext dsl() {
        return db.dsl();
    }

    private int games() {
        return dsl().fetchCount(GAME);
    }

    @Test
    void goodRecordsAreStoredAndEachRejectedRecordBecomesAnImportErrorRow() throws IOException {
        Path good = resource("egn/good.egn");
        Path notNotation = resource("egn/not-notation.egn");
        Path garbage = resource("egn/garbage-movetext.egn");

        BulkImport.Summary s = run(good, notNotation, garbage);

        // garbage-movetext.egn holds the same two good games as not-notation.egn
        assertEquals(new BulkImport.Summary(3, 0, 0, 5, 2, 2, 0), s);
        assertEquals(5, games());
        assertEquals(List.of("Club championship", "Problem 1", "Hex test", "Club championship", "Club championship"),
                dsl().select(GAME.EVENT).from(GAME).orderBy(GAME.ID).fetch(GAME.EVENT));
        assertEquals(List.of(
                        List.of(notNotation.toString(), 14, 16, "not move notation: 'd4-j9': expected a square at 'j9'"),
                        List.of(garbage.toString(), 14, 10, "unexpected text '<html>' in the movetext")),
                dsl().select(IMPORT_ERROR.SOURCE, IMPORT_ERROR.LINE, IMPORT_ERROR.COL, IMPORT_ERROR.MESSAGE)
                        .from(IMPORT_ERROR)
                        .orderBy(IMPORT_ERROR.ID)
                        .fetch(r -> List.<Object>of(r.value1(), r.value2(), r.value3(), r.value4())));
        assertEquals(2, reportedErrors.size());
        assertEquals(notNotation + ":14:16: not move notation: 'd4-j9': expected a square at 'j9' [d4-j9]",
                reportedErrors.get(0).toString());
    }

    @Test
    void eachFileReadIsRecordedWithItsShaSizeAndCounts() throws IOException {
        Path good = resource("egn/good.egn");
        Path notNotation = resource("egn/not-notation.egn");
        Path garbage = resource("egn/garbage-movetext.egn");

        run(good, notNotation, garbage);

        List<? extends Record> rows = dsl().selectFrom(SOURCE_FILE).orderBy(SOURCE_FILE.ID).fetch();
        assertEquals(3, rows.size());
        Object[][] expected = {
            {good, 3, 0, 0},
            {notNotation, 2, 0, 1},
            {garbage, 0, 2, 1},
        };
        for (int i = 0; i < rows.size(); i++) {
            Record row = rows.get(i);
            Path file = (Path) expected[i][0];
            assertEquals(file.toString(), row.get(SOURCE_FILE.PATH));
            assertEquals(sha256(file), row.get(SOURCE_FILE.CONTENT_SHA256));
            assertEquals(Files.size(file), row.get(SOURCE_FILE.SIZE_BYTES));
            assertEquals(expected[i][1], row.get(SOURCE_FILE.GAMES), file::toString);
            assertEquals(expected[i][2], row.get(SOURCE_FILE.DUPLICATES), file::toString);
            assertEquals(expected[i][3], row.get(SOURCE_FILE.ERRORS), file::toString);
        }
        // games and errors point at the file they came from
        long notNotationId = rows.get(1).get(SOURCE_FILE.ID);
        assertEquals(2, dsl().fetchCount(GAME, GAME.SOURCE_FILE_ID.eq(notNotationId)));
        assertEquals(1, dsl().fetchCount(IMPORT_ERROR, IMPORT_ERROR.SOURCE_FILE_ID.eq(notNotationId)));
    }

    @Test
    void theSameFileTwiceAddsNothingTheSecondTimeEvenUnderAnotherName() throws IOException {
        Path notNotation = resource("egn/not-notation.egn");
        run(notNotation);
        Path copy = Files.copy(notNotation, dir.resolve("renamed.egn"));
        reportedErrors.clear();

        BulkImport.Summary again = run(notNotation, copy);

        assertEquals(new BulkImport.Summary(0, 2, 0, 0, 0, 0, 0), again);
        assertEquals(List.of(), reportedErrors);
        assertEquals(2, games());
        assertEquals(1, dsl().fetchCount(SOURCE_FILE));
        assertEquals(1, dsl().fetchCount(IMPORT_ERROR));
    }

    @Test
    void theSameFileNamedTwiceInOneRunIsReadOnce() throws IOException {
        Path good = resource("egn/good.egn");
        assertEquals(new BulkImport.Summary(1, 1, 0, 3, 0, 0, 0), run(good, good));
        assertEquals(3, games());
    }

    @Test
    void aNonexistentPathIsAnErrorNotAnException() throws IOException {
        Path missing = dir.resolve("nothing-here.egn");

        BulkImport.Summary s = run(missing, resource("egn/good.egn"));

        assertEquals(new BulkImport.Summary(1, 0, 0, 3, 0, 1, 0), s);
        assertEquals(List.of(ImportError.ofFile(missing.toString(), "no such file or folder")), reportedErrors);
        assertEquals(List.of(List.<Object>of(missing.toString(), 0, 0, "no such file or folder")),
                dsl().select(IMPORT_ERROR.SOURCE, IMPORT_ERROR.LINE, IMPORT_ERROR.COL, IMPORT_ERROR.MESSAGE)
                        .from(IMPORT_ERROR)
                        .fetch(r -> List.<Object>of(r.value1(), r.value2(), r.value3(), r.value4())));
        assertEquals(1, dsl().fetchCount(SOURCE_FILE), "only the file that was read is recorded");
    }

    @Test
    void anUnknownFileTypeInAFolderIsSkippedAndCounted() throws IOException {
        // walk/b: games.csv and moves.csv (one pair of CSV files) and notes.md
        BulkImport.Summary s = run(resource("walk/b"));

        assertEquals(new BulkImport.Summary(2, 0, 1, 2, 0, 0, 0), s);
        assertEquals(List.of(), reportedErrors);
        assertEquals(List.of("b1", "b2"), dsl().select(GAME.EVENT).from(GAME).orderBy(GAME.ID).fetch(GAME.EVENT));
        assertEquals(0, dsl().fetchCount(SOURCE_FILE, SOURCE_FILE.PATH.endsWith("notes.md")));
    }

    @Test
    void anUnknownFileTypeNamedDirectlyIsAnError() throws IOException {
        Path notes = resource("walk/b/notes.md");

        BulkImport.Summary s = run(notes);

        assertEquals(new BulkImport.Summary(0, 0, 0, 0, 0, 1, 0), s);
        assertEquals(1, reportedErrors.size());
        assertEquals(notes.toString(), reportedErrors.get(0).source());
        assertTrue(reportedErrors.get(0).message().startsWith("unknown file type"), reportedErrors.get(0)::message);
        assertEquals(1, dsl().fetchCount(IMPORT_ERROR, IMPORT_ERROR.SOURCE.eq(notes.toString())));
    }

    @Test
    void aFileRefusedForItsNameIsImportedOnceItHasARecordName() throws IOException {
        Path backup = Files.copy(resource("egn/good.egn"), dir.resolve("good.egn.bak"));
        assertEquals(1, run(backup).errors());
        assertEquals(0, dsl().fetchCount(SOURCE_FILE), "a file that was not read is not recorded as imported");

        Path renamed = Files.move(backup, dir.resolve("good.egn"));
        BulkImport.Summary s = run(renamed);

        assertEquals(new BulkImport.Summary(1, 0, 0, 3, 0, 0, 0), s);
        assertEquals(3, games());
    }

    @Test
    void aFolderIsReadThroughArchivesCompressedFilesAndCsvPairsWithDuplicatesAndWarningsCounted()
            throws IOException {
        // walk: 11 games (SourceWalkerTest); five are "1. d4 f6" without players or date, one game
        // by fingerprint; notes.md in b and readme.md in e.zip are skipped; two files are windows-1252
        BulkImport.Summary s = run(resource("walk"));

        assertEquals(new BulkImport.Summary(7, 0, 2, 7, 4, 0, 2), s);
        assertEquals(List.of("a1", "b1", "b2", "c1", "e3", "e4", "f1"),
                dsl().select(GAME.EVENT).from(GAME).orderBy(GAME.ID).fetch(GAME.EVENT));
        assertEquals(2, reportedWarnings.size());
        assertEquals(0, dsl().fetchCount(IMPORT_ERROR), "warnings are not import errors");
    }

    @Test
    void aMovesFileThatYieldedOnlyErrorsIsReadAgainOnceItsGamesFileIsBeside() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("league"));
        Path moves = Files.writeString(folder.resolve("moves.csv"), "game_id,ply,move\ng1,1,e4\ng1,2,e6\n");
        BulkImport.Summary alone = run(moves);
        assertEquals(0, alone.games());
        assertEquals(1, alone.errors());

        Files.writeString(folder.resolve("games.csv"), "id,event,white,black,result\ng1,League,A,B,*\n");
        BulkImport.Summary again = run(moves);

        assertEquals(1, again.games());
        assertEquals(0, again.alreadyKnown());
        assertEquals(0, dsl().fetchCount(IMPORT_ERROR));
        assertEquals(1, dsl().fetchCount(SOURCE_FILE));
        // Now that it gave a game, it counts as imported.
        assertEquals(1, run(moves).alreadyKnown());
    }

    @Test
    void moreGamesThanOneBatchAreAllStored() throws IOException {
        StringBuilder text = new StringBuilder();
        int count = BulkImport.BATCH + 7;
        for (int i = 0; i < count; i++) {
            // distinct games: the date is part of what makes a game
            text.append("[Event \"Batch\"]\n[Date \"2026.01.01\"]\n[Round \"").append(i)
                    .append("\"]\n[White \"P").append(i).append("\"]\n\n1. d4 f6 *\n\n");
            if (i == 10) text.append("[Event \"Bad\"]\n\n1. d4 q1 *\n\n");
        }
        Path file = Files.writeString(dir.resolve("many.egn"), text);

        BulkImport.Summary s = run(file);

        assertEquals(new BulkImport.Summary(1, 0, 0, count, 0, 1, 0), s);
        assertEquals(count, games());
        assertEquals(count, dsl().select(SOURCE_FILE.GAMES).from(SOURCE_FILE).fetchOne().value1());
        assertEquals(1, dsl().fetchCount(IMPORT_ERROR));
    }

    @Test
    void aFileWhoseImportStoppedAfterACommitIsReadAgainAndEndsAsOneCleanImport() throws IOException {
        StringBuilder text = new StringBuilder();
        int count = BulkImport.BATCH + 500;
        for (int i = 0; i < count; i++) {
            text.append("[Event \"Batch\"]\n[White \"P").append(i).append("\"]\n[Club \"C").append(i % 7)
                    .append("\"]\n\n1. d4 f6 *\n\n");
            if (i == 10 || i == BulkImport.BATCH + 10) text.append("[Event \"Bad\"]\n\n1. d4 q1 *\n\n");
        }
        text.append("[Event \"Again\"]\n[White \"P3\"]\n\n1. d4 f6 *\n\n"); // a duplicate of game 3
        Path file = Files.writeString(dir.resolve("many.egn"), text);
        class Stop extends RuntimeException {}
        ProgressListener stopAfterFirstCommit = new ProgressListener() {
            @Override
            public void stored(int games) {
                if (games > 0) throw new Stop();
            }
        };

        try {
            new BulkImport(db, stopAfterFirstCommit, new Problems()).run(List.of(file));
        } catch (Stop expected) {
            // as the command line stops on Ctrl-C
        }
        assertEquals(BulkImport.BATCH, games());
        assertEquals(null, dsl().select(SOURCE_FILE.GAMES).from(SOURCE_FILE).fetchOne().value1(), "not yet imported");
        BulkImport.Summary s = run(file);

        assertEquals(new BulkImport.Summary(1, 0, 0, 500, 1, 2, 0), s);
        assertEquals(count, games());
        assertEquals(List.of(count, 1, 2), List.of(dsl().select(SOURCE_FILE.GAMES, SOURCE_FILE.DUPLICATES, SOURCE_FILE.ERRORS)
                .from(SOURCE_FILE).fetchOne().intoArray()));
        assertEquals(2, dsl().fetchCount(IMPORT_ERROR));
        assertEquals(count, dsl().fetchCount(org.emergo.store.jooq.Tables.GAME_TAG)); // Club: a tag row each
        assertEquals(new BulkImport.Summary(0, 1, 0, 0, 0, 0, 0), run(file));
    }

    /** Hears of errors and warnings, and keeps nothing. */
    private static final class Problems implements BulkImport.Report {
        @Override
        public void error(ImportError error) {}

        @Override
        public void warning(ImportError warning) {}
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A file of the test resources (copies of the importer's: the records it reads). */
    private static Path resource(String name) {
        try {
            return Path.of(BulkImportTest.class.getResource("/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
