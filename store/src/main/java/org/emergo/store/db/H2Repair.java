package org.emergo.store.db;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.h2.tools.Recover;
import org.h2.util.ScriptReader;

/**
 * {@code emergo repair}: a new H2 file made of what can still be read of a damaged one. H2's
 * own {@link Recover} reads the pages of every chunk that a normal open refuses and writes them
 * as an SQL script ({@link RecoverPastBadPages}, which reads the leaves themselves where H2's
 * trees fail); the rows of the tables nothing else can make again (the games, their tags,
 * the files they came from, the import errors, the player aliases) are put into a new file made
 * through the migrations. What an analysis, a review or the ratings derived is left out: the
 * commands make it again. A game only part of whose tags were read is left out too, and so is
 * the record of a file some of whose games were lost, so that importing that file again puts
 * them back (the games kept are skipped as duplicates). The damaged file is kept beside the new
 * one under another name.
 */
public final class H2Repair {

    /** The tables repair keeps, in the order their references need; the rest is derived. */
    static final List<String> KEPT = List.of("SOURCE_FILE", "GAME", "GAME_TAG", "IMPORT_ERROR", "PLAYER_ALIAS");

    private static final String SUFFIX = ".mv.db";
    /** The most ways of taking a game's tags read more than once that are tried. */
    private static final int MOST_TRIES = 64;
    private static final Pattern DATA_OF = Pattern.compile(
            "INSERT INTO \"PUBLIC\"\\.\"([A-Z_]+)\" SELECT \\* FROM (O_\\d+)");
    private static final Pattern CREATE_PUBLIC = Pattern.compile(
            "CREATE (?:CACHED |MEMORY )?TABLE \"PUBLIC\"\\.\"([A-Z_]+)\"", Pattern.DOTALL);
    private static final Pattern COLUMN = Pattern.compile("^\\s+\"([A-Za-z_0-9]+)\" ", Pattern.MULTILINE);
    private static final Pattern LEADING_COMMENTS = Pattern.compile("^\\s*(?:(?:--|//)[^\\n]*\\n\\s*)*");
    private static final Pattern RAW_CREATE = Pattern.compile("CREATE TABLE (O_\\d+)\\(");
    private static final Pattern RAW_COLUMN = Pattern.compile("\\bC\\d+ ");
    private static final Pattern RAW_TABLE = Pattern.compile("(?:CREATE TABLE|INSERT INTO) (O_\\d+)\\b");

    /** What a repair saved and lost. */
    public record Summary(Path repaired, Path damagedKeptAs, long games, long tags, long files, long importErrors,
            long aliases, long gamesLost, long incompleteGames, List<Long> alteredGames, long unreadableRows,
            List<String> filesToImportAgain) {

        /** What to tell the user, a line each. */
        public List<String> lines() {
            List<String> lines = new ArrayList<>();
            lines.add("repaired " + repaired + ": saved " + games + " game" + (games == 1 ? "" : "s") + ", "
                    + tags + " tags, " + files + " file record" + (files == 1 ? "" : "s") + ", " + importErrors
                    + " import error" + (importErrors == 1 ? "" : "s") + ", " + aliases + " player alias"
                    + (aliases == 1 ? "" : "es"));
            lines.add("lost: " + gamesLost + " game" + (gamesLost == 1 ? "" : "s") + " of the saved files' records"
                    + " that could not be read"
                    + (incompleteGames > 0 ? ", " + incompleteGames + " game" + (incompleteGames == 1 ? "" : "s")
                            + " whose tags were not all readable" : "")
                    + (alteredGames.isEmpty() ? "" : ", " + alteredGames.size() + " game" + (alteredGames.size() == 1 ? "" : "s")
                            + " read altered (not as their import stored them): " + ids(alteredGames))
                    + (unreadableRows > 0 ? ", " + unreadableRows + " unreadable row" + (unreadableRows == 1 ? "" : "s") : "")
                    + "; analysis, reviews and ratings are not copied: emergo analyze, review and ratings make them again");
            if (!filesToImportAgain.isEmpty()) {
                lines.add("import again to put back their lost games: " + String.join(", ", filesToImportAgain));
            }
            lines.add("the damaged file is kept as " + damagedKeptAs);
            return lines;
        }
    }

