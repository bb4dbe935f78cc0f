package org.emergo.store.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.emergo.store.db.H2Repair;
import org.emergo.store.game.DamagedFiles.Leaf;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 56: damages of a file of 600 games made by the program, each seeded: 8 KB overwritten or
 * zeroed, 20 bits flipped, the file cut off, both file headers overwritten; on the pages of the
 * games, of their tags, or anywhere. After each, {@code emergo repair} keeps no game altered,
 * keeps every game whose own leaves (the pages that hold its row and its tags) the damage left
 * intact, whatever else it hit (the pages above them, the chunks' headers and footers, H2's own
 * records of its layout, maps and types, the schema's rows), and {@code emergo check} calls the
 * file damaged whenever a full read of it fails or reads a game otherwise than it was written.
 *
 * <p>Bits flipped anywhere hit H2's own records in about one seed of four; the suite runs a few
 * seeds, and {@code -DseededDamage.flipSeeds=40} runs seeds 0 to 39 of that damage alone, by hand
 * ({@code -DseededDamage.figures=FILE} adds a line for each to FILE: the games intact, and saved).
 * The file is written anew at each run, so a seed does not hit the same bytes from run to run.
 */
class SeededDamageTest {

    private static final int BATCHES = 5;
    private static final int PER_BATCH = 120;
    private static final int KB8 = 8192;

    @TempDir
    static Path dir;

    private static Path sound;
    private static Map<String, String> written;
    private static List<Leaf> gameLeaves;
    private static List<Leaf> tagLeaves;

    enum Kind { OVERWRITE, ZERO, FLIP, TRUNCATE, HEADERS }

    enum Target { GAMES, TAGS, ANYWHERE }

    record Damage(Kind kind, Target target, int seed) {
        @Override
        public String toString() {
            return kind + " " + target + " " + seed;
        }
    }

    static Stream<Damage> damages() {
        Integer flips = Integer.getInteger("seededDamage.flipSeeds");
        if (flips != null) return IntStream.range(0, flips).mapToObj(seed -> new Damage(Kind.FLIP, Target.ANYWHERE, seed));
        return Stream.of(
                new Damage(Kind.OVERWRITE, Target.GAMES, 1), new Damage(Kind.OVERWRITE, Target.GAMES, 2),
                new Damage(Kind.OVERWRITE, Target.TAGS, 1), new Damage(Kind.OVERWRITE, Target.ANYWHERE, 1),
                new Damage(Kind.OVERWRITE, Target.ANYWHERE, 2),
                new Damage(Kind.ZERO, Target.GAMES, 1), new Damage(Kind.ZERO, Target.TAGS, 1),
                new Damage(Kind.ZERO, Target.ANYWHERE, 1),
                new Damage(Kind.FLIP, Target.GAMES, 1), new Damage(Kind.FLIP, Target.GAMES, 2),
                new Damage(Kind.FLIP, Target.TAGS, 1), new Damage(Kind.FLIP, Target.TAGS, 2),
                new Damage(Kind.ZERO, Target.ANYWHERE, 2),
                new Damage(Kind.TRUNCATE, Target.ANYWHERE, 1), new Damage(Kind.TRUNCATE, Target.ANYWHERE, 2),
                new Damage(Kind.HEADERS, Target.ANYWHERE, 1),
                new Damage(Kind.FLIP, Target.ANYWHERE, 1), new Damage(Kind.FLIP, Target.ANYWHERE, 2),
                new Damage(Kind.FLIP, Target.ANYWHERE, 3), new Damage(Kind.FLIP, Target.ANYWHERE, 4),
                new Damage(Kind.FLIP, Target.ANYWHERE, 5), new Damage(Kind.FLIP, Target.ANYWHERE, 6));
    }

    @BeforeAll
    static void writeTheGames() throws Exception {
        sound = DamagedFiles.written(dir.resolve("sound"), BATCHES, PER_BATCH);
        written = DamagedFiles.games(sound);
        gameLeaves = DamagedFiles.leaves(sound, "GAME");
        tagLeaves = DamagedFiles.leaves(sound, "GAME_TAG");
        assertTrue(gameLeaves.size() > 4 && tagLeaves.size() > 4, gameLeaves.size() + " and " + tagLeaves.size() + " leaves");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("damages")
    void theRepairKeepsEveryIntactGameAndNoAlteredOneAndTheCheckSeesWhatAFullReadSees(Damage damage) throws Exception {
        Path db = dir.resolve(damage.kind() + "-" + damage.target() + "-" + damage.seed());
        Files.copy(Path.of(sound + ".mv.db"), Path.of(db + ".mv.db"));
        List<long[]> ranges = damage(db, damage);
        Set<Long> intact = new TreeSet<>();
        for (String id : written.keySet()) intact.add(Long.parseLong(id));
        for (Leaf leaf : concat(gameLeaves, tagLeaves)) {
            for (long[] r : ranges) if (leaf.damagedBy(r[0], r[1])) intact.removeAll(leaf.games());
        }

        String fullRead = fullRead(db);
        DatabaseCheck.Report check = DatabaseCheck.ofH2FileAlone(db).run();
        if (fullRead != null) assertFalse(check.sound(), "a full read " + fullRead + ", and the check says " + check);

        H2Repair.Summary s = H2Repair.repair(db, DatabaseCheck::alteredGames);
        Map<String, String> saved = DamagedFiles.games(db);
        for (Map.Entry<String, String> e : saved.entrySet()) {
            assertEquals(written.get(e.getKey()), e.getValue(), "game " + e.getKey() + " is saved as it was written");
        }
        List<Long> lost = intact.stream().filter(id -> !saved.containsKey(Long.toString(id))).toList();
        String figures = System.getProperty("seededDamage.figures");
        if (figures != null) {
            Files.writeString(Path.of(figures), damage + ": " + intact.size() + " intact, " + (intact.size() - lost.size())
                    + " of them saved, " + saved.size() + " saved in all\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
        assertEquals(List.of(), lost, "games with intact pages, lost; " + s.lines());
    }

    /** Damages the file as {@code damage} says; the byte ranges it changed, from and to. */
    private static List<long[]> damage(Path db, Damage damage) throws IOException {
        Random random = new Random(damage.seed() * 31L + damage.kind().ordinal() * 7L + damage.target().ordinal());
        long length = Files.size(Path.of(db + ".mv.db"));
        List<long[]> ranges = new ArrayList<>();
        switch (damage.kind()) {
            case OVERWRITE, ZERO -> {
                long at = place(damage.target(), random, length - KB8);
                byte[] bytes = new byte[KB8];
                if (damage.kind() == Kind.OVERWRITE) random.nextBytes(bytes);
                DamagedFiles.overwrite(db, at, bytes);
                ranges.add(new long[] {at, at + KB8});
            }
            case FLIP -> {
                for (int i = 0; i < 20; i++) {
                    long at = place(damage.target(), random, length);
                    DamagedFiles.flip(db, at * 8 + random.nextInt(8));
                    ranges.add(new long[] {at, at + 1});
                }
            }
            case TRUNCATE -> {
                long at = length / 2 + (long) (random.nextDouble() * (length / 2));
                DamagedFiles.truncate(db, at);
                ranges.add(new long[] {at, Long.MAX_VALUE});
            }
            case HEADERS -> {
                byte[] bytes = new byte[KB8];
                random.nextBytes(bytes);
                DamagedFiles.overwrite(db, 0, bytes);
                ranges.add(new long[] {0, KB8});
            }
        }
        return ranges;
    }

    /** A byte inside a leaf of the games or of their tags, or anywhere past the file's headers, below {@code end}. */
    private static long place(Target target, Random random, long end) {
        if (target == Target.ANYWHERE) return KB8 + (long) (random.nextDouble() * (end - KB8));
        List<Leaf> leaves = target == Target.GAMES ? gameLeaves : tagLeaves;
        Leaf leaf = leaves.get(random.nextInt(leaves.size()));
        return Math.min(end - 1, leaf.at() + random.nextInt(leaf.length()));
    }

    /**
     * What fails in reading the whole file, or null: every row of every table (on a copy: H2 may
     * write to what it opens), and every game as it was written.
     */
    private static String fullRead(Path db) throws IOException {
        Path copy = Path.of(db + "-read");
        Files.copy(Path.of(db + ".mv.db"), Path.of(copy + ".mv.db"));
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + copy + ";NON_KEYWORDS=VALUE", "sa", "");
                Statement st = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT table_name FROM information_schema.tables WHERE table_schema = 'PUBLIC'")) {
                while (rs.next()) tables.add(rs.getString(1));
            }
            for (String table : tables) {
                try (ResultSet rs = st.executeQuery("SELECT * FROM \"" + table + "\"")) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) for (int i = 1; i <= columns; i++) rs.getObject(i);
                }
            }
            Map<String, String> games = DamagedFiles.games(copy);
            for (Map.Entry<String, String> e : written.entrySet()) {
                if (!e.getValue().equals(games.get(e.getKey()))) return "reads game " + e.getKey() + " as " + games.get(e.getKey());
            }
            return null;
        } catch (SQLException | RuntimeException e) {
            return "fails: " + e.getMessage();
        }
    }

    private static List<Leaf> concat(List<Leaf> a, List<Leaf> b) {
        List<Leaf> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
