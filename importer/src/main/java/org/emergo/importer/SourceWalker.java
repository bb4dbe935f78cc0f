package org.emergo.importer;

import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.emergo.replay.GameRecord;

/**
 * Feeds files to the right reader: given paths (files; folders, walked recursively in sorted
 * order; {@code .zip} archives, entry by entry; {@code .gz} files), it tells the format by the
 * extension ({@code .egn .pgn .txt}: EGN, {@code .csv}: CSV, {@code .json}: Abstract Play),
 * decides the encoding (UTF-8 with or without BOM; otherwise windows-1252 with a warning) and
 * reads. A moves-per-row CSV file is read together with the games file in its folder.
 * Unknown file types inside folders and archives are skipped and counted; named on the command
 * line they are an error. Standard input has no name: {@link #walkStream} tells its format from
 * its first bytes. Nothing here throws for bad input: every problem goes to the sink.
 */
public final class SourceWalker {

    /** The formats, by extension. */
    public enum Format { EGN, CSV, ABSTRACT_PLAY }

    /**
     * What a walk did.
     *
     * @param sources files and archive entries read
     * @param skipped files and archive entries skipped for their type
     */
    public record Summary(int sources, int skipped) {}

    private static final long PROGRESS_STEP = 256 * 1024;

    private final RecordSink sink;
    private final ProgressListener progress;
    private final Set<String> readAlready = new HashSet<>();
    private final Map<String, CsvLayout> layouts = new HashMap<>();
    private int sources;
    private int skipped;

    public SourceWalker(RecordSink sink) {
        this(sink, ProgressListener.NONE);
    }

    public SourceWalker(RecordSink sink, ProgressListener progress) {
        this.sink = new Guarded(sink);
        this.progress = progress;
    }

    /** The format of a file name ({@code .gz} looked through), or null for an unknown type. */
    public static Format formatOf(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (name.endsWith(".gz")) name = name.substring(0, name.length() - 3);
        if (name.endsWith(".egn") || name.endsWith(".pgn") || name.endsWith(".txt")) return Format.EGN;
        if (name.endsWith(".csv")) return Format.CSV;
        if (name.endsWith(".json")) return Format.ABSTRACT_PLAY;
        return null;
    }

    /**
     * Reads all paths in order; a walker may be used for several walks, the summary counts all.
     * Bad input never throws; an exception thrown by the sink (the store failing) is passed on
     * as it is and ends the walk.
     */
    public Summary walk(List<Path> paths) {
        try {
            for (Path path : paths) {
                if (Files.isDirectory(path)) {
                    walkFolder(path);
                } else if (Files.isRegularFile(path)) {
                    file(path, true);
                } else {
                    sink.error(ImportError.ofFile(path.toString(), "no such file or folder"));
                }
            }
        } catch (SinkFailure failure) {
            throw failure.getCause();
        }
        return new Summary(sources, skipped);
    }

    public Summary walk(Path... paths) {
        return walk(List.of(paths));
    }

    /**
     * Reads a source that has no file name to tell its format by (standard input, spooled into
     * {@code content}): the format is told from the first bytes instead, gzip included.
     */
    public Summary walkStream(String source, Path content) {
        try {
            boolean gzip = startsWithGzip(content);
            String suffix = gzip ? ".gz" : "";
            Format format = sniff(new StreamEntry(source, "stream" + suffix, content));
            if (format == null) {
                sources++;
                sink.error(ImportError.ofFile(source, "cannot tell the format (expected EGN, CSV with a header row, "
                        + "or Abstract Play JSON)"));
                return new Summary(sources, skipped);
            }
            String ext = switch (format) {
                case EGN -> ".egn";
                case CSV -> ".csv";
                case ABSTRACT_PLAY -> ".json";
            };
            Entry entry = new StreamEntry(source, "stream" + ext + suffix, content);
            if (format == Format.CSV) csv(entry, () -> List.of(entry));
            else read(entry, format);
        } catch (SinkFailure failure) {
            throw failure.getCause();
        } catch (IOException e) {
            sink.error(ImportError.ofFile(source, "cannot read: " + describe(e)));
        }
        return new Summary(sources, skipped);
    }

