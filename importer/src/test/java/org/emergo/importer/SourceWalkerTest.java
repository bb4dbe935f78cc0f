package org.emergo.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.emergo.replay.GameRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceWalkerTest {

    private final ListSink sink = new ListSink();

    private static List<String> relative(Path root, List<String> sources) {
        String prefix = root.toString() + java.io.File.separator;
        return sources.stream().map(s -> s.startsWith(prefix) ? s.substring(prefix.length()) : s).toList();
    }

    @Test
    void aFolderIsWalkedInSortedOrderThroughArchivesCompressedFilesAndCsvPairs() {
        Path root = Fixtures.path("walk");
        SourceWalker.Summary summary = new SourceWalker(sink).walk(root);

        assertEquals(List.of(), sink.errors);
        assertEquals(List.of("a1", "a2", "b1", "b2", "c1", "d1", "e1", "e2", "e3", "e4", "f1"), sink.tag("Event"));
        assertEquals(List.of("a-games.egn", "a-games.egn", "b/games.csv", "b/games.csv", "c.json", "d.egn.gz",
                        "e.zip!x/one.egn", "e.zip!x/one-games.csv", "e.zip!y/rec.json", "e.zip!y/latin.pgn", "f-latin1.pgn"),
                relative(root, sink.games.stream().map(GameRecord::source).toList()).stream()
                        .map(s -> s.replace(java.io.File.separatorChar, '/')).toList());
        assertEquals(new SourceWalker.Summary(11, 2), summary);

        assertEquals("1. d4 f6 1-0", sink.games.get(2).movetext());
        assertEquals("1. d4 0-1", sink.games.get(3).movetext());
        assertEquals("1. d4 {opening} 1... f6 1-0", sink.games.get(7).movetext());
    }

    @Test
    void aFileThatIsNotUtf8IsReadAsWindows1252WithAWarningNamingIt() {
        Path file = Fixtures.path("walk/f-latin1.pgn");
        new SourceWalker(sink).walk(file);
        assertEquals(List.of(), sink.errors);
        assertEquals("M\u00fcller, Hans", sink.games.get(0).tag("White"));
        assertEquals(1, sink.warnings.size());
        ImportError w = sink.warnings.get(0);
        assertEquals(file.toString(), w.source());
        assertEquals(0, w.line());
        assertEquals("not valid UTF-8 (byte 0xFC at byte offset 22, line 2); read as windows-1252", w.message());
    }

    @Test
    void theWindows1252FixtureReadAsEgnKeepsBothAccentedNames() {
        new SourceWalker(sink).walk(Fixtures.path("egn/windows-1252.egn"));
        assertEquals("M\u00fcller, Hans", sink.games.get(0).tag("White"));
        assertEquals("Fran\u00e7ois", sink.games.get(0).tag("Black"));
        assertTrue(sink.warnings.get(0).message().contains("read as windows-1252"));
    }

    @Test
    void aUtf8ByteOrderMarkIsSkippedWithoutAWarning() {
        new SourceWalker(sink).walk(Fixtures.path("egn/bom.egn"));
        assertEquals(List.of(), sink.warnings);
        assertEquals(List.of("Club championship"), sink.tag("Event"));
    }

    @Test
    void anUnknownFileTypeNamedExplicitlyIsAnErrorAndAMissingPathToo() {
        Path notes = Fixtures.path("walk/b/notes.md");
        Path missing = notes.resolveSibling("nothing-here.egn");
        SourceWalker.Summary summary = new SourceWalker(sink).walk(List.of(notes, missing));
        assertEquals(new SourceWalker.Summary(0, 0), summary);
        assertEquals(2, sink.errors.size());
        assertEquals(notes.toString(), sink.errors.get(0).source());
        assertTrue(sink.errors.get(0).message().startsWith("unknown file type"));
        assertEquals("no such file or folder", sink.errors.get(1).message());
    }

    @Test
    void aMovesFileNamedAloneIsReadWithTheGamesFileOfItsFolder() {
        new SourceWalker(sink).walk(Fixtures.path("walk/b/moves.csv"));
        assertEquals(List.of(), sink.errors);
        assertEquals(List.of("b1", "b2"), sink.tag("Event"));
    }

    @Test
    void aMovesFileWithoutAGamesFileIsAnError(@TempDir Path dir) throws IOException {
        Path moves = dir.resolve("moves.csv");
        Files.writeString(moves, "game_id,ply,move\ng,1,d4\n");
        new SourceWalker(sink).walk(moves);
        assertEquals(1, sink.errors.size());
        assertTrue(sink.errors.get(0).message().startsWith("moves file (game_id,ply,move) without a games file"));
    }

    @Test
    void aTruncatedGzipFileKeepsTheGamesBeforeTheBreak(@TempDir Path dir) throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            text.append("[Event \"g").append(i).append("\"]\n[Round \"").append(i * 7919 % 10007)
                    .append("\"]\n\n1. d4 f6 2. e3 c5 1-0\n\n");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] all = bytes.toByteArray();
        Path file = dir.resolve("cut.pgn.gz");
        Files.write(file, Arrays.copyOf(all, all.length / 2));

        new SourceWalker(sink).walk(file);
        assertTrue(sink.games.size() > 100, () -> "games read: " + sink.games.size());
        assertTrue(sink.games.size() < 5000);
        assertEquals(1, sink.errors.size());
        assertEquals(file.toString(), sink.errors.get(0).source());
        assertTrue(sink.errors.get(0).message().startsWith("cannot read: "), sink.errors.get(0)::toString);
    }

    @Test
    void progressIsReportedInBytesUpToTheFileSize(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("many.egn");
        Files.writeString(file, "[Event \"x\"]\n\n1. d4 f6 2. e3 c5 1-0\n\n".repeat(20_000));
        List<String> calls = new ArrayList<>();
        List<Long> advances = new ArrayList<>();
        ProgressListener listener = new ProgressListener() {
            @Override
            public void started(String source, long size) {
                calls.add("started " + size);
            }

            @Override
            public void advanced(String source, long bytesRead) {
                advances.add(bytesRead);
            }

            @Override
            public void finished(String source) {
                calls.add("finished");
            }
        };
        new SourceWalker(sink, listener).walk(file);
        assertEquals(20_000, sink.games.size());
        assertEquals(List.of("started " + Files.size(file), "finished"), calls);
        assertTrue(advances.size() > 2, advances::toString);
        assertEquals(Files.size(file), advances.get(advances.size() - 1));
        for (int i = 1; i < advances.size(); i++) assertTrue(advances.get(i) > advances.get(i - 1));
    }

    @Test
    void aFailingSinkEndsTheWalkWithItsOwnException() {
        IllegalStateException failure = new IllegalStateException("database gone");
        RecordSink failing = new RecordSink() {
            @Override
            public void game(GameRecord record) {
                throw failure;
            }

            @Override
            public void error(ImportError error) {}

            @Override
            public void warning(ImportError warning) {}
        };
        IllegalStateException thrown = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> new SourceWalker(failing).walk(Fixtures.path("walk/e.zip")));
        assertEquals(failure, thrown);
    }

    @Test
    void theFormatFollowsTheExtensionLookingThroughGz() {
        assertEquals(SourceWalker.Format.EGN, SourceWalker.formatOf("x.PGN"));
        assertEquals(SourceWalker.Format.EGN, SourceWalker.formatOf("x.txt.gz"));
        assertEquals(SourceWalker.Format.CSV, SourceWalker.formatOf("x.csv.gz"));
        assertEquals(SourceWalker.Format.ABSTRACT_PLAY, SourceWalker.formatOf("x.json"));
        assertEquals(null, SourceWalker.formatOf("x.tar.gz"));
        assertEquals(null, SourceWalker.formatOf("x.md"));
    }

    @Test
    void standardInputThatStartsWithABraceCommentIsEgnAndWithAnObjectIsJson(@TempDir Path dir) throws IOException {
        Path egn = Files.writeString(dir.resolve("egn"), "{ Club games, spring 2024 }\n[Event \"Spring\"]\n[Result \"*\"]\n\n1. e4 e6 *\n");
        new SourceWalker(sink).walkStream("<stdin>", egn);
        assertEquals(List.of(), sink.errors);
        assertEquals(List.of("Spring"), sink.tag("Event"));
        ListSink json = new ListSink();
        Path object = Files.writeString(dir.resolve("json"), Files.readString(Fixtures.path("ap/single.json")));
        new SourceWalker(json).walkStream("<stdin>", object);
        assertEquals(1, json.games.size(), json.errors::toString);
    }
}
