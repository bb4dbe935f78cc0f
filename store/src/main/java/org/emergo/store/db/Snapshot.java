package org.emergo.store.db;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.BitSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.RandomAccessStore;
import org.h2.mvstore.tx.TransactionStore;
import org.h2.util.JSR310Utils;

/**
 * The first half of {@code emergo backup} on H2 ({@link Backup}): a copy of the file as it was at
 * one stored version, made by the program that has the file open (H2's mixed mode runs SQL where
 * the file is open), while the others go on writing. It runs as the SQL function
 * {@code EMERGO_SNAPSHOT(path)} (sql/h2/V29), so that a backup run through another program
 * reaches it: the holder is an emergo program, and this class is on its class path.
 *
 * <p>H2's own {@code BACKUP TO} copies the whole file to its end while writers go on, so it
 * chases a growing file: a backup begun 12 s into an import of 100,000 games ended 15 s after the
 * import and held every game. Here H2's store is asked to write what is committed, then, with no
 * write of H2's under way, to put every later chunk after the end of the space it uses now
 * (space reuse off) and to free no chunk until the copy is done (retention time at its maximum):
 * the bytes up to that end then stay as they are, and only those are copied. The copy opens at
 * the version noted, as a file does after a kill at that moment: a transaction that had not
 * committed may have some of its entries in it, and {@link Backup} cleans the copy as an unclean
 * stop is cleaned. The version is noted, and stored, while no commit is under way when that can
 * be had within a second: a version stored in the middle of a commit can hold a part of it, which
 * the clean-up then has to look for in every game and analysis.
 *
 * <p>Only the database's owner may call it (H2 lets any user call any function): the viewer's
 * read-only SQL ({@link H2Reader}) must not write files.
 */
public final class Snapshot {

    /** H2's two file headers, a block (4 KB) each, at the start of the file. */
    private static final int HEADER_BYTES = 2 * 4096;

    /**
     * How long the version is noted again while a commit was under way each time. An import
     * commits every half second or so, and each commit takes from milliseconds to a few hundred
     * on a busy machine, where one try took up to 1.7 s. Every try moves the moment copied later;
     * after this the copy is made all the same, and {@link Backup} deletes what a commit kept in
     * part (which counts the rows of every game and analysis).
     */
    private static final long NOTING_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** Run once the version is noted, before a byte is copied: a test commits there. */
    static volatile Runnable afterNoting = () -> { };

    private Snapshot() {}

    /**
     * Copies the database of {@code c}'s session to the file {@code target} (a path this program
     * can write; it must not exist). Says, as {@code since=MILLIS;at=MILLIS;whole=BOOLEAN} (times
     * in milliseconds since the epoch), since when the copy's pages may hold entries of
     * transactions that were open ({@link #oldestSessionStart}), when the version copied was
     * noted (the copy holds what was committed then), and whether no commit was under way while
     * it was noted and stored: then no commit can be in the copy in part.
     */
    public static String copy(Connection c, String target) throws SQLException {
        SessionLocal session = (SessionLocal) c.unwrap(JdbcConnection.class).getSession();
        if (!session.getUser().isAdmin()) {
            throw new SQLException("only the database's owner may copy it", "42501");
        }
        org.h2.engine.Database h2 = session.getDatabase();
        MVStore store = h2.getStore() == null ? null : h2.getStore().getMvStore();
        if (store == null || !(store.getFileStore() instanceof RandomAccessStore files)) {
            throw new SQLException("only an H2 file can be copied so", "0A000");
        }
        long since = oldestSessionStart(h2, session);
        Noted noted;
        try {
            noted = copy(store, files, committing(h2), Path.of(target));
        } catch (IOException e) {
            throw new SQLException("cannot write the copy " + target + ": " + OutsideProblem.rootMessage(e), "58030", e);
        }
        return "since=" + since + ";at=" + noted.at + ";whole=" + noted.whole;
    }

    /** Whether {@link #copy}'s answer says that no commit was under way while the version was noted and stored. */
    static boolean whole(String result) {
        return result.endsWith(";whole=true");
    }

    /** The time in {@link #copy}'s answer since when the copy's pages may hold entries of open transactions. */
    static long since(String result) {
        return field(result, "since");
    }

    /** The time in {@link #copy}'s answer when the version copied was noted. */
    static long at(String result) {
        return field(result, "at");
    }

    private static long field(String result, String name) {
        for (String part : result.split(";")) {
            if (part.startsWith(name + "=")) return Long.parseLong(part.substring(name.length() + 1));
        }
        throw new IllegalArgumentException("no " + name + " in " + result);
    }

