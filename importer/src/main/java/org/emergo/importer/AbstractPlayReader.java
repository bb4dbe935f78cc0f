package org.emergo.importer;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Notation;
import org.emergo.rules.NotationException;

/**
 * Reads Abstract Play game records (docs/formats.md#abstract-play-json): one APGameRecord
 * object, an array of them, or several in a row. The array is streamed, one record in memory at
 * a time. Records of another game than Emergo are an error each ("not an Emergo record:
 * Homeworlds"), and the rest is kept. Square names of the 9x9 drawing are turned into the
 * oblique names of docs/rules.md#the-emergo-board. Invalid JSON is an error at Jackson's line
 * and column; the file is read no further, the records before it are kept.
 */
public final class AbstractPlayReader {

    /** Longest single record read, in characters. */
    public static final int MAX_RECORD_CHARS = 10_000_000;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern ISO_DATE = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2}).*", Pattern.DOTALL);
    private static final Pattern AP_MOVE = Pattern.compile("([a-iA-I][1-9])((?:[-x][a-iA-I][1-9])*)");
    private static final Pattern AP_STEP = Pattern.compile("([-x])([a-iA-I][1-9])");

    private final String source;
    private final RecordSink sink;
    private final Where where;

    private AbstractPlayReader(String source, RecordSink sink) {
        this.source = source;
        this.sink = sink;
        this.where = Where.in(source);
    }

    /** Reads every record of a JSON text into a sink. */
    public static void read(Reader reader, String source, RecordSink sink) throws IOException {
        new AbstractPlayReader(source, sink).readAll(TextEncoding.skipBom(reader));
    }

    private void readAll(Reader reader) throws IOException {
        BoundedReader bounded = new BoundedReader(reader, MAX_RECORD_CHARS, "JSON record");
        try (JsonParser parser = MAPPER.getFactory().createParser(bounded)) {
            try {
                JsonToken token;
                while ((token = parser.nextToken()) != null) {
                    if (token == JsonToken.START_ARRAY) {
                        int index = 0;
                        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                            if (token == null) break;
                            index++;
                            bounded.restart();
                            element(parser, token, "element " + index + " of the array");
                        }
                    } else {
                        bounded.restart();
                        element(parser, token, "the top-level value");
                    }
                }
            } catch (JsonProcessingException e) {
                JsonLocation at = e.getLocation();
                BoundedReader.TooLong tooLong = BoundedReader.find(e);
                String message = tooLong != null ? tooLong.getMessage() : e.getOriginalMessage();
                sink.error(new ImportError(source, at == null ? 0 : Math.max(0, at.getLineNr()),
                        at == null ? 0 : Math.max(0, at.getColumnNr()),
                        "invalid JSON: " + message + "; the rest of the file is not read", ""));
            } catch (BoundedReader.TooLong e) {
                JsonLocation at = parser.currentLocation();
                sink.error(new ImportError(source, Math.max(0, at.getLineNr()), Math.max(0, at.getColumnNr()),
                        e.getMessage() + "; the rest of the file is not read", ""));
            }
        }
    }

    private void element(JsonParser parser, JsonToken token, String what) throws IOException {
        JsonLocation at = parser.currentTokenLocation();
        int line = Math.max(1, at.getLineNr());
        int column = Math.max(1, at.getColumnNr());
        if (token != JsonToken.START_OBJECT) {
            parser.skipChildren();
            sink.error(where.at(line, column, "not an Abstract Play game record: " + what + " is not an object",
                    token.asString() == null ? token.name() : token.asString()));
            return;
        }
        JsonNode record = MAPPER.readTree(parser);
        try {
            List<ImportError> warnings = new ArrayList<>();
            GameRecord game = game(record, line, column, warnings);
            sink.game(game);
            for (ImportError w : warnings) sink.warning(w);
        } catch (RecordException e) {
            sink.error(e.error());
        }
    }

    private GameRecord game(JsonNode record, int line, int column, List<ImportError> warnings) {
        JsonNode header = record.path("header");
        JsonNode name = header.path("game").path("name");
        if (!name.isTextual()) throw reject(line, column, "not an Abstract Play game record: no header.game.name", "");
        if (!name.asText().strip().equalsIgnoreCase("Emergo")) {
            throw reject(line, column, "not an Emergo record: " + name.asText(), name.asText());
        }
        RecordParts parts = new RecordParts(where);
        JsonNode players = header.path("players");
        JsonNode white = players.path(0);
        JsonNode black = players.path(1);
        tag(parts, "Event", text(header.path("event")), line, column, warnings);
        tag(parts, "Site", text(header.path("site").path("name")), line, column, warnings);
        tag(parts, "Date", date(text(header.path("date-start"))), line, column, warnings);
        tag(parts, "Round", text(header.path("round")), line, column, warnings);
        tag(parts, "White", text(white.path("name")), line, column, warnings);
        tag(parts, "Black", text(black.path("name")), line, column, warnings);
        tag(parts, "Result", result(white.path("result"), black.path("result")), line, column, warnings);
        tag(parts, "SiteGameId", text(header.path("site").path("gameid")), line, column, warnings);
        tag(parts, "EndDate", date(text(header.path("date-end"))), line, column, warnings);
        tag(parts, "WhiteId", text(white.path("userid")), line, column, warnings);
        tag(parts, "BlackId", text(black.path("userid")), line, column, warnings);

        MovetextBuilder out = new MovetextBuilder(false);
        JsonNode rounds = record.path("moves");
        if (!rounds.isMissingNode() && !rounds.isNull() && !rounds.isArray()) {
            throw reject(line, column, "moves is not a list of rounds", rounds.toString());
        }
        int missing = 0;
        String missingAt = null;
        for (int r = 0; r < rounds.size(); r++) {
            JsonNode round = rounds.get(r);
            if (!round.isArray()) throw reject(line, column, "round " + (r + 1) + " is not a list of moves", round.toString());
            if (round.size() > 2) {
                throw reject(line, column, "round " + (r + 1) + " has " + round.size() + " moves; Emergo has two players",
                        round.toString());
            }
            for (int p = 0; p < round.size(); p++) {
                String player = p == 0 ? "White" : "Black";
                JsonNode entry = round.get(p);
                JsonNode move = entry.isObject() ? entry.path("move") : entry;
                if (move.isNull() || move.isMissingNode()) {
                    missing++;
                    if (missingAt == null) missingAt = "round " + (r + 1) + ", " + player;
                    continue;
                }
                if (!move.isTextual()) {
                    throw reject(line, column, "round " + (r + 1) + ", " + player + ": a move must be text", move.toString());
                }
                if (missing > 0) {
                    warnings.add(where.at(line, column, "no move at " + missingAt
                            + "; the moves after it are read as played in turn", move.asText()));
                    missing = 0;
                }
                out.move(oblique(move.asText(), "round " + (r + 1) + ", " + player, line, column));
            }
        }
        parts.checkSetup();
        MovetextParser.Parsed parsed = new MovetextParser.Parsed(out, null, 0, 0, out.moves().isEmpty());
        return parts.finish(parsed, source, line, warnings, false);
    }

    /**
     * An Abstract Play move ({@code c3}, {@code c3-d4}, {@code c3xe5xg3}) with its squares named
     * as on the oblique board.
     */
    private String oblique(String apMove, String at, int line, int column) {
        String text = apMove.strip();
        Matcher m = AP_MOVE.matcher(text);
        if (!m.matches()) {
            throw reject(line, column, at + ": '" + text + "' is not an Abstract Play Emergo move (c3, c3-d4, c3xe5xg3)", text);
        }
        StringBuilder sb = new StringBuilder(text.length());
        sb.append(square(m.group(1), text, at, line, column));
        Matcher step = AP_STEP.matcher(m.group(2));
        while (step.find()) sb.append(step.group(1)).append(square(step.group(2), text, at, line, column));
        String move = sb.toString();
        try {
            Notation.parse(move);
        } catch (NotationException e) {
            throw reject(line, column, at + ": not move notation: " + e.getMessage(), text);
        }
        return move;
    }

    private String square(String name, String move, String at, int line, int column) {
        String oblique = obliqueSquare(name);
        if (oblique == null) {
            throw reject(line, column, at + ": " + name + " in '" + move
                    + "' is a light square of the 9x9 drawing; Emergo is played on the dark squares", move);
        }
        return oblique;
    }

    /**
     * The oblique name (docs/rules.md#the-emergo-board) of a square named on the plain 9x9
     * drawing ({@code a1} bottom left): file = a + 4 + (x - y)/2, rank = 1 + (x + y)/2; null for a light square.
     */
    static String obliqueSquare(String name) {
        int x = Character.toLowerCase(name.charAt(0)) - 'a';
        int y = name.charAt(1) - '1';
        if (x < 0 || x > 8 || y < 0 || y > 8 || (x + y) % 2 != 0) return null;
        return "" + (char) ('a' + 4 + (x - y) / 2) + (char) ('1' + (x + y) / 2);
    }

    private void tag(RecordParts parts, String name, String value, int line, int column, List<ImportError> warnings) {
        if (value != null && !value.isEmpty()) parts.tag(name, value, line, column, warnings);
    }

    private static String text(JsonNode node) {
        return node.isValueNode() && !node.isNull() ? node.asText() : null;
    }

    /** {@code 2023-04-01T12:00:00Z} becomes {@code 2023.04.01}; anything else stays as it is. */
    private static String date(String iso) {
        if (iso == null) return null;
        Matcher m = ISO_DATE.matcher(iso.strip());
        return m.matches() ? m.group(1) + "." + m.group(2) + "." + m.group(3) : iso;
    }

    /** The higher result won, equal results drew; {@code *} when either is missing. */
    private static String result(JsonNode white, JsonNode black) {
        if (!white.isNumber() || !black.isNumber()) return "*";
        int c = Double.compare(white.asDouble(), black.asDouble());
        return c > 0 ? "1-0" : c < 0 ? "0-1" : "1/2-1/2";
    }

    private RecordException reject(int line, int column, String message, String excerpt) {
        return new RecordException(where.at(line, column, message, excerpt));
    }
}
