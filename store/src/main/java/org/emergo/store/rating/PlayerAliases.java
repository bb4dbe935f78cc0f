package org.emergo.store.rating;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.db.StoredText;
import org.emergo.store.db.Transaction;

/**
 * Spellings of one person (table player_alias): a game's White or Black written as an alias is
 * rated as its player. Names are matched exactly as written; the aliases come from a CSV file
 * of two columns, the spelling found in records and the name to rate it as.
 */
public final class PlayerAliases {

    /** One spelling and the name it stands for. */
    public record Alias(String alias, String player) {}

    /** A line of an aliases file that cannot be used; the message names the file and line. */
    public static final class BadAliasFile extends StoreException {
        BadAliasFile(String message) {
            super(message);
        }
    }

    private PlayerAliases() {}

    /**
     * The aliases of a CSV file in UTF-8: {@code alias,player} a line (a first line
     * {@code alias,player} is a heading), quoted as CSV quotes when a name holds a comma;
     * spaces around a name are dropped, blank lines skipped. Refused whole, with the line, when
     * a line has not two names, an alias is given two players, or a player is itself an alias.
     */
    public static List<Alias> read(Path file) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (CharacterCodingException e) {
            throw new BadAliasFile(file + ": not UTF-8 text");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parse(file.toString(), text);
    }

    static List<Alias> parse(String where, String text) {
        Map<String, Alias> byAlias = new LinkedHashMap<>();
        Map<String, Long> lines = new HashMap<>();
        CSVFormat format = CSVFormat.DEFAULT.builder().setIgnoreSurroundingSpaces(true).setIgnoreEmptyLines(true).get();
        try (Reader in = new java.io.StringReader(text.startsWith("\uFEFF") ? text.substring(1) : text)) {
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
                Alias earlier = byAlias.get(alias);
                if (earlier != null && !earlier.player().equals(player)) {
                    throw new BadAliasFile(where + " line " + line + ": '" + alias + "' is already an alias of '"
                            + earlier.player() + "' (line " + lines.get(alias) + ")");
                }
                byAlias.put(alias, new Alias(alias, player));
                lines.putIfAbsent(alias, line);
            }
        } catch (IOException | UncheckedIOException e) {
            throw new BadAliasFile(where + ": not CSV: " + rootMessage(e));
        }
        for (Alias a : byAlias.values()) {
            if (byAlias.containsKey(a.player())) {
                throw new BadAliasFile(where + " line " + lines.get(a.alias()) + ": '" + a.player()
                        + "' is an alias itself (line " + lines.get(a.player()) + "): give the name it stands for");
            }
        }
        return new ArrayList<>(byAlias.values());
    }

    /** Replaces the stored aliases with these. */
    public static void replace(Database db, List<Alias> aliases) {
        try (Connection c = db.dataSource().getConnection()) {
            Transaction.run(c, tx -> {
                try (Statement st = tx.createStatement();
                        PreparedStatement insert = tx.prepareStatement("INSERT INTO player_alias (alias, player) VALUES (?, ?)")) {
                    st.execute("DELETE FROM player_alias");
                    for (Alias a : aliases) {
                        insert.setString(1, StoredText.clean(a.alias()));
                        insert.setString(2, StoredText.clean(a.player()));
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
            });
        } catch (SQLException e) {
            throw new StoreException("cannot store the aliases: " + e.getMessage(), e);
        }
    }

    /** The stored aliases: spelling to player. */
    static Map<String, String> load(Connection c) throws SQLException {
        Map<String, String> aliases = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT alias, player FROM player_alias")) {
            while (rs.next()) aliases.put(rs.getString(1), rs.getString(2));
        }
        return aliases;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
