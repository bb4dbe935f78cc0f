package org.emergo.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.emergo.generate.SelfPlay;
import org.emergo.store.importing.BulkImport;
import org.emergo.replay.GameRecord;
import org.emergo.rules.EngineVersion;
import org.emergo.rules.Variant;
import org.emergo.store.analysis.AnalysedGame;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.analysis.AnalysisRepository;
import org.emergo.store.analysis.BulkIndexes;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.GameRow;
import org.emergo.store.game.PendingGame;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The store alone, with nothing read or replayed while it is timed: how fast the database can
 * take what an import and an analysis give it, on this machine, in a new H2 file with emergo's
 * schema and settings. The speed targets of the import and the analysis are measured against
 * these figures: the commands cannot be faster than their store.
 *
 * <ul>
 *   <li>{@code importGames}: the game rows of {@code games} games (2 extra tags each, as
 *       {@code emergo generate} writes), 2,000 games a transaction, then the compaction
 *       {@code emergo import} ends with.
 *   <li>{@code analysisRows}: the rows of {@code analysedGames} replayed games (about 200
 *       positions each), written as {@code emergo analyze} writes them: hash index dropped,
 *       250 games a call, index built at the end.
 * </ul>
 *
 * Each iteration is one whole run into a new file; the first is as cold as a command's JVM.
 * The score is seconds per run. Setting up makes the games by self-play (about a minute).
 * {@code java -jar bench/target/benchmarks.jar StoreBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 3)
public class StoreBenchmark {

    /** Distinct self-play games; the import's games are copies of them under other dates. */
    private static final int BASE_GAMES = 1_000;

    @Param("100000")
    public int games;

    @Param("10000")
    public int analysedGames;

    private List<GameRow> importRows;
    private List<GameRecord> analysedRecords;
    private List<AnalysedGame> analysed;
    private Path dir;
    private Database db;

    @Setup(Level.Trial)
    public void makeGames(BenchmarkParams params) {
        SelfPlay selfPlay = new SelfPlay(Variant.EMERGO, Corpus.SEED);
        if (params.getBenchmark().endsWith("importGames")) {
            List<GameRecord> base = new ArrayList<>(BASE_GAMES);
            for (int i = 1; i <= BASE_GAMES; i++) base.add(selfPlay.game(i));
            importRows = new ArrayList<>(games);
            for (int i = 0; i < games; i++) importRows.add(GameRow.of(renamed(base.get(i % BASE_GAMES), i)));
        } else {
            analysedRecords = new ArrayList<>(analysedGames);
            List<PendingGame> pending = new ArrayList<>(analysedGames);
            for (int i = 1; i <= analysedGames; i++) {
                GameRecord g = selfPlay.game(i);
                analysedRecords.add(g);
                // the id a new file gives the i-th game stored
                pending.add(new PendingGame(i, g.variant(), null, g.moves(), g.result()));
            }
            analysed = AnalysisJob.analyse(pending);
        }
    }

    /** The same moves as another game: the store tells games apart by players, date and moves. */
    private static GameRecord renamed(GameRecord g, int round) {
        Map<String, String> tags = new LinkedHashMap<>(g.tags());
        tags.put("Round", Integer.toString(round + 1));
        tags.put("Date", String.format("%04d.%02d.%02d", 1986 + round / 336 % 40, 1 + round / 28 % 12, 1 + round % 28));
        return new GameRecord(g.variant(), tags, g.setupPosition(), g.moves(), g.movetext(), g.source(), g.sourceLine());
    }

    @Setup(Level.Iteration)
    public void openNewFile() throws IOException {
        dir = Files.createTempDirectory("emergo-bench");
        db = Database.open(dir.resolve("bench").toString());
        if (analysedRecords != null) {
            // the games the analysis writes for, stored outside its timing
            List<Long> ids = new GameRepository(db.dsl()).insertAll(analysedRecords, null).ids();
            if (ids.size() != analysedGames || ids.get(ids.size() - 1) != analysedGames) {
                throw new IllegalStateException("the games did not get ids 1 to " + analysedGames);
            }
        }
    }

    @TearDown(Level.Iteration)
    public void deleteFile() throws IOException {
        if (db != null) db.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    /** With the JVM options the launcher gives {@code emergo import}. */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-XX:FreqInlineSize=100", "-XX:InlineSmallCode=1000"})
    public int importGames() {
        GameRepository repository = new GameRepository(db.dsl());
        int added = 0;
        for (int from = 0; from < importRows.size(); from += BulkImport.BATCH) {
            List<GameRow> batch = importRows.subList(from, Math.min(importRows.size(), from + BulkImport.BATCH));
            added += repository.insertRows(batch, null).inserted();
        }
        db.closeAndCompact();
        db = null;
        if (added != games) throw new IllegalStateException(added + " of " + games + " games added");
        return added;
    }

    /** With the collector the launcher gives {@code emergo analyze}. */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = "-XX:+UseParallelGC")
    public long analysisRows() throws SQLException {
        AnalysisRepository repository = new AnalysisRepository(db);
        BulkIndexes bulkIndexes = new BulkIndexes(db);
        bulkIndexes.suspend();
        long plies = 0;
        for (int from = 0; from < analysed.size(); from += AnalysisJob.BATCH) {
            List<AnalysedGame> batch = analysed.subList(from, Math.min(analysed.size(), from + AnalysisJob.BATCH));
            repository.save(batch, EngineVersion.VERSION, false);
            for (AnalysedGame g : batch) plies += g.pliesReplayed();
        }
        bulkIndexes.restore();
        return plies;
    }
}