    /** The ids of games, the first ten of them. */
    private static String ids(List<Long> ids) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(10, ids.size()); i++) s.append(i == 0 ? "" : ", ").append(ids.get(i));
        return ids.size() > 10 ? s + ", ..." : s.toString();
    }

    /**
     * Which games of a database differ from the fingerprint stored when they were imported: a
     * damaged page may decompress into other text without an error (the game package's
     * DatabaseCheck says which).
     */
    public interface AlteredGames {
        /** The altered games of those whose ids are from {@code from} to {@code to}. */
        List<Long> of(Connection c, long from, long to) throws SQLException;
    }

    private H2Repair() {}

    /**
     * Repairs the H2 file of {@code path} (as {@code --db} takes it, without .mv.db): the new
     * file takes its name, the damaged one is renamed {@code PATH.damaged-TIMESTAMP.mv.db}.
     *
     * @throws StoreException when there is no such file, or nothing of the games could be read
     */
    public static Summary repair(Path path, AlteredGames altered) {
        Path base = path.toAbsolutePath().normalize();
        Path damaged = Path.of(base + SUFFIX);
        if (!Files.isRegularFile(damaged)) {
            throw new StoreException("there is no database file " + damaged);
        }
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        Path work = base.resolveSibling(base.getFileName() + ".repair-" + ProcessHandle.current().pid());
        Path repairedBase = base.resolveSibling(base.getFileName() + ".repaired-" + stamp);
        Path keptAs = Path.of(base + ".damaged-" + stamp + SUFFIX);
        try {
            deleteTree(work);
            Files.createDirectories(work);
            Path script = recover(damaged, work);
            Summary s;
            Database db = Database.open(repairedBase.toString());
            try {
                s = copy(script, damaged, db, repairedBase, keptAs, altered);
            } catch (IOException | SQLException | RuntimeException e) {
                db.close();
                throw e;
            }
            db.closeAndCompact(); // the rows Recover read, dropped: a file of the games' size
            Files.move(damaged, keptAs);
            Files.move(Path.of(repairedBase + SUFFIX), damaged);
            Files.deleteIfExists(Path.of(base + ".lock.db"));
            return new Summary(base, keptAs, s.games, s.tags, s.files, s.importErrors, s.aliases, s.gamesLost,
                    s.incompleteGames, s.alteredGames, s.unreadableRows, s.filesToImportAgain);
        } catch (IOException e) {
            removeNewFile(repairedBase);
            throw new StoreException("cannot repair " + damaged + ": " + OutsideProblem.rootMessage(e), e);
        } catch (SQLException e) {
            removeNewFile(repairedBase);
            throw new StoreException("cannot repair " + damaged + ": " + ErrorText.firstLine(e), e);
        } catch (RuntimeException e) {
            removeNewFile(repairedBase);
            throw e;
        } finally {
            try {
                deleteTree(work);
            } catch (IOException e) {
                // a folder left behind is all
            }
        }
    }

    /** Recover's script of the file, written in the work folder (it writes beside what it reads). */
    private static Path recover(Path damaged, Path work) throws IOException, SQLException {
        Path copy = work.resolve("damaged" + SUFFIX);
        if (H2Headers.bothUnreadable(damaged)) {
            Files.copy(damaged, copy, StandardCopyOption.REPLACE_EXISTING); // the damaged file stays as it is
            H2Headers.writeSearching(copy);
        } else {
            try {
                Files.createLink(copy, damaged); // no copy of a large file, and Recover only reads it
            } catch (UnsupportedOperationException | FileSystemException e) {
                Files.copy(damaged, copy, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path script = work.resolve("damaged.h2.sql");
        try {
            dump(script, copy);
        } catch (RecoverPastBadPages.Locked e) {
            Files.delete(copy); // a link to a file this program holds locked: a copy of its own
            Files.copy(damaged, copy);
            dump(script, copy);
        } catch (RecoverPastBadPages.MissingRecover e) {
            Recover.execute(work.toString(), "damaged"); // another H2: the whole tool
        }
        if (!Files.isRegularFile(script)) throw new StoreException("H2 could read nothing of " + damaged);
        return script;
    }

    /**
     * Recover's script alone (Recover.execute first writes a text dump of the file's pages, and
     * gives up on a file cut off inside a chunk there), past damaged pages.
     */
    private static void dump(Path script, Path file) throws IOException {
        // a damaged page can read as text with half a character: written as '?', where Files' own writer would fail
        try (PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(script), StandardCharsets.UTF_8)))) {
            RecoverPastBadPages.dump(out, file.toString());
        }
    }

    private static Summary copy(Path script, Path damaged, Database db, Path repaired, Path keptAs,
            AlteredGames altered) throws IOException, SQLException {
        Map<String, String> rawOf = new LinkedHashMap<>(); // GAME -> O_146
        Map<String, List<String>> columnsOf = new LinkedHashMap<>();
        Map<String, Integer> widths = new LinkedHashMap<>(); // O_146 -> its number of columns
        forEachStatement(script, sql -> {
            Matcher rawCreate = RAW_CREATE.matcher(sql);
            if (rawCreate.lookingAt()) widths.put(rawCreate.group(1), (int) RAW_COLUMN.matcher(sql).results().count());
            Matcher data = DATA_OF.matcher(sql);
            if (data.lookingAt() && KEPT.contains(data.group(1))) rawOf.put(data.group(2), data.group(1));
            Matcher create = CREATE_PUBLIC.matcher(sql);
            if (create.lookingAt() && KEPT.contains(create.group(1))) {
                List<String> columns = new ArrayList<>();
                Matcher c = COLUMN.matcher(sql);
                while (c.find()) columns.add(c.group(1).toUpperCase(Locale.ROOT));
                columnsOf.put(create.group(1), columns);
            }
        });
        try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
            // a damaged schema row can misname a column ("SEQ" read as "EQ", or as no name): a table of
            // the games or tags whose rows are as wide as this version's is then taken column by column,
            // as when it is named by its shape (a wrong guess fails the games' digests)
            for (Map.Entry<String, String> raw : rawOf.entrySet()) {
                String table = raw.getValue();
                if (!table.equals("GAME") && !table.equals("GAME_TAG") || !columnsOf.containsKey(table)) continue;
                List<String> was = columnsOf.get(table);
                List<String> now = current(c, table);
                Integer width = widths.get(raw.getKey());
                if (width != null && width == now.size() && (was.size() != width || !now.containsAll(was))) columnsOf.put(table, now);
            }
            // the schema's rows that say which table is the games' or their tags' may be what was damaged
            Map<String, Integer> unnamed = new LinkedHashMap<>();
            for (String table : List.of("GAME", "GAME_TAG")) {
                if (!rawOf.containsValue(table)) unnamed.put(table, current(c, table).size());
            }
            List<String> candidates = widths.entrySet().stream()
                    .filter(e -> !rawOf.containsKey(e.getKey()) && unnamed.containsValue(e.getValue())).map(Map.Entry::getKey).toList();
            long[] unreadable = {0};
            forEachStatement(script, sql -> {
                Matcher raw = RAW_TABLE.matcher(sql);
                if (!raw.lookingAt() || !rawOf.containsKey(raw.group(1)) && !candidates.contains(raw.group(1))) return;
                try {
                    st.execute(sql);
                } catch (SQLException e) {
                    unreadable[0]++; // a row whose page was read but not its value
                }
            });
            if (!candidates.isEmpty()) {
                name(c, candidates, widths, unnamed, rawOf, columnsOf);
                for (String o : candidates) if (!rawOf.containsKey(o)) st.execute("DROP TABLE " + o);
            }
            if (!rawOf.containsValue("GAME")) {
                throw new StoreException("H2 could read no game of " + damaged + "; the file is left as it is");
            }
            Map<String, String> raw = new LinkedHashMap<>();
            rawOf.forEach((o, table) -> raw.put(table, o));
            Map<String, String> inserts = new LinkedHashMap<>();
            for (String table : KEPT) {
                if (raw.containsKey(table) && columnsOf.containsKey(table)) {
                    inserts.put(table, insert(table, raw.get(table), columnsOf.get(table), current(c, table)));
                }
            }
            List<String> contested = new ArrayList<>();
            for (String table : KEPT) {
                if (!inserts.containsKey(table)) continue;
                List<String> was = columnsOf.get(table);
                if (table.equals("GAME_TAG")) unreadable[0] += settleTags(c, raw.get(table), was, inserts.get(table), altered);
                unreadable[0] += insertFrom(c, table, raw.get(table), was, inserts.get(table),
                        table.equals("GAME") ? contested : null);
                if (table.equals("GAME") && !contested.isEmpty() && inserts.containsKey("GAME_TAG")) {
                    unreadable[0] += settle(c, contested, raw.get(table), was.indexOf("ID"), inserts.get(table),
                            inserts.get("GAME_TAG"), columnsOf.get("GAME_TAG").indexOf("GAME_ID"), altered);
                }
            }
            for (String o : raw.values()) st.execute("DROP TABLE " + o);
            // a game is kept only whole and as it was imported; each game left out counts once, by its reason
            String incompleteGames = "tag_count IS NOT NULL AND tag_count <> (SELECT COUNT(*) FROM game_tag t WHERE t.game_id = g.id)";
            long ofFilesLeftOut = count(st, "game g WHERE source_file_id IS NOT NULL AND " + incompleteGames);
            long incomplete = st.executeUpdate("DELETE FROM game g WHERE " + incompleteGames);
            List<Long> alteredIds = altered.of(c, Long.MIN_VALUE, Long.MAX_VALUE);
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM game WHERE id = ?");
                    PreparedStatement ofFile = c.prepareStatement("SELECT source_file_id FROM game WHERE id = ?")) {
                for (long id : alteredIds) {
                    ofFile.setLong(1, id);
                    try (ResultSet rs = ofFile.executeQuery()) {
                        if (rs.next() && rs.getObject(1) != null) ofFilesLeftOut++;
                    }
                    delete.setLong(1, id);
                    delete.executeUpdate(); // its tags go with it (ON DELETE CASCADE)
                }
            }
            List<String> again = new ArrayList<>();
            long lost = -ofFilesLeftOut; // counted above, by their own reason
            try (ResultSet rs = st.executeQuery("SELECT f.path, f.games - (SELECT COUNT(*) FROM game g"
                    + " WHERE g.source_file_id = f.id) FROM source_file f ORDER BY f.id")) {
                while (rs.next()) {
                    if (rs.getLong(2) > 0) {
                        again.add(rs.getString(1));
                        lost += rs.getLong(2);
                    }
                }
            }
            // a file's record says it is imported: gone, its next import puts its lost games back
            // (its games kept lose the reference, its import errors go: the import records them again)
            st.executeUpdate("DELETE FROM source_file f WHERE f.games > (SELECT COUNT(*) FROM game g"
                    + " WHERE g.source_file_id = f.id)");
            IdentityRepair.run(db.dataSource());
            return new Summary(repaired, keptAs, count(st, "game"), count(st, "game_tag"), count(st, "source_file"),
                    count(st, "import_error"), count(st, "player_alias"), lost, incomplete, List.copyOf(alteredIds),
                    unreadable[0], again);
        }
    }

    /**
     * Names the raw tables of the games and of their tags when the schema's rows that name them
     * were lost, by their shape: as many columns as the table has now (a file of this version),
     * and, of those, the one with the most rows of a variant (the games), or of those games' ids
     * (the tags). Whatever is taken wrongly so fails the games' fingerprints and digests.
     */
    private static void name(Connection c, List<String> candidates, Map<String, Integer> widths, Map<String, Integer> unnamed,
            Map<String, String> rawOf, Map<String, List<String>> columnsOf) throws SQLException {
        for (Map.Entry<String, Integer> table : unnamed.entrySet()) {
            List<String> columns = current(c, table.getKey());
            String games = rawOf.entrySet().stream().filter(e -> e.getValue().equals("GAME")).map(Map.Entry::getKey).findFirst().orElse(null);
            if (table.getKey().equals("GAME_TAG") && games == null) continue;
            String rows = table.getKey().equals("GAME")
                    ? "C" + columns.indexOf("VARIANT") + " IN ('Emergo', 'HexEmergo')"
                    : "C" + columns.indexOf("GAME_ID") + " IN (SELECT C" + columnsOf.get("GAME").indexOf("ID") + " FROM " + games + ")";
            String best = null;
            long most = 0;
            for (String o : candidates) {
                if (rawOf.containsKey(o) || !widths.get(o).equals(table.getValue())) continue;
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + o + " WHERE " + rows)) {
                    long n = rs.next() ? rs.getLong(1) : 0;
                    if (n > most) {
                        most = n;
                        best = o;
                    }
                } catch (SQLException e) {
                    // not of this shape after all
                }
            }
            if (best != null) {
                rawOf.put(best, table.getKey());
                columnsOf.put(table.getKey(), columns);
            }
        }
    }

    /**
     * The statement that puts the rows Recover read of {@code table} into the new file's table:
     * the columns of the new table that the damaged file's had, each converted from Recover's
     * text by H2; a row whose game, or file, was lost is left out or loses that reference, as the
     * foreign keys say. It ends in a condition that more can be added to.
     */
    private static String insert(String table, String raw, List<String> was, List<String> now) {
        List<String> into = new ArrayList<>();
        List<String> from = new ArrayList<>();
        for (int i = 0; i < was.size(); i++) {
            String column = was.get(i);
            if (!now.contains(column)) continue;
            into.add(quote(column));
            boolean fileRef = column.equals("SOURCE_FILE_ID") && !table.equals("SOURCE_FILE");
            from.add(fileRef ? "CASE WHEN CAST(C" + i + " AS BIGINT) IN (SELECT id FROM source_file) THEN C" + i + " END"
                    : "C" + i);
        }
        String where = table.equals("GAME_TAG")
                // a game's tags go in once: those of a game whose key was read twice went in with it ({@link #settle})
                ? " WHERE CAST(C" + was.indexOf("GAME_ID") + " AS BIGINT) IN (SELECT id FROM game)"
                        + " AND CAST(C" + was.indexOf("GAME_ID") + " AS BIGINT) NOT IN (SELECT game_id FROM game_tag)"
                : " WHERE TRUE";
        return "INSERT INTO " + table + " (" + String.join(", ", into) + ") SELECT " + String.join(", ", from)
                + " FROM " + raw + where;
    }

    /**
     * Puts the rows read of {@code table} in by {@code insert}. A damaged page can read as rows
     * that break the table's rules (a NULL where a value must be, two rows of one key): rows of a
     * key read more than once are left out (the games' keys are added to {@code contested}, to be
     * settled, for other tables which one is true cannot be told), and the others go in one by one
     * when they do not all go in at once. Returns how many rows were left out so.
     */
    private static long insertFrom(Connection c, String table, String raw, List<String> was, String insert,
            List<String> contested) throws SQLException {
        long left = 0;
        try (Statement st = c.createStatement()) {
            List<String> key = new ArrayList<>();
            for (String column : primaryKey(c, table)) key.add("C" + was.indexOf(column));
            if (!key.isEmpty() && !key.contains("C-1")) {
                String k = String.join(", ", key);
                String twice = "(" + k + ") IN (SELECT " + k + " FROM " + raw + " WHERE " + k.replace(", ", " IS NOT NULL AND ")
                        + " IS NOT NULL GROUP BY " + k + " HAVING COUNT(*) > 1)";
                if (contested != null && key.size() == 1) {
                    try (ResultSet rs = st.executeQuery("SELECT DISTINCT " + k + " FROM " + raw + " WHERE " + twice)) {
                        while (rs.next()) contested.add(rs.getString(1));
                    }
                    insert += " AND NOT " + twice;
                } else {
                    left += st.executeUpdate("DELETE FROM " + raw + " WHERE " + twice);
                }
            }
            try {
                st.execute(insert);
                return left;
            } catch (SQLException e) {
                // some row breaks the table's rules: each on its own
            }
            List<Long> rows = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT _ROWID_ FROM " + raw)) {
                while (rs.next()) rows.add(rs.getLong(1));
            }
            try (PreparedStatement one = c.prepareStatement(insert + " AND _ROWID_ = ?")) {
                for (long row : rows) {
                    one.setLong(1, row);
                    try {
                        one.executeUpdate();
                    } catch (SQLException e) {
                        left++;
                    }
                }
            }
        }
        return left;
    }

    /**
     * A game whose key was read in more than one row (a damaged page can read as another game's
     * key): each row is put in with the tags read under that key, and the first that is as its
     * fingerprint and record digest say is kept; a game without a record digest (imported before
     * V30) is not, since the fingerprint leaves out the tags. Returns how many rows were left out.
     */
    private static long settle(Connection c, List<String> contested, String rawGames, int idColumn, String insertGame,
            String insertTags, int gameIdColumn, AlteredGames altered) throws SQLException {
        long left = 0;
        // keys as read, compared as the raw column holds them: a damaged row may hold text there
        try (PreparedStatement rows = c.prepareStatement("SELECT _ROWID_ FROM " + rawGames + " WHERE C" + idColumn + " = ?");
                PreparedStatement game = c.prepareStatement(insertGame + " AND _ROWID_ = ?");
                PreparedStatement tags = c.prepareStatement(insertTags + " AND C" + gameIdColumn + " = ?");
                PreparedStatement digested = c.prepareStatement("SELECT record_digest IS NOT NULL FROM game WHERE id = ?");
                PreparedStatement drop = c.prepareStatement("DELETE FROM game WHERE id = ?")) {
            for (String key : contested) {
                List<Long> candidates = new ArrayList<>();
                rows.setString(1, key);
                try (ResultSet rs = rows.executeQuery()) {
                    while (rs.next()) candidates.add(rs.getLong(1));
                }
                Long id = key.matches("-?\\d{1,18}") ? Long.valueOf(key) : null;
                boolean kept = false;
                for (long row : candidates) {
                    if (kept || id == null) {
                        left++;
                        continue;
                    }
                    try {
                        game.setLong(1, row);
                        game.executeUpdate();
                        tags.setString(1, key);
                        tags.executeUpdate();
                        digested.setLong(1, id);
                        try (ResultSet rs = digested.executeQuery()) {
                            // without a record digest (before V30) the key's own game cannot be told
                            kept = rs.next() && rs.getBoolean(1) && altered.of(c, id, id).isEmpty();
                        }
                    } catch (SQLException e) {
                        // a row that breaks the table's rules
                    }
                    if (!kept) {
                        drop.setLong(1, id); // its tags go with it (ON DELETE CASCADE)
                        drop.executeUpdate();
                        left++;
                    }
                }
            }
        }
        return left;
    }

    /**
     * A tag read more than once (its game's key and its own, read twice): a damaged leaf of the
     * tags can read as rows of another game, whose own leaf is intact. Each way of taking one row
     * of each such tag is tried, at most {@value #MOST_TRIES}, and the game keeps the first with
     * which it is as its record digest says (one without a record digest, imported before V30,
     * keeps none). The rows of those games are then taken out of the raw table; returns how many
     * rows were left out.
     */
    private static long settleTags(Connection c, String raw, List<String> was, String insertTags, AlteredGames altered)
            throws SQLException {
        int game = was.indexOf("GAME_ID");
        List<String> key = new ArrayList<>();
        for (String column : primaryKey(c, "GAME_TAG")) key.add("C" + was.indexOf(column));
        if (game < 0 || key.isEmpty() || key.contains("C-1")) return 0;
        String k = String.join(", ", key);
        List<String> games = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT DISTINCT C" + game + " FROM " + raw
                + " WHERE (" + k + ") IN (SELECT " + k + " FROM " + raw + " WHERE " + k.replace(", ", " IS NOT NULL AND ")
                + " IS NOT NULL GROUP BY " + k + " HAVING COUNT(*) > 1)")) {
            while (rs.next()) games.add(rs.getString(1));
        }
        long left = 0;
        String into = insertTags.substring(0, insertTags.indexOf(" WHERE ")); // INSERT INTO game_tag (...) SELECT ... FROM raw
        try (PreparedStatement rows = c.prepareStatement("SELECT _ROWID_, " + k + " FROM " + raw + " WHERE C" + game + " = ? ORDER BY " + k);
                PreparedStatement digested = c.prepareStatement("SELECT record_digest IS NOT NULL FROM game WHERE id = ?");
                PreparedStatement clear = c.prepareStatement("DELETE FROM game_tag WHERE game_id = ?");
                PreparedStatement drop = c.prepareStatement("DELETE FROM " + raw + " WHERE C" + game + " = ?");
                Statement st = c.createStatement()) {
            for (String g : games) {
                Map<String, List<Long>> byKey = new LinkedHashMap<>();
                rows.setString(1, g);
                int count = 0;
                try (ResultSet rs = rows.executeQuery()) {
                    while (rs.next()) {
                        StringBuilder tag = new StringBuilder();
                        for (int i = 2; i <= key.size() + 1; i++) tag.append(rs.getString(i)).append('\u0000');
                        byKey.computeIfAbsent(tag.toString(), t -> new ArrayList<>()).add(rs.getLong(1));
                        count++;
                    }
                }
                Long id = g.matches("-?\\d{1,18}") ? Long.valueOf(g) : null;
                long tries = 1;
                for (List<Long> choice : byKey.values()) tries = Math.min(MOST_TRIES + 1, tries * choice.size());
                boolean kept = false;
                if (id != null && tries <= MOST_TRIES && exists(c, id)) {
                    digested.setLong(1, id);
                    boolean canTell;
                    try (ResultSet rs = digested.executeQuery()) {
                        canTell = rs.next() && rs.getBoolean(1); // before V30 the tags are not in any digest
                    }
                    List<List<Long>> choices = new ArrayList<>(byKey.values());
                    for (long t = 0; canTell && t < tries && !kept; t++) {
                        List<String> chosen = new ArrayList<>();
                        long rest = t;
                        for (List<Long> choice : choices) {
                            chosen.add(Long.toString(choice.get((int) (rest % choice.size()))));
                            rest /= choice.size();
                        }
                        try {
                            st.executeUpdate(into + " WHERE _ROWID_ IN (" + String.join(", ", chosen) + ")");
                            kept = altered.of(c, id, id).isEmpty();
                        } catch (SQLException e) {
                            // a row that breaks the table's rules
                        }
                        if (!kept) {
                            clear.setLong(1, id);
                            clear.executeUpdate();
                        } else {
                            left += count - chosen.size();
                        }
                    }
                }
                if (!kept) left += count;
                drop.setString(1, g);
                drop.executeUpdate();
            }
        }
        return left;
    }

    private static boolean exists(Connection c, long game) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT 1 FROM game WHERE id = ?")) {
            st.setLong(1, game);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static List<String> primaryKey(Connection c, String table) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getPrimaryKeys(null, "PUBLIC", table)) {
            while (rs.next()) columns.add(rs.getString("COLUMN_NAME").toUpperCase(Locale.ROOT));
        }
        return columns;
    }

    private static List<String> current(Connection c, String table) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getColumns(null, "PUBLIC", table, null)) {
            while (rs.next()) columns.add(rs.getString("COLUMN_NAME").toUpperCase(Locale.ROOT));
        }
        return columns;
    }

    private static String quote(String column) {
        return "\"" + column + "\"";
    }

    private static long count(Statement st, String table) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private interface StatementUser {
        void use(String sql) throws SQLException;
    }

    private static void forEachStatement(Path script, StatementUser user) throws IOException, SQLException {
        try (Reader r = Files.newBufferedReader(script, StandardCharsets.UTF_8)) {
            ScriptReader statements = new ScriptReader(r);
            for (String sql = statements.readStatement(); sql != null; sql = statements.readStatement()) {
                user.use(LEADING_COMMENTS.matcher(sql).replaceFirst(""));
            }
        }
    }

    private static void removeNewFile(Path repairedBase) {
        try {
            Files.deleteIfExists(Path.of(repairedBase + SUFFIX));
            Files.deleteIfExists(Path.of(repairedBase + ".lock.db"));
        } catch (IOException e) {
            // left beside the damaged file, which is untouched
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