    private static boolean startsWithGzip(Path content) throws IOException {
        try (InputStream in = Files.newInputStream(content)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    /**
     * The format of a text by its start: JSON opens with a brace and a key (or the brace that ends
     * it) or with a bracket that does not open a tag; EGN with a tag, a comment (ours in braces too)
     * or a move number; CSV with a header row naming
     * one of its layouts. Null when none fits.
     */
    private static Format sniff(Entry entry) throws IOException {
        char[] buffer = new char[8192];
        int n;
        try (Reader reader = TextEncoding.skipBom(new InputStreamReader(decompressed(entry.name(), entry.open()),
                StandardCharsets.UTF_8))) {
            n = reader.read(buffer, 0, buffer.length);
        }
        if (n <= 0) return Format.EGN; // nothing to read: no games, no error
        String text = new String(buffer, 0, n).stripLeading();
        if (text.isEmpty()) return Format.EGN;
        char first = text.charAt(0);
        if (first == '{') {
            // a JSON object names its first key (or is empty); an EGN comment is any text
            String rest = text.substring(1).stripLeading();
            return rest.isEmpty() || rest.charAt(0) == '"' || rest.charAt(0) == '}' ? Format.ABSTRACT_PLAY : Format.EGN;
        }
        if (first == '[') {
            String rest = text.substring(1).stripLeading();
            return !rest.isEmpty() && Character.isLetter(rest.charAt(0)) ? Format.EGN : Format.ABSTRACT_PLAY;
        }
        if (first == ';' || first == '%' || Character.isDigit(first)) return Format.EGN;
        String header = text.lines().findFirst().orElse("");
        return CsvGameReader.layout(new StringReader(header + "\n")) != CsvLayout.UNKNOWN ? Format.CSV : null;
    }

    // ---- folders, files, archives ----

    private void walkFolder(Path folder) {
        List<Path> children;
        try (Stream<Path> list = Files.list(folder)) {
            children = list.sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        } catch (IOException e) {
            sink.error(ImportError.ofFile(folder.toString(), "cannot list the folder: " + e.getMessage()));
            return;
        }
        for (Path child : children) {
            if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                walkFolder(child);
            } else if (Files.isRegularFile(child)) {
                file(child, false);
            }
        }
    }

    private void file(Path path, boolean named) {
        String name = path.getFileName().toString();
        if (name.toLowerCase(Locale.ROOT).endsWith(".zip")) {
            archive(path);
            return;
        }
        Format format = formatOf(name);
        Entry entry = new FileEntry(path);
        if (format == null) {
            unknown(entry, named);
        } else if (format == Format.CSV) {
            csv(entry, () -> csvSiblings(path));
        } else {
            read(entry, format);
        }
    }

    private void archive(Path path) {
        try (ZipFile zip = new ZipFile(path.toFile(), StandardCharsets.UTF_8)) {
            List<Entry> entries = new ArrayList<>();
            Enumeration<? extends ZipEntry> all = zip.entries();
            while (all.hasMoreElements()) {
                ZipEntry e = all.nextElement();
                if (!e.isDirectory()) entries.add(new ZipEntryEntry(path.toString(), zip, e));
            }
            for (Entry entry : entries) {
                String lower = entry.name().toLowerCase(Locale.ROOT);
                Format format = formatOf(entry.name());
                if (lower.endsWith(".zip")) {
                    skipped++;
                    sink.warning(ImportError.ofFile(entry.source(), "archive inside an archive: not read"));
                } else if (format == null) {
                    unknown(entry, false);
                } else if (format == Format.CSV) {
                    String folder = ((ZipEntryEntry) entry).folder();
                    csv(entry, () -> entries.stream()
                            .filter(x -> x instanceof ZipEntryEntry z && z.folder().equals(folder)
                                    && formatOf(z.name()) == Format.CSV)
                            .toList());
                } else {
                    read(entry, format);
                }
            }
        } catch (SinkFailure e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            sink.error(ImportError.ofFile(path.toString(), "cannot read the zip archive: " + describe(e)));
        }
    }

    private void unknown(Entry entry, boolean named) {
        if (named) {
            sink.error(ImportError.ofFile(entry.source(), "unknown file type (expected .egn, .pgn, .txt, .csv, .json, "
                    + ".zip, or one of them .gz)"));
        } else {
            skipped++;
        }
    }

    // ---- CSV files and their pairs ----

    private interface Siblings {
        List<Entry> list() throws IOException;
    }

    private List<Entry> csvSiblings(Path path) throws IOException {
        Path folder = path.toAbsolutePath().getParent();
        try (Stream<Path> list = Files.list(folder)) {
            return list.filter(p -> Files.isRegularFile(p) && formatOf(p.getFileName().toString()) == Format.CSV)
                    .sorted(Comparator.comparing(p -> p.getFileName().toString()))
                    .map(p -> (Entry) new FileEntry(path.resolveSibling(p.getFileName())))
                    .toList();
        }
    }

    /**
     * A CSV file: games per row are read alone; a moves file with the games file of its folder;
     * a games file without moves with the moves file that names it as its pair, or alone.
     */
    private void csv(Entry entry, Siblings siblings) {
        if (readAlready.contains(entry.source())) return;
        try {
            CsvLayout layout = layout(entry);
            if (layout == CsvLayout.MOVES_PER_ROW) {
                Entry games = gamesFileFor(entry, siblings.list());
                if (games == null) {
                    sources++;
                    sink.error(ImportError.ofFile(entry.source(), "moves file (game_id,ply,move) without a games file "
                            + "to pair it with: put one CSV file with an id column and no moves column beside it "
                            + "(or name them X-games.csv and X-moves.csv)"));
                    return;
                }
                paired(games, entry);
                return;
            }
            if (layout == CsvLayout.GAMES_WITHOUT_MOVES) {
                for (Entry other : siblings.list()) {
                    if (other.source().equals(entry.source()) || readAlready.contains(other.source())) continue;
                    if (layout(other) == CsvLayout.MOVES_PER_ROW) {
                        Entry games = gamesFileFor(other, siblings.list());
                        if (games != null && games.source().equals(entry.source())) {
                            paired(entry, other);
                            return;
                        }
                    }
                }
            }
        } catch (IOException e) {
            sink.error(ImportError.ofFile(entry.source(), "cannot read: " + describe(e)));
            return;
        }
        read(entry, Format.CSV);
    }

    /**
     * The games file for a moves file: the only CSV file of the folder with an id column and no
     * moves column, or among several the one whose name matches (X-moves.csv and X-games.csv or X.csv).
     */
    private Entry gamesFileFor(Entry moves, List<Entry> siblings) throws IOException {
        List<Entry> candidates = new ArrayList<>();
        for (Entry e : siblings) {
            if (!e.source().equals(moves.source()) && layout(e) == CsvLayout.GAMES_WITHOUT_MOVES) candidates.add(e);
        }
        if (candidates.size() == 1) return candidates.get(0);
        String stem = stem(moves.name());
        for (Entry e : candidates) {
            String other = stem(e.name());
            if (other.equals(stem.replace("moves", "games")) || other.equals(stem.replaceAll("[-_. ]?moves$", ""))) {
                return e;
            }
        }
        return null;
    }

    private static String stem(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith(".gz")) n = n.substring(0, n.length() - 3);
        return n.endsWith(".csv") ? n.substring(0, n.length() - 4) : n;
    }

