package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.emergo.generate.SelfPlay;
import org.emergo.rules.Variant;
import org.emergo.store.game.GameRepository;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.tx.TransactionStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 56: {@link Snapshot}, the copy {@code emergo backup} makes of an H2 file, in the program that has it open. */
class SnapshotTest {

    @TempDir
    Path dir;

    @Test
    void theCopyHoldsWhatWasCommittedAndNothingOfAnOpenTransaction() throws SQLException {
        try (Database d = Database.open(dir.resolve("club").toString())) {
            insertGames(d, 30, 56);
            try (Connection open = d.dataSource().getConnection()) {
                open.setAutoCommit(false);
                try (Statement st = open.createStatement()) {
                    // 30 more games, not committed, and in the file: H2 stores uncommitted entries too
                    assertEquals(30, st.executeUpdate("INSERT INTO game (variant, white, moves, fingerprint, tag_count)"
                            + " SELECT variant, 'not committed', moves, BITXOR(fingerprint, 1), 0 FROM game"));
                }
                MVStore store = mvStore(d);
                store.commit();

                long asked = System.currentTimeMillis();
                Backup.Copy copy = Backup.toH2File(d, dir.resolve("copy"));

                assertEquals(dir.resolve("copy.mv.db"), copy.file());
                assertTrue(copy.committedAt().toEpochMilli() >= asked, copy.committedAt() + " before " + asked);
                assertTrue(store.isSpaceReused(), "H2's settings as they were");
                assertEquals(45_000, store.getRetentionTime());
                open.commit();
            }
            assertEquals(60, count(d, "SELECT COUNT(*) FROM game"));
        }
        try (Database copy = Database.open(dir.resolve("copy").toString())) {
            assertEquals(30, count(copy, "SELECT COUNT(*) FROM game"));
            assertEquals(0, count(copy, "SELECT COUNT(*) FROM game WHERE white = 'not committed'"));
            assertEquals(0, count(copy, "SELECT COUNT(*) FROM game g WHERE g.tag_count <>"
                    + " (SELECT COUNT(*) FROM game_tag t WHERE t.game_id = g.id)"), "every game with its tags");
            insertGames(copy, 5, 57); // a file that goes on
            assertEquals(35, count(copy, "SELECT COUNT(*) FROM game"));
        }
        assertFalse(Files.exists(dir.resolve("copy.lock.db")));
    }

    /**
     * What commits while the copy is made is not in it, though it reaches the file first: H2's
     * {@code BACKUP TO} copied the file to its end, and a backup begun 12 s into an import of
     * 100,000 games held all of them.
     */
    @Test
    void whatCommitsOnceTheCopyBeganIsNotInIt() throws SQLException {
        try (Database d = Database.open(dir.resolve("growing").toString())) {
            insertGames(d, 30, 56);
            MVStore store = mvStore(d);
            Snapshot.afterNoting = () -> {
                insertGames(d, 200, 58);
                store.commit(); // in the file now, after the space the noted version uses
            };
            try {
                Backup.toH2File(d, dir.resolve("early"));
            } finally {
                Snapshot.afterNoting = () -> { };
            }
            assertEquals(230, count(d, "SELECT COUNT(*) FROM game"));
        }
        try (Database copy = Database.open(dir.resolve("early").toString())) {
            assertEquals(30, count(copy, "SELECT COUNT(*) FROM game"));
        }
    }

    /**
     * The function's answer: since when open transactions may have written the copy's pages (the
     * start of the oldest session with uncommitted changes, else the call's time), and that no
     * commit was under way, so that the backup need not count every game's rows.
     */
    @Test
    void theAnswerSaysSinceWhenOpenTransactionsWroteAndThatNoCommitWasUnderWay() throws SQLException {
        long before = System.currentTimeMillis();
        try (Database d = Database.open(dir.resolve("answers").toString())) {
            insertGames(d, 3, 56);
            long opened = System.currentTimeMillis();
            String idle = snapshot(d, dir.resolve("idle.mv.db"));
            assertTrue(Snapshot.whole(idle), idle);
            assertTrue(Snapshot.since(idle) >= opened, idle + ", opened at " + opened);
            try (Connection open = d.dataSource().getConnection()) {
                open.setAutoCommit(false);
                try (Statement st = open.createStatement()) {
                    st.executeUpdate("UPDATE game SET white = 'not committed' WHERE id = (SELECT MIN(id) FROM game)");
                }
                String busy = snapshot(d, dir.resolve("busy.mv.db"));
                assertTrue(Snapshot.whole(busy), busy);
                assertTrue(Snapshot.since(busy) >= before - 1000 && Snapshot.since(busy) <= opened, busy
                        + ": the open transaction's session began between " + before + " and " + opened);
                open.rollback();
            }
        }
    }

    /**
     * A commit under way whenever the version is noted (H2's set of commits under way held non-empty
     * here, as if a commit never ended): the copy is made all the same, and the backup deletes what
     * a commit kept in part, as after a kill. A game whose tag rows do not number its tag_count
     * stands for one.
     */
    @Test
    void whenACommitIsAlwaysUnderWayTheBackupDeletesWhatACommitKeptInPart() throws Exception {
        try (Database d = Database.open(dir.resolve("committing").toString())) {
            insertGames(d, 5, 56);
            try (Connection c = d.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.executeUpdate("UPDATE game SET tag_count = tag_count + 1 WHERE id = (SELECT MIN(id) FROM game)");
            }
            Backup.toH2File(d, dir.resolve("whole")); // between commits: as it is
            AtomicReference<BitSet> committing = committing(d);
            BitSet stuck = new BitSet();
            stuck.set(1000);
            BitSet was = committing.getAndSet(stuck);
            try {
                Backup.toH2File(d, dir.resolve("looked-at"));
            } finally {
                committing.set(was);
            }
        }
        try (Database whole = Database.open(dir.resolve("whole").toString())) {
            assertEquals(5, count(whole, "SELECT COUNT(*) FROM game"));
        }
        try (Database lookedAt = Database.open(dir.resolve("looked-at").toString())) {
            assertEquals(4, count(lookedAt, "SELECT COUNT(*) FROM game"));
        }
    }

