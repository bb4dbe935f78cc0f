package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.emergo.store.analysis.AnalysisJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30, many users at once: an {@code analyze} large enough to suspend the indexes (a bulk
 * run) leaves them in place when it reaches the H2 file through the viewer, whose pages read
 * through them (the explorer took 38.7 s a page without the position index:
 * docs/performance.md#the-viewer-under-many-users-at-once).
 */
class AnalysisBesideTheViewerProcessTest {

    @TempDir
    static Path dir;

    private static final String INDEXES = "SELECT index_name FROM information_schema.indexes"
            + " WHERE index_name IN ('POSITION_HASH_IDX', 'TALL_COLUMN_SQUARE_IDX') ORDER BY index_name";

    @Test
    void aBulkAnalysisThroughTheViewerKeepsTheIndexesItsPagesReadThrough() {
        Path games = EmergoProcess.generated(dir, AnalysisJob.BULK_GAMES, 47);
        String db = TestStores.H2.imported(dir, "beside", games);
        EmergoProcess viewer = EmergoProcess.start(dir, "serve", "--db", db, "--port", "0");
        viewer.awaitOutLine("Serving the viewer at ");
        String first = "analyze: " + AnalysisJob.BATCH + " games stored";
        EmergoProcess analysis = EmergoProcess.startHeldAt(dir, first, "analyze", "--db", db, "--threads", "1");
        analysis.awaitErrLine(first);

        EmergoProcess.Result during = EmergoProcess.run(dir, "sql", "--db", db, "--format", "csv", INDEXES);
        analysis.resume();
        EmergoProcess.Result analysed = analysis.finish();
        EmergoProcess.Result after = EmergoProcess.run(dir, "sql", "--db", db, "--format", "csv", INDEXES);
        viewer.signal("TERM");
        viewer.finish();

        assertEquals(0, analysed.exitCode(), String.join("\n", analysed.err()));
        List<String> both = List.of("INDEX_NAME", "POSITION_HASH_IDX", "TALL_COLUMN_SQUARE_IDX");
        assertEquals(both, during.out().lines().toList(), String.join("\n", during.err()));
        assertEquals(both, after.out().lines().toList(), String.join("\n", after.err()));
    }
}
