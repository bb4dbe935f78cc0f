package org.emergo.store.db;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The one way emergo runs JDBC work as a transaction: committed when the work returns, rolled
 * back when it throws, and the connection's autocommit put back, since pooled connections are
 * shared. (jOOQ's {@code transactionResult} does the same for work written with jOOQ.)
 */
public final class Transaction {

    /** Work on the connection of a transaction. */
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** Work that returns nothing. */
    public interface Step {
        void run(Connection c) throws SQLException;
    }

    private Transaction() {}

    public static <T> T on(Connection c, Work<T> work) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            T result = work.run(c);
            c.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            try {
                c.rollback();
            } catch (SQLException failed) {
                e.addSuppressed(failed); // a broken connection: what stopped the work says more
            }
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    public static void run(Connection c, Step step) throws SQLException {
        on(c, x -> {
            step.run(x);
            return null;
        });
    }
}
