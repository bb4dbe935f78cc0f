package org.emergo.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Example query 1 (sql/queries/01_games_through_position.sql) on an analysed H2 database,
 * for the positions after the first move (each reached in about 2,500 of 100,000 games). Each
 * call looks up the next of them, so none finds H2's result of the one before. The score is
 * milliseconds per look-up.
 * Needs the database: {@code java -jar bench/target/benchmarks.jar PositionLookup -p db=PATH}
 * (the H2 file without {@code .mv.db}, e.g. after importing and analysing 100,000 games).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PositionLookupBenchmark {

    /** The hash the shipped query names; each call puts one of the targets in its place. */
    private static final String EXAMPLE_HASH = "1566609408088276933";

    @Param("")
    public String db;

    /** The root of the project, for sql/queries (the benchmarks run from it). */
    @Param(".")
    public String home;

    private Connection connection;
    private PreparedStatement lookup;
    private final List<Long> targets = new ArrayList<>();
    private int next;

    @Setup
    public void setUp() throws SQLException, IOException {
        if (db.isBlank()) {
            throw new IllegalStateException("give an analysed database: -p db=PATH");
        }
        connection = DriverManager.getConnection("jdbc:h2:file:" + db + ";NON_KEYWORDS=VALUE;ACCESS_MODE_DATA=r", "sa", "");
        String sql = Files.readString(Path.of(home, "sql", "queries", "01_games_through_position.sql"));
        if (!sql.contains(EXAMPLE_HASH)) throw new IllegalStateException("query 1 no longer names " + EXAMPLE_HASH);
        lookup = connection.prepareStatement(sql.replace(EXAMPLE_HASH, "?"));
        try (PreparedStatement st = connection.prepareStatement("SELECT hash FROM position "
                + "WHERE game_id <= 3000 AND ply = 1 GROUP BY hash");
                ResultSet rs = st.executeQuery()) {
            while (rs.next()) targets.add(rs.getLong(1));
        }
        if (targets.isEmpty()) throw new IllegalStateException(db + " has no analysed games");
    }

    @TearDown
    public void tearDown() throws SQLException {
        connection.close();
    }

    /** Games through the next position: returns their count, so the work cannot be skipped. */
    @Benchmark
    public int gamesThroughPosition() throws SQLException {
        lookup.setLong(1, targets.get(next++ % targets.size()));
        int games = 0;
        try (ResultSet rs = lookup.executeQuery()) {
            while (rs.next()) games++;
        }
        return games;
    }
}
