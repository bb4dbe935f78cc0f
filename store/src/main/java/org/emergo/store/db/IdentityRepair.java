package org.emergo.store.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * Moves an H2 identity that is behind the ids already stored past them. After a killed
 * process, H2 2.3 has reopened a file whose game identity stood below stored games (the
 * lost-write bugs of h2database#4123 and #4383 look alike), and the next import then failed
 * on the primary key instead of finishing the job. A sound identity is always ahead of its
 * ids, also while another program inserts, so this changes nothing then.
 */
final class IdentityRepair {

    private IdentityRepair() {}

    static void run(DataSource admin) throws SQLException {
        run(admin, table -> {});
    }

    /**
     * The table's largest id is read before the identity's next value: ids only grow, so a
     * sound identity read second is ahead of every id read first, whatever another program
     * commits in between (read the other way round, its commit made a sound identity look
     * behind, and the repair moved it below ids already drawn). {@code betweenReads} is told
     * the table between the two, for the test that shows it.
     */
    static void run(DataSource admin, Consumer<String> betweenReads) throws SQLException {
        try (Connection c = admin.getConnection(); Statement st = c.createStatement();
                PreparedStatement base = c.prepareStatement("SELECT identity_base FROM information_schema.columns"
                        + " WHERE table_schema = 'PUBLIC' AND table_name = ? AND column_name = ?")) {
            List<String[]> columns = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT table_name, column_name FROM information_schema.columns"
                    + " WHERE table_schema = 'PUBLIC' AND is_identity = 'YES'")) {
                while (rs.next()) columns.add(new String[] {rs.getString(1), rs.getString(2)});
            }
            for (String[] col : columns) {
                long max;
                try (ResultSet rs = st.executeQuery("SELECT MAX(" + col[1] + ") FROM " + col[0])) {
                    max = rs.next() ? rs.getLong(1) : 0;
                }
                betweenReads.accept(col[0]);
                base.setString(1, col[0]);
                base.setString(2, col[1]);
                try (ResultSet rs = base.executeQuery()) {
                    String next = rs.next() ? rs.getString(1) : null;
                    if (next != null && max >= Long.parseLong(next)) {
                        st.execute("ALTER TABLE " + col[0] + " ALTER COLUMN " + col[1] + " RESTART WITH " + (max + 1));
                    }
                }
            }
        }
    }
}
