package org.emergo.store.rating;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.emergo.store.db.StoreException;

/**
 * An aliases file: CSV of two columns, the spelling found in records and the name to rate it
 * as, checked whole before any of it is stored.
 */
public final class AliasFile {

    /** A line of an aliases file that cannot be used; the message names the file and line. */
    public static final class BadAliasFile extends StoreException {
        BadAliasFile(String message) {
            super(message);
        }
    }

    private AliasFile() {}

    /**
     * The aliases of a CSV file in UTF-8: {@code alias,player} a line (a first line
     * {@code alias,player} is a heading), quoted as CSV quotes when a name holds a comma;
     * spaces around a name are dropped, blank lines skipped. Refused whole, with the line, when
     * a line has not two names, an alias is given two players, or a player is itself an alias.
     */
    public static List<PlayerAliases.Alias> read(Path file) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (CharacterCodingException e) {
            throw new BadAliasFile(file + ": not UTF-8 text");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parse(file.toString(), text);
    }

    static List<PlayerAliases.Alias> parse(String where, String text) {
        Map<String, PlayerAliases.Alias> byAlias = new LinkedHashMap<>();
        Map<String, Long> lines = new HashMap<>();
        CSVFormat format = CSVFormat.DEFAULT.builder().setIgnoreSurroundingSpaces(true).setIgnoreEmptyLines(true).get();
        try (Reader in = new StringReader(text.startsWith("\uFEFF") ? text.substring(1) : text)) {
            for (CSVRecord r : format.parse(in)) {
                long line = r.getParser().getCurrentLineNumber();
                if (r.getRecordNumber() == 1 && r.size() == 2 && r.get(0).toLowerCase(Locale.ROOT).equals("alias")
                        && r.get(1).toLowerCase(Locale.ROOT).equals("player")) {
                    continue;
                }
                if (r.size() == 1 && r.get(0).isEmpty()) continue;
                if (r.size() != 2 || r.get(0).isEmpty() || r.get(1).isEmpty()) {
                    throw new BadAliasFile(where + " line " + line + ": a line is two names, the alias and the player"
                            + " (alias,player), not " + r.size() + (r.size() == 1 ? " value" : " values"));
                }
                String alias = r.get(0);
                String player = r.get(1);
                if (alias.equals(player)) continue;
                PlayerAliases.Alias earlier = byAlias.get(alias);
                if (earlier != null && !earlier.player().equals(player)) {
                    throw new BadAliasFile(where + " line " + line + ": '" + alias + "' is already an alias of '"
                            + earlier.player() + "' (line " + lines.get(alias) + ")");
                }
                byAlias.put(alias, new PlayerAliases.Alias(alias, player));
                lines.putIfAbsent(alias, line);
            }
        } catch (IOException | UncheckedIOException e) {
            throw new BadAliasFile(where + ": not CSV: " + rootMessage(e));
        }
        for (PlayerAliases.Alias a : byAlias.values()) {
            if (byAlias.containsKey(a.player())) {
                throw new BadAliasFile(where + " line " + lines.get(a.alias()) + ": '" + a.player()
                        + "' is an alias itself (line " + lines.get(a.player()) + "): give the name it stands for");
            }
        }
        return new ArrayList<>(byAlias.values());
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
