import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * H2 alone (no emergo): three sessions insert and commit one row at a time while a fourth reads
 * INFORMATION_SCHEMA.SESSIONS. H2 2.4.240 fails up to one read in a hundred (15,432 of
 * 1,555,736 in 20 s on 2 cores otherwise idle; 39 of 169,444 in 10 s while tests ran) with
 * {@code General error: "java.lang.NullPointerException: Cannot invoke
 * "org.h2.mvstore.tx.Transaction.getStatus()" because "this.transaction" is null"} (50000): the
 * table's CONTAINS_UNCOMMITTED column calls SessionLocal.hasPendingTransaction() of every
 * session, which checks the session's transaction and then reads it again, and a commit in
 * between has set it to null. {@code SELECT COUNT(*)} does not build the rows and never fails;
 * any query that reads a row does, whatever columns it names.
 *
 * <p>emergo's work claims on H2 (store: ClaimRows) read that table to tell a live claim from the
 * claim of a program that ended, and read it again when it fails so.
 *
 * <p>Known upstream as h2database issue #4352 (closed): H2 2.5.250's hasPendingTransaction()
 * reads the field once. With h2-2.5.252.jar in place of 2.4.240, 15 s: 0 of 247,658 reads
 * failed, against 46 of 214,791 with 2.4.240 right after (the machine busy with tests).
 *
 * <pre>
 * javac -d out SessionsRace.java
 * java -cp out:h2-2.4.240.jar SessionsRace [SECONDS]
 * </pre>
 */
public final class SessionsRace {

    public static void main(String[] args) throws Exception {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 20;
        String url = "jdbc:h2:mem:sessions-race;DB_CLOSE_DELAY=-1";
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            c.createStatement().execute("CREATE TABLE t (id BIGINT PRIMARY KEY)");
        }
        AtomicBoolean done = new AtomicBoolean();
        Thread[] writers = new Thread[3];
        for (int w = 0; w < writers.length; w++) {
            long base = (long) w << 40;
            writers[w] = new Thread(() -> {
                try (Connection c = DriverManager.getConnection(url, "sa", "")) {
                    c.setAutoCommit(false);
                    PreparedStatement insert = c.prepareStatement("INSERT INTO t VALUES (?)");
                    for (long i = 0; !done.get(); i++) {
                        insert.setLong(1, base + i);
                        insert.executeUpdate();
                        c.commit();
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            writers[w].start();
        }
        long reads = 0;
        long failures = 0;
        String first = null;
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement st = c.createStatement()) {
            while (System.nanoTime() < deadline) {
                reads++;
                try {
                    st.executeQuery("SELECT 1 FROM INFORMATION_SCHEMA.SESSIONS WHERE SESSION_ID = SESSION_ID()").close();
                } catch (SQLException e) {
                    failures++;
                    if (first == null) first = e.getErrorCode() + " " + e.getMessage();
                }
            }
        } finally {
            done.set(true);
            for (Thread t : writers) t.join();
        }
        System.out.println(reads + " reads, " + failures + " failed" + (first == null ? "" : "; the first: " + first));
    }
}
