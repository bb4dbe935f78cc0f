package org.emergo.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
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
        String identities = "SELECT table_name, column_name, identity_base FROM information_schema.columns"
                + " WHERE table_schema = 'PUBLIC' AND is_identity = 'YES'";
        try (Connection c = admin.getConnection(); Statement st = c.createStatement()) {
            List<String[]> columns = new ArrayList<>();
            try (ResultSet rs = st.executeQuery(identities)) {
                while (rs.next()) columns.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3)});
            }
            for (String[] col : columns) {
                if (col[2] == null) continue;
                try (ResultSet rs = st.executeQuery("SELECT MAX(" + col[1] + ") FROM " + col[0])) {
                    long max = rs.next() ? rs.getLong(1) : 0;
                    if (max >= Long.parseLong(col[2])) {
                        st.execute("ALTER TABLE " + col[0] + " ALTER COLUMN " + col[1] + " RESTART WITH " + (max + 1));
                    }
                }
            }
        }
    }
}
