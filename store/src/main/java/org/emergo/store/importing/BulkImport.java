package org.emergo.store.importing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.emergo.importer.ImportError;
import org.emergo.importer.ProgressListener;
import org.emergo.importer.RecordSink;
import org.emergo.importer.SourceWalker;
import org.emergo.replay.GameRecord;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.GameRow;
import org.emergo.store.game.ImportErrorEntry;
import org.emergo.store.game.ImportErrorRepository;
import org.emergo.store.game.InsertResult;
import org.emergo.store.game.SourceFile;
import org.emergo.store.game.SourceFileRepository;
import org.emergo.store.jdbc.ImportLocks;
import org.emergo.store.jdbc.WorkClaims;

/**
 * {@code emergo import}: reads files, folders and archives into the store. Each file is
 * recorded by its content hash, so importing the same file again adds nothing; games are
 * written in batches; every rejected record becomes an import_error row and the records
 * around it are kept. A file counts as imported once all of it is committed: an interrupted
 * import reads its last file again on the next run, and stores what it had not.
 */
public final class BulkImport {

    /** Games held before they are written in one transaction. */
    public static final int BATCH = 2000;

    /**
     * What a run did.
     *
     * @param files         files read
     * @param alreadyKnown  files skipped because the same content was imported before
     * @param skipped       files and archive entries skipped for their type
     * @param games         games added
     * @param duplicates    games skipped because the same game is stored already
     * @param errors        records rejected (also stored as import_error rows)
     * @param warnings      problems that did not reject a record
     */
    public record Summary(int files, int alreadyKnown, int skipped, int games, int duplicates, int errors, int warnings) {}

    private final GameRepository games;
    private final SourceFileRepository sourceFiles;
    private final ImportErrorRepository importErrors;
    private final Database db;
    private final ProgressListener progress;
    private final Report report;

    /** Who hears of problems as they are found (the command line prints them). */
    public interface Report {
        void error(ImportError error);

        void warning(ImportError warning);
    }

    /**
     * @param progress told of bytes read per source
     * @param report   told of every error and warning as it is found
     */
    public BulkImport(Database db, ProgressListener progress, Report report) {
        this.db = db;
        this.games = new GameRepository(db.dsl());
        this.sourceFiles = new SourceFileRepository(db.dsl());
        this.importErrors = new ImportErrorRepository(db.dsl());
        this.progress = progress;
        this.report = report;
    }