    private CsvLayout layout(Entry entry) throws IOException {
        CsvLayout known = layouts.get(entry.source());
        if (known != null) return known;
        CsvLayout layout = readLayout(entry);
        layouts.put(entry.source(), layout);
        return layout;
    }

    private static CsvLayout readLayout(Entry entry) throws IOException {
        try (Reader reader = new InputStreamReader(decompressed(entry.name(), entry.open()), StandardCharsets.UTF_8)) {
            return CsvGameReader.layout(reader);
        }
    }

    private void paired(Entry games, Entry moves) {
        readAlready.add(games.source());
        readAlready.add(moves.source());
        sources += 2;
        try (Opened g = open(games); Opened m = open(moves)) {
            CsvGameReader.readPaired(g.reader, games.source(), m.reader, moves.source(), sink);
        } catch (SinkFailure e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            sink.error(ImportError.ofFile(moves.source(), "cannot read: " + describe(e)));
        } finally {
            progress.finished(moves.source());
            progress.finished(games.source());
        }
    }

    // ---- reading one source ----

    private void read(Entry entry, Format format) {
        sources++;
        try (Opened opened = open(entry)) {
            switch (format) {
                case EGN -> EgnReader.read(opened.reader, entry.source(), sink);
                case CSV -> CsvGameReader.read(opened.reader, entry.source(), sink);
                case ABSTRACT_PLAY -> AbstractPlayReader.read(opened.reader, entry.source(), sink);
            }
        } catch (SinkFailure e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            sink.error(ImportError.ofFile(entry.source(), "cannot read: " + describe(e)));
        } finally {
            progress.finished(entry.source());
        }
    }