    /**
     * What the copy relies on, in H2 alone: a store cut where one version's chunks end opens at
     * that version, with that version's headers and with later ones (which point past the end);
     * bytes beyond it bring the later versions whose chunks they hold whole, and a chunk cut in
     * half is passed over. So the copy stops exactly at the end noted.
     */
    @Test
    void h2OpensAStoreCutAtAVersionsEndAtThatVersion() throws Exception {
        Path file = dir.resolve("store.mv.db");
        MVStore s = new MVStore.Builder().fileName(file.toString()).autoCommitDisabled().open();
        MVMap<Integer, String> m = s.openMap("m");
        for (int i = 0; i < 1000; i++) m.put(i, "v" + i);
        s.commit();
        s.setReuseSpace(false); // as while a copy is made: later chunks after the end
        for (int i = 1000; i < 2500; i++) {
            m.put(i, "w");
            if (i % 50 == 49) s.commit();
        }
        long end = Files.size(file);
        long version = s.getCurrentVersion();
        byte[] headers = Arrays.copyOf(Files.readAllBytes(file), 8192);
        for (int i = 100_000; i < 110_000; i++) {
            m.put(i, "x".repeat(100));
            if (i % 200 == 199) s.commit();
        }
        s.close();
        byte[] all = Files.readAllBytes(file);

        assertEquals(List.of(version, 2500), opened(dir.resolve("noted.mv.db"), all, end, headers));
        assertEquals(List.of(version, 2500), opened(dir.resolve("later-headers.mv.db"), all, end, null));
        List<Object> more = opened(dir.resolve("more.mv.db"), all, end + (all.length - end) / 2, headers);
        assertTrue((long) more.get(0) > version && (int) more.get(1) > 2500 && (int) more.get(1) < 12_500, more.toString());
    }

    /** The version and the size of map m of a copy of {@code length} bytes of {@code all}, with {@code headers} if given. */
    private static List<Object> opened(Path copy, byte[] all, long length, byte[] headers) throws Exception {
        byte[] b = Arrays.copyOf(all, (int) length);
        if (headers != null) System.arraycopy(headers, 0, b, 0, headers.length);
        Files.write(copy, b);
        MVStore s = new MVStore.Builder().fileName(copy.toString()).readOnly().open();
        try {
            return List.of(s.getCurrentVersion(), s.<Integer, String>openMap("m").size());
        } finally {
            s.close();
        }
    }

    /** The viewer's SQL page and {@code emergo sql} read as {@link H2Reader}: no file may be written from there. */
    @Test
    void theReadOnlyUserMayNotCopyTheFile() throws SQLException {
        Path target = dir.resolve("taken-by-a-page.mv.db");
        try (Database d = Database.open(dir.resolve("viewed").toString())) {
            insertGames(d, 3, 56);
            SQLException refused = assertThrows(SQLException.class, () -> d.withReadOnlyConnection(c -> {
                try (PreparedStatement st = c.prepareStatement("SELECT EMERGO_SNAPSHOT(?)")) {
                    st.setString(1, target.toString());
                    return st.executeQuery().next();
                }
            }));
            assertTrue(refused.getMessage().contains("only the database's owner may copy it"), refused.getMessage());
            assertTrue(mvStore(d).isSpaceReused());
        }
        assertFalse(Files.exists(target));
    }

    private static void insertGames(Database d, int n, long seed) {
        SelfPlay selfPlay = new SelfPlay(Variant.EMERGO, seed);
        new GameRepository(d.dsl()).insertAll(IntStream.rangeClosed(1, n).mapToObj(selfPlay::game).toList(), null);
    }

    private static String snapshot(Database d, Path target) throws SQLException {
        try (Connection c = d.dataSource().getConnection(); PreparedStatement st = c.prepareStatement("CALL EMERGO_SNAPSHOT(?)")) {
            st.setString(1, target.toString());
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    private static long count(Database d, String sql) throws SQLException {
        try (Connection c = d.dataSource().getConnection(); Statement st = c.createStatement();
                var rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @SuppressWarnings("unchecked")
    private static AtomicReference<BitSet> committing(Database d) throws Exception {
        try (Connection c = d.dataSource().getConnection()) {
            TransactionStore ts = ((SessionLocal) c.unwrap(JdbcConnection.class).getSession()).getDatabase().getStore()
                    .getTransactionStore();
            Field f = TransactionStore.class.getDeclaredField("committingTransactions");
            f.setAccessible(true);
            return (AtomicReference<BitSet>) f.get(ts);
        }
    }

    private static MVStore mvStore(Database d) throws SQLException {
        try (Connection c = d.dataSource().getConnection()) {
            return ((SessionLocal) c.unwrap(JdbcConnection.class).getSession()).getDatabase().getStore().getMvStore();
        }
    }
}
