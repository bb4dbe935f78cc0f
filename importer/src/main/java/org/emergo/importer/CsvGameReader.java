package org.emergo.importer;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.DuplicateHeaderMode;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Notation;
import org.emergo.rules.NotationException;

/**
 * Reads games from CSV (docs/formats.md#csv; RFC 4180, header row required) in its two layouts:
 * games per row ({@code id,event,site,date,round,white,black,result,variant,moves}, names in any
 * case and order, extra columns become tags, {@code position}/{@code setup} columns set up a
 * position) and moves per row ({@code game_id,ply,move[,comment]} beside a games file without
 * {@code moves}). A bad row becomes an error with its line; in errors from CSV the column is the
 * number of the field. The other rows are kept.
 *
 * <p>A CSV file that stops being CSV (text after a closing quote, an endless quoted field) is
 * read up to that point: the error names the line, and the rest of that file is not read.
 * The moves-per-row layout holds the moves file in memory, since its rows come in any order.
 */
public final class CsvGameReader {

    /** Longest row read, in characters. */
    public static final int MAX_RECORD_CHARS = EgnReader.MAX_RECORD_CHARS;

    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder()
            .setHeader()
            .setSkipHeaderRecord(true)
            .setIgnoreEmptyLines(true)
            .setAllowMissingColumnNames(true)
            .setDuplicateHeaderMode(DuplicateHeaderMode.ALLOW_ALL)
            .get();

    /** Header names that fill the standard tags, and the tag each fills. */
    private static final Map<String, String> TAG_COLUMNS = Map.ofEntries(
            Map.entry("event", "Event"), Map.entry("site", "Site"), Map.entry("date", "Date"),
            Map.entry("round", "Round"), Map.entry("white", "White"), Map.entry("black", "Black"),
            Map.entry("result", "Result"), Map.entry("variant", "Variant"), Map.entry("setup", "SetUp"),
            Map.entry("position", "Position"));

    private CsvGameReader() {}

