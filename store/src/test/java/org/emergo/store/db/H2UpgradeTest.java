package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.emergo.replay.GameRecord;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.GameRepositoryTest;
import org.emergo.store.game.InsertResult;
import org.jooq.SQLDialect;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file written by the H2 of emergo's earlier releases (2.3.232, in target/previous-h2, loaded
 * apart from the classpath's H2) opens as it is: its games are there, and new ones follow them.
 */
class H2UpgradeTest {

    private static final Path PREVIOUS_H2 = Path.of("target", "previous-h2", "h2.jar");

    @TempDir
    Path dir;

    @Test
    void aFileWrittenByThePreviousH2OpensWithItsGamesAndTakesMore() throws Exception {
        assertTrue(Files.isRegularFile(PREVIOUS_H2), PREVIOUS_H2 + " is missing: Maven copies it before the tests");
        String path = dir.resolve("games").toString();
        List<Long> written;
        try (URLClassLoader previous = new URLClassLoader(new URL[] {PREVIOUS_H2.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            Driver driver = (Driver) previous.loadClass("org.h2.Driver").getDeclaredConstructor().newInstance();
            DataSource source = new DriverSource(driver, "jdbc:h2:file:" + path + ";NON_KEYWORDS=VALUE;COMPRESS=TRUE");
            try (Connection c = source.getConnection()) {
                assertEquals("2.3.232", version(c));
                SchemaMigration.run(source, false);
                written = new GameRepository(DSL.using(c, SQLDialect.H2,
                        new Settings().withRenderQuotedNames(RenderQuotedNames.NEVER).withRenderSchema(false)))
                        .insertAll(games(300, "before"), null).ids();
            }
        }

        try (Database db = Database.open(path)) {
            try (Connection c = db.dataSource().getConnection()) {
                assertEquals("2.4.240", version(c));
            }
            GameRepository games = new GameRepository(db.dsl());
            assertEquals(300, games.count());
            assertEquals("before 299", games.find(written.get(299)).orElseThrow().white());
            InsertResult more = games.insertAll(games(10, "after"), null);
            assertEquals(written.get(299) + 1, more.ids().get(0));
        }
        try (Database again = Database.open(path)) {
            assertEquals(310, new GameRepository(again.dsl()).count());
        }
    }

    private static List<GameRecord> games(int n, String white) {
        List<GameRecord> games = new ArrayList<>();
        for (int i = 0; i < n; i++) games.add(GameRepositoryTest.game(white + " " + i, "black"));
        return games;
    }

    private static String version(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT H2VERSION()")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** Connections from one driver object, which DriverManager would not pick among two H2s. */
    private record DriverSource(Driver driver, String url) implements DataSource {
        @Override
        public Connection getConnection() throws SQLException {
            Properties p = new Properties();
            p.setProperty("user", "sa");
            p.setProperty("password", "");
            return driver.connect(url, p);
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() {
            return Logger.getGlobal();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }
}