    /** One copy at a time in this program: each turns H2's settings back as it found them. */
    private static synchronized Noted copy(MVStore store, RandomAccessStore files, AtomicReference<BitSet> committing,
            Path target) throws IOException {
        boolean reuse = files.isSpaceReused();
        int retention = store.getRetentionTime();
        Noted noted = new Noted();
        try (FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                FileChannel in = FileChannel.open(Path.of(files.getFileName()), StandardOpenOption.READ)) {
            try {
                // no chunk freed from here on: a freed one at the end would let a new chunk into the copied bytes
                store.setRetentionTime(Integer.MAX_VALUE);
                boolean whole;
                long giveUp = System.nanoTime() + NOTING_NANOS;
                do {
                    store.commit(); // what is committed now reaches the file, not only within H2's write delay
                    // H2 marks each commit's start and end in a set of its own, a new set each time
                    BitSet before = committing.get();
                    store.commit(); // what changed since: a short store, which a commit seldom overlaps
                    // with every write of H2's done and none begun; it panics the store on any exception, so none escapes
                    store.executeFilestoreOperation(() -> noted.take(files, in, committing));
                    if (noted.failure != null) throw noted.failure;
                    whole = before.isEmpty() && noted.committing == before;
                } while (!whole && System.nanoTime() < giveUp);
                noted.whole = whole;
                noted.at = System.currentTimeMillis();
                afterNoting.run();
                // the headers as they were at that version: H2 may write them again at its next chunk
                writeFully(out, 0, ByteBuffer.wrap(noted.headers));
                for (long at = HEADER_BYTES; at < noted.end; ) {
                    long n = in.transferTo(at, noted.end - at, out.position(at));
                    if (n <= 0) throw new IOException("the file ends before the space H2 uses in it");
                    at += n;
                }
            } finally {
                files.setReuseSpace(reuse);
                store.setRetentionTime(retention);
            }
            out.force(true);
            return noted;
        } catch (IOException | RuntimeException e) {
            java.nio.file.Files.deleteIfExists(target);
            throw e;
        }
    }

    /** What is noted while H2 writes nothing: where the used space ends, and the two file headers. */
    private static final class Noted {
        long end;
        byte[] headers;
        BitSet committing;
        boolean whole;
        long at;
        IOException failure;

        void take(RandomAccessStore files, FileChannel in, AtomicReference<BitSet> committing) {
            files.setReuseSpace(false); // every later chunk goes after end
            this.committing = committing.get();
            try {
                end = Math.max(HEADER_BYTES, usedLength(files));
                ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES);
                while (b.hasRemaining() && in.read(b, b.position()) >= 0) {
                    // positional reads until both headers are in
                }
                headers = b.array();
            } catch (IOException e) {
                failure = e;
            } catch (ReflectiveOperationException | RuntimeException e) {
                failure = new IOException("cannot read H2's record of the file's space: " + e, e);
            }
        }
    }

    /**
     * H2's set of the transactions whose commit is under way (TransactionStore's
     * {@code committingTransactions}, not public in H2 2.4.240): a commit marks its start and its
     * end by a new set each, and a version stored while the set stays the same, and empty, holds
     * each commit whole or not at all. One stored in the middle of a commit can keep a part of it
     * (docs/h2-kill-partial-commit.md).
     */
    @SuppressWarnings("unchecked")
    private static AtomicReference<BitSet> committing(org.h2.engine.Database h2) throws SQLException {
        try {
            Field f = TransactionStore.class.getDeclaredField("committingTransactions");
            f.setAccessible(true);
            return (AtomicReference<BitSet>) f.get(h2.getStore().getTransactionStore());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new SQLException("cannot read H2's commits under way: " + e, "HY000", e);
        }
    }

    /**
     * Where the space H2 uses in the file ends (its free-space map's first block after the last
     * one in use): not public in H2 2.4.240. The file can be longer, by chunks freed at its end.
     */
    private static long usedLength(RandomAccessStore files) throws ReflectiveOperationException {
        Method m = RandomAccessStore.class.getDeclaredMethod("getFileLengthInUse");
        m.setAccessible(true);
        return (long) m.invoke(files);
    }

    /**
     * Since when the copy's pages may hold entries of transactions that were open or committing
     * at the version noted after this call: the start of the oldest session but {@code own} that
     * has uncommitted changes or runs a statement (a commit among them) now, else now. A
     * transaction is no older than its session, and one that begins later writes later. Idle
     * sessions are left out: the viewer keeps some for days, and the search would read every page.
     */
    private static long oldestSessionStart(org.h2.engine.Database h2, SessionLocal own) {
        long oldest = System.currentTimeMillis();
        for (SessionLocal s : h2.getSessions(false)) {
            if (s == own || !(s.containsUncommitted() || s.getCurrentCommand() != null)) continue;
            oldest = Math.min(oldest, JSR310Utils.valueToInstant(s.getSessionStart(), s).toEpochMilli());
        }
        return oldest;
    }

    private static void writeFully(FileChannel out, long at, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) at += out.write(b, at);
    }
}