    /** A source's text, decoded as its bytes say; warns when it is not UTF-8. */
    private Opened open(Entry entry) throws IOException {
        TextEncoding.Detected detected;
        try {
            detected = TextEncoding.detect(decompressed(entry.name(), entry.open()));
        } catch (IOException e) {
            // Unreadable further on (a truncated .gz): what can be read is valid UTF-8 so far.
            detected = new TextEncoding.Detected(StandardCharsets.UTF_8, 0, null);
        }
        if (detected.note() != null) sink.warning(ImportError.ofFile(entry.source(), detected.note()));
        progress.started(entry.source(), entry.size());
        InputStream raw = new Counting(entry.open(), entry.source());
        InputStream in = decompressed(entry.name(), raw);
        long skip = detected.bomLength();
        while (skip > 0) {
            long n = in.skip(skip);
            if (n <= 0) break;
            skip -= n;
        }
        Reader reader = new BufferedReader(new InputStreamReader(in, detected.charset().newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)), 64 * 1024);
        return new Opened(reader);
    }

    private static InputStream decompressed(String name, InputStream raw) throws IOException {
        if (!name.toLowerCase(Locale.ROOT).endsWith(".gz")) return raw;
        try {
            return new GZIPInputStream(raw, 64 * 1024);
        } catch (IOException e) {
            raw.close();
            throw e;
        }
    }

    private static String describe(Exception e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }

    private record Opened(Reader reader) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            reader.close();
        }
    }

    /** Counts the bytes read and tells the progress listener now and then. */
    private final class Counting extends FilterInputStream {
        private final String source;
        private long count;
        private long told;

        Counting(InputStream in, String source) {
            super(in);
            this.source = source;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) add(1);
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) add(n);
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skippedBytes = super.skip(n);
            if (skippedBytes > 0) add(skippedBytes);
            return skippedBytes;
        }

        private void add(long n) {
            count += n;
            if (count - told >= PROGRESS_STEP) {
                told = count;
                progress.advanced(source, count);
            }
        }

        @Override
        public void close() throws IOException {
            if (count != told) progress.advanced(source, count);
            told = count;
            super.close();
        }
    }

    // ---- the sink, guarded so its own failures are told apart from bad input ----

    private static final class SinkFailure extends RuntimeException {
        SinkFailure(RuntimeException cause) {
            super(cause);
        }

        @Override
        public synchronized RuntimeException getCause() {
            return (RuntimeException) super.getCause();
        }
    }

    private record Guarded(RecordSink next) implements RecordSink {
        @Override
        public void game(GameRecord record) {
            try {
                next.game(record);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }

        @Override
        public void error(ImportError error) {
            try {
                next.error(error);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }

        @Override
        public void warning(ImportError warning) {
            try {
                next.warning(warning);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }
    }

    // ---- entries: files and archive members alike ----

    private interface Entry {
        /** The name errors and records carry. */
        String source();

        /** The file name, for the format. */
        String name();

        /** Bytes as stored, -1 when unknown. */
        long size();

        InputStream open() throws IOException;
    }

    private record FileEntry(Path path) implements Entry {
        @Override
        public String source() {
            return path.toString();
        }

        @Override
        public String name() {
            return path.getFileName().toString();
        }

        @Override
        public long size() {
            try {
                return Files.size(path);
            } catch (IOException e) {
                return -1;
            }
        }

        @Override
        public InputStream open() throws IOException {
            return Files.newInputStream(path);
        }
    }

    /** A stream without a file name, spooled into a file; the name only carries the format. */
    private record StreamEntry(String source, String name, Path content) implements Entry {
        @Override
        public long size() {
            try {
                return Files.size(content);
            } catch (IOException e) {
                return -1;
            }
        }

        @Override
        public InputStream open() throws IOException {
            return Files.newInputStream(content);
        }
    }

    private record ZipEntryEntry(String archive, ZipFile zip, ZipEntry entry) implements Entry {
        @Override
        public String source() {
            return archive + "!" + entry.getName();
        }

        @Override
        public String name() {
            String n = entry.getName();
            return n.substring(n.lastIndexOf('/') + 1);
        }

        String folder() {
            String n = entry.getName();
            int slash = n.lastIndexOf('/');
            return slash < 0 ? "" : n.substring(0, slash);
        }

        @Override
        public long size() {
            return entry.getSize();
        }

        @Override
        public InputStream open() throws IOException {
            return zip.getInputStream(entry);
        }
    }
}