    /** The files a run would read: named files, and the files of named folders in sorted order. */
    public static List<Path> files(List<Path> paths) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path path : paths) {
            if (isStream(path)) {
                files.add(path);
            } else if (Files.isDirectory(path)) {
                try (Stream<Path> walk = Files.walk(path)) {
                    walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                            .sorted(Comparator.comparing(Path::toString))
                            .forEach(files::add);
                }
            } else {
                files.add(path);
            }
        }
        return files;
    }

    public Summary run(List<Path> paths) throws IOException {
        Batcher batcher = new Batcher();
        Redirect to = new Redirect(batcher);
        SourceWalker walker = new SourceWalker(to, progress);
        int read = 0;
        int known = 0;
        int skipped = 0;
        SourceWalker.Summary walked = new SourceWalker.Summary(0, 0);
        for (Path path : paths) {
            if (isStream(path)) {
                // read once only: kept in a file while it is hashed, sniffed and read
                Path spool = spool(path);
                try {
                    String source = path.toString().equals("-") ? STDIN : path.toString();
                    SourceWalker.Summary done = source(spool, source, batcher, to, () -> walker.walkStream(source, spool));
                    if (done == null) {
                        known++;
                    } else {
                        walked = done;
                        read++;
                    }
                } finally {
                    Files.deleteIfExists(spool);
                }
                continue;
            }
            for (Path file : files(List.of(path))) {
                boolean inFolder = !file.equals(path);
                String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
                boolean knownType = SourceWalker.formatOf(name) != null || name.endsWith(".zip");
                if (inFolder && !knownType) {
                    skipped++;
                    continue;
                }
                if (!knownType && Files.exists(file)) {
                    // Named directly: an error, and not recorded as imported, so the same
                    // content under a readable name is imported later.
                    walked = walker.walk(file);
                    batcher.flush();
                    continue;
                }
                if (!Files.exists(file)) {
                    batcher.error(ImportError.ofFile(file.toString(), "no such file or folder"));
                    batcher.flush();
                    continue;
                }
                SourceWalker.Summary done = source(file, file.toString(), batcher, to, () -> walker.walk(file));
                if (done == null) {
                    known++;
                } else {
                    walked = done;
                    read++;
                }
            }
        }
        db.confirmCommitsKept();
        return new Summary(read, known, skipped + walked.skipped(), batcher.totalGames, batcher.totalDuplicates, batcher.totalErrors,
                batcher.totalWarnings);
    }

    /**
     * Imports one source whose bytes are in {@code content}, unless the same bytes were imported
     * before: then null. The walk reads it.
     */
    private SourceWalker.Summary source(Path content, String name, Batcher batcher, Redirect to,
            Supplier<SourceWalker.Summary> walk) throws IOException {
        String sha = sha256(content);
        try (ImportLocks lock = ImportLocks.forFile(db, sha, () -> progress.waiting(name))) {
            Optional<SourceFile> before = sourceFiles.findBySha(sha);
            if (before.isPresent() && before.get().games() != null && !yieldedOnlyErrors(before.get())) return null;
            long id;
            if (before.isPresent()) {
                // Not wholly imported (the run was interrupted), or nothing came of it last
                // time (a moves file without its games file, say): read it again. Its games
                // stored then are found as stored; its errors are written again.
                id = before.get().id();
                importErrors.deleteBySourceFile(id);
            } else {
                id = sourceFiles.insert(name, sha, Files.size(content));
            }
            batcher.startFile(id);
            // one walker for every file: it remembers the CSV files it has read as pairs
            SourceWalker.Summary walked = ReadAhead.run(sink -> to.readingInto(sink, walk), batcher);
            batcher.endFile();
            return walked;
        }
    }

    /** The name standard input ({@code -}) goes by in errors and in the source_file table. */
    public static final String STDIN = "<stdin>";

    /**
     * Standard input ({@code -}), or a pipe or device named as a path ({@code /dev/stdin}): a
     * stream that can be read once only, unlike the files and folders.
     */
    public static boolean isStream(Path path) {
        if (path.toString().equals("-")) return true;
        Path absolute = path.toAbsolutePath();
        // /dev/stdin is a regular file when the shell redirects one in: still no name to go by
        if (absolute.startsWith("/dev") || absolute.startsWith("/proc")) return Files.exists(path) && !Files.isDirectory(path);
        return Files.exists(path) && !Files.isRegularFile(path) && !Files.isDirectory(path);
    }

    /** Copies a stream into a temporary file; standard input is left open. */
    private static Path spool(Path path) throws IOException {
        Path file = Files.createTempFile("emergo-import-", ".spool");
        try {
            if (path.toString().equals("-")) {
                Files.copy(System.in, file, StandardCopyOption.REPLACE_EXISTING);
            } else {
                try (InputStream in = Files.newInputStream(path)) {
                    Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return file;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    /** A file whose import gave errors and not one game, new or duplicate. */
    private static boolean yieldedOnlyErrors(SourceFile f) {
        return f.games() != null && f.games() == 0 && f.duplicates() != null && f.duplicates() == 0
                && f.errors() != null && f.errors() > 0;
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            byte[] buffer = new byte[1 << 16];
            while (in.read(buffer) >= 0) {
                // reading is hashing
            }
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** The walker's sink: the batcher, or for the reading of one file the read-ahead's sink. */
    private static final class Redirect implements RecordSink {
        private final RecordSink usual;
        private RecordSink current;

        Redirect(RecordSink usual) {
            this.usual = usual;
            this.current = usual;
        }

        <T> T readingInto(RecordSink sink, Supplier<T> reading) {
            current = sink;
            try {
                return reading.get();
            } finally {
                current = usual;
            }
        }

        @Override
        public void game(GameRecord record) {
            current.game(record);
        }

        @Override
        public void error(ImportError error) {
            current.error(error);
        }

        @Override
        public void warning(ImportError warning) {
            current.warning(warning);
        }
    }

    /**
     * Adds games in one transaction. On H2 the programs that reach one file take turns here, as
     * GameRepository's lock makes them on PostgreSQL: each looks for the games already stored.
     */
    private InsertResult insertTakingTurns(List<GameRow> rows, Long sourceFileId) {
        try {
            return WorkClaims.oneAtATimeOnH2(db, WorkClaims.Step.GAME_INSERTS, () -> games.insertRows(rows, sourceFileId));
        } catch (SQLException e) {
            throw db.failure("cannot store the games", e);
        }
    }

    /** Collects what the readers find and writes it a batch at a time, per source file. */
    private final class Batcher implements RecordSink, ReadAhead.Writer {
        private final List<GameRow> pending = new ArrayList<>(BATCH);
        private final List<ImportErrorEntry> pendingErrors = new ArrayList<>();
        private Long sourceFileId;
        private int fileGames;
        private int fileDuplicates;
        private int fileErrors;
        int totalGames;
        int totalDuplicates;
        int totalErrors;
        int totalWarnings;

        void startFile(long id) {
            sourceFileId = id;
            fileGames = 0;
            fileDuplicates = 0;
            fileErrors = 0;
        }

        /** The file counts as imported from here on: everything read from it is committed. */
        void endFile() {
            flush();
            db.confirmCommitsKept(); // else the mark could outlive games a killed server took with it
            int duplicates = sourceFiles.finish(sourceFileId, fileGames + fileDuplicates, fileErrors);
            totalDuplicates += duplicates - fileDuplicates; // games an interrupted run stored are not duplicates
            sourceFileId = null;
        }

        @Override
        public void game(GameRecord record) {
            game(GameRow.of(record));
        }

        @Override
        public void game(GameRow row) {
            pending.add(row);
            if (pending.size() >= BATCH) flush();
        }

        @Override
        public void error(ImportError error) {
            report.error(error);
            pendingErrors.add(entry(error));
            fileErrors++;
            totalErrors++;
        }

        @Override
        public void warning(ImportError warning) {
            report.warning(warning);
            totalWarnings++;
        }

        void flush() {
            if (!pending.isEmpty()) {
                InsertResult result = insertTakingTurns(pending, sourceFileId);
                fileGames += result.inserted();
                fileDuplicates += result.duplicates();
                totalGames += result.inserted();
                totalDuplicates += result.duplicates();
                for (InsertResult.RejectedGame rejected : result.rejected()) {
                    error(new ImportError(rejected.game().source(), rejected.game().sourceLine(), 1, rejected.reason(), ""));
                }
                pending.clear();
            }
            if (!pendingErrors.isEmpty()) {
                importErrors.insertAll(pendingErrors, sourceFileId);
                pendingErrors.clear();
            }
            progress.stored(totalGames);
        }

        private ImportErrorEntry entry(ImportError e) {
            return new ImportErrorEntry(e.source(), e.line(), e.column(), e.message(), e.excerpt());
        }
    }
}