    /** The layout of a CSV text, from its header row; UNKNOWN for an empty or unreadable one. */
    public static CsvLayout layout(Reader reader) throws IOException {
        try (CSVParser parser = FORMAT.parse(TextEncoding.skipBom(reader))) {
            return CsvLayout.of(parser.getHeaderNames());
        } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            return CsvLayout.UNKNOWN;
        }
    }

    /**
     * Reads a games-per-row file. A games file without a moves column (whose moves file is not
     * at hand) gives its games without moves, with a warning; a moves-per-row file alone is an
     * error.
     */
    public static void read(Reader reader, String source, RecordSink sink) throws IOException {
        try (Table games = Table.open(reader, source, sink)) {
            if (games == null) return;
            switch (games.layout) {
                case GAMES_PER_ROW -> games.rows(sink, (record, line) -> gameRow(games, record, line, null, sink));
                case GAMES_WITHOUT_MOVES -> {
                    sink.warning(ImportError.ofFile(source, "games file without a moves column and without a moves file "
                            + "(game_id,ply,move) beside it: its games are read without moves"));
                    games.rows(sink, (record, line) -> gameRow(games, record, line, Map.of(), sink));
                }
                case MOVES_PER_ROW -> sink.error(ImportError.ofFile(source, "moves file (game_id,ply,move) without its "
                        + "games file: put the games file (id,event,...) in the same folder"));
                default -> sink.error(unknownLayout(source, games.header));
            }
        }
    }

    /**
     * Reads the moves-per-row layout: a games file ({@code id,...} without {@code moves}) and
     * its moves file ({@code game_id,ply,move[,comment]}). Games come in the games file's order;
     * a game whose moves have a problem (a bad row, a ply that is no number, twice or missing,
     * a token that is not notation) is rejected with one error; moves of a game id the games
     * file does not list are an error each.
     */
    public static void readPaired(Reader gamesReader, String gamesSource, Reader movesReader, String movesSource,
                                  RecordSink sink) throws IOException {
        Map<String, GameMoves> moves;
        try (Table table = Table.open(movesReader, movesSource, sink)) {
            if (table == null) return;
            if (table.layout != CsvLayout.MOVES_PER_ROW) {
                sink.error(ImportError.ofFile(movesSource, "not a moves file: the header needs game_id, ply and move"));
                return;
            }
            moves = readMoves(table, sink);
        }
        try (Table games = Table.open(gamesReader, gamesSource, sink)) {
            if (games == null) return;
            if (games.layout != CsvLayout.GAMES_WITHOUT_MOVES && games.layout != CsvLayout.GAMES_PER_ROW) {
                sink.error(unknownLayout(gamesSource, games.header));
                return;
            }
            if (games.layout == CsvLayout.GAMES_PER_ROW) {
                sink.error(ImportError.ofFile(movesSource, "its games file " + gamesSource
                        + " has a moves column of its own; this moves file is not read"));
                moves = null;
            }
            Map<String, GameMoves> byGame = moves;
            Set<String> seen = new HashSet<>();
            games.rows(sink, (record, line) -> {
                if (byGame != null) {
                    Integer id = games.index("id");
                    String gameId = id != null && id < record.size() ? record.get(id).strip() : "";
                    if (!gameId.isEmpty() && !seen.add(gameId)) {
                        sink.error(new ImportError(gamesSource, line, id + 1, "game id '" + gameId + "' given twice", gameId));
                        return;
                    }
                }
                gameRow(games, record, line, byGame, sink);
            });
            if (byGame != null) {
                for (Map.Entry<String, GameMoves> e : byGame.entrySet()) {
                    if (seen.contains(e.getKey())) continue;
                    GameMoves m = e.getValue();
                    sink.error(new ImportError(movesSource, m.firstLine, m.idField,
                            "moves for game id '" + e.getKey() + "', which the games file " + gamesSource + " does not list",
                            e.getKey()));
                }
            }
        }
    }

    // ---- games rows ----

    /** One row of a games file; {@code moves} is null for games per row, else the moves by game id. */
    private static void gameRow(Table table, CSVRecord record, int line, Map<String, GameMoves> moves, RecordSink sink) {
        String source = table.source;
        if (record.size() != table.header.size()) {
            sink.error(new ImportError(source, line, 1, "row has " + record.size() + " fields; the header has "
                    + table.header.size(), String.join(",", record.values())));
            return;
        }
        List<ImportError> warnings = new ArrayList<>();
        try {
            RecordParts parts = new RecordParts(Where.in(source));
            String movetext = null;
            String gameId = null;
            int movesField = 0;
            for (int i = 0; i < table.header.size(); i++) {
                String name = table.names.get(i);
                String value = record.get(i);
                if (name.equals("moves")) {
                    movetext = value;
                    movesField = i + 1;
                } else if (name.equals("id")) {
                    gameId = value.strip();
                } else if (!value.isBlank() && !name.isEmpty()) {
                    String tag = TAG_COLUMNS.getOrDefault(name, EgnWriter.tagName(table.header.get(i).strip()));
                    parts.tag(tag, value, line, i + 1, warnings);
                }
            }
            parts.checkSetup();
            MovetextParser.Parsed parsed;
            if (moves == null) {
                parsed = parseMovetext(movetext, source, line, movesField, parts.blackFirst(), warnings);
            } else {
                Integer idField = table.index("id");
                if (gameId == null || gameId.isEmpty()) {
                    throw new RecordException(new ImportError(source, line, idField == null ? 1 : idField + 1,
                            "game row without an id", String.join(",", record.values())));
                }
                GameMoves m = moves.get(gameId);
                if (m != null && m.problem != null) throw new RecordException(m.problem);
                parsed = m == null ? new MovetextParser.Parsed(new MovetextBuilder(parts.blackFirst()), null, 0, 0, true)
                        : m.movetext(parts.blackFirst());
            }
            GameRecord game = parts.finish(parsed, source, line, warnings, false);
            sink.game(game);
            for (ImportError w : warnings) sink.warning(w);
        } catch (RecordException e) {
            sink.error(e.error());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Movetext in a field, positions reported as the row's line and the field's number. */
    private static MovetextParser.Parsed parseMovetext(String text, String source, int line, int field,
                                                       boolean blackFirst, List<ImportError> warnings) throws IOException {
        Where where = (l, c, message, excerpt) -> new ImportError(source, line + l - 1, field,
                "moves field, " + (l > 1 ? "line " + l + " " : "") + "character " + c + ": " + message, excerpt);
        TextCursor in = new TextCursor(new StringReader(text));
        MovetextParser.Parsed parsed = new MovetextParser(in, where, warnings, true).parse(blackFirst);
        while (in.peek() != TextCursor.EOF && TextCursor.isBlank((char) in.peek())) in.next();
        if (in.peek() != TextCursor.EOF) {
            int l = in.line();
            int c = in.column();
            StringBuilder rest = new StringBuilder();
            while (in.peek() != TextCursor.EOF && rest.length() <= ImportError.EXCERPT_LENGTH) rest.append((char) in.next());
            throw new RecordException(where.at(l, c, "text after the result token", rest.toString()));
        }
        return parsed;
    }

    // ---- moves rows ----

    private record MoveRow(int ply, String move, String comment) {}

    /** The rows of one game in a moves file, or the first problem found with them. */
    private static final class GameMoves {
        final int firstLine;
        final int idField;
        final List<MoveRow> rows = new ArrayList<>();
        final Map<Integer, Integer> lineOfPly = new HashMap<>();
        ImportError problem;

        GameMoves(int firstLine, int idField) {
            this.firstLine = firstLine;
            this.idField = idField;
        }

        MovetextParser.Parsed movetext(boolean blackFirst) {
            MovetextBuilder out = new MovetextBuilder(blackFirst);
            rows.sort(Comparator.comparingInt(MoveRow::ply));
            for (MoveRow row : rows) {
                out.move(row.move);
                if (row.comment != null && !row.comment.isBlank()) out.comment(row.comment);
            }
            return new MovetextParser.Parsed(out, null, 0, 0, rows.isEmpty());
        }
    }

    private static Map<String, GameMoves> readMoves(Table table, RecordSink sink) throws IOException {
        Map<String, GameMoves> games = new LinkedHashMap<>();
        int id = table.index("game_id");
        int ply = table.index("ply");
        int move = table.index("move");
        Integer comment = table.index("comment");
        String source = table.source;
        table.rows(sink, (record, line) -> {
            String gameId = id < record.size() ? record.get(id).strip() : "";
            if (gameId.isEmpty()) {
                sink.error(new ImportError(source, line, id + 1, record.size() != table.header.size()
                        ? "row has " + record.size() + " fields; the header has " + table.header.size()
                        : "move row without a game id", String.join(",", record.values())));
                return;
            }
            GameMoves game = games.computeIfAbsent(gameId, k -> new GameMoves(line, id + 1));
            if (game.problem != null) return;
            if (record.size() != table.header.size()) {
                game.problem = new ImportError(source, line, 1, "game '" + gameId + "': row has " + record.size()
                        + " fields; the header has " + table.header.size(), String.join(",", record.values()));
                return;
            }
            String plyText = record.get(ply).strip();
            int number;
            try {
                number = Integer.parseInt(plyText);
            } catch (NumberFormatException e) {
                game.problem = new ImportError(source, line, ply + 1, "game '" + gameId + "': ply '" + plyText
                        + "' is not a number", plyText);
                return;
            }
            if (number < 1) {
                game.problem = new ImportError(source, line, ply + 1, "game '" + gameId + "': ply " + number
                        + " (plies count from 1)", plyText);
                return;
            }
            Integer before = game.lineOfPly.putIfAbsent(number, line);
            if (before != null) {
                game.problem = new ImportError(source, line, ply + 1, "game '" + gameId + "': ply " + number
                        + " given twice (lines " + before + " and " + line + ")", plyText);
                return;
            }
            String token = record.get(move).strip();
            try {
                Notation.parse(token);
            } catch (NotationException e) {
                game.problem = new ImportError(source, line, move + 1, "game '" + gameId + "', ply " + number
                        + ": not move notation: " + e.getMessage(), token);
                return;
            }
            game.rows.add(new MoveRow(number, token, comment == null ? null : record.get(comment)));
        });
        for (Map.Entry<String, GameMoves> e : games.entrySet()) {
            GameMoves game = e.getValue();
            if (game.problem != null) continue;
            for (int p = 1; p <= game.rows.size(); p++) {
                if (!game.lineOfPly.containsKey(p)) {
                    int last = game.lineOfPly.keySet().stream().max(Integer::compare).orElse(0);
                    game.problem = new ImportError(source, game.firstLine, ply + 1, "game '" + e.getKey() + "': ply " + p
                            + " is missing (plies run to " + last + ")", "");
                    break;
                }
            }
        }
        return games;
    }

    // ---- the table: header, rows, lines ----

    private interface RowHandler {
        void row(CSVRecord record, int line);
    }

    /** One CSV file being read: its header (names as written and lower-cased) and its rows. */
    private static final class Table implements AutoCloseable {
        final String source;
        final BoundedReader bounded;
        final CSVParser parser;
        final List<String> header;
        final List<String> names;
        final Map<String, Integer> index = new HashMap<>();
        final CsvLayout layout;

        private Table(String source, BoundedReader bounded, CSVParser parser) {
            this.source = source;
            this.bounded = bounded;
            this.parser = parser;
            this.header = parser.getHeaderNames();
            this.names = header.stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).toList();
            for (int i = 0; i < names.size(); i++) index.putIfAbsent(names.get(i), i);
            this.layout = CsvLayout.of(header);
        }

        /** Opens a CSV text; reports and returns null when it has no usable header. */
        static Table open(Reader reader, String source, RecordSink sink) throws IOException {
            BoundedReader bounded = new BoundedReader(TextEncoding.skipBom(reader), MAX_RECORD_CHARS + 64 * 1024, "CSV row");
            CSVParser parser;
            try {
                parser = FORMAT.parse(bounded);
            } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
                sink.error(new ImportError(source, 1, 1, "cannot read the CSV header: " + message(e), ""));
                return null;
            }
            Table table = new Table(source, bounded, parser);
            if (table.header.isEmpty()) {
                sink.error(ImportError.ofFile(source, "empty CSV file: a header row is required"));
                parser.close();
                return null;
            }
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < table.names.size(); i++) {
                String name = table.names.get(i);
                if (!name.isEmpty() && !seen.add(name)) {
                    sink.error(new ImportError(source, 1, i + 1, "column '" + table.header.get(i).strip()
                            + "' appears twice in the header", String.join(",", table.header)));
                    parser.close();
                    return null;
                }
            }
            return table;
        }

        Integer index(String name) {
            return index.get(name);
        }

        /** Calls the handler for each row with the line the row starts on. */
        void rows(RecordSink sink, RowHandler handler) {
            Iterator<CSVRecord> it = parser.iterator();
            while (true) {
                CSVRecord record;
                try {
                    bounded.restart();
                    if (!it.hasNext()) return;
                    record = it.next();
                } catch (UncheckedIOException | IllegalStateException e) {
                    long line = parser.getCurrentLineNumber();
                    BoundedReader.TooLong tooLong = BoundedReader.find(e);
                    String what = tooLong != null ? tooLong.getMessage() + " (an unterminated quoted field?)" : message(e);
                    sink.error(new ImportError(source, (int) Math.max(1, line), 1,
                            "not valid CSV: " + what + "; the rest of the file is not read", ""));
                    return;
                }
                int line = (int) (parser.getCurrentLineNumber() - lineBreaks(record));
                handler.row(record, line);
            }
        }

        @Override
        public void close() throws IOException {
            parser.close();
        }
    }

    /** Line ends inside a row's fields: the row starts that many lines before its last line. */
    private static int lineBreaks(CSVRecord record) {
        int n = 0;
        for (String value : record.values()) {
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c == '\n' || (c == '\r' && (i + 1 == value.length() || value.charAt(i + 1) != '\n'))) n++;
            }
        }
        return n;
    }

    private static String message(Throwable e) {
        Throwable t = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    private static ImportError unknownLayout(String source, List<String> header) {
        return new ImportError(source, 1, 1, "unknown CSV layout: the header needs a moves column (games per row) or "
                + "game_id, ply and move (moves per row)", String.join(",", header));
    }
}
