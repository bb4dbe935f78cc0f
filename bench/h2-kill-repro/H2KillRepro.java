import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreTool;
import org.h2.mvstore.Page;

/**
 * H2 alone (no emergo): one transaction inserts 2,000 parent rows and 2 child rows for each
 * (JDBC batches of 1,000 on one connection, autocommit off; the child table has an index whose
 * first column has two values, and another connection reads it meanwhile), commits, and says so on stdout;
 * the driver kills the process with SIGKILL right after that line (or, with "random", at a
 * random moment), opens the file again and counts parents whose children are not all there.
 * A committed or rolled-back transaction leaves none; H2 2.4.240 sometimes leaves some. Before
 * that open it counts the pages the file reaches that H2's records count as free
 * ({@link #pagesCountedFree}): a file H2 wrote has none.
 *
 * <pre>
 * javac -d out H2KillRepro.java
 * java -cp out:h2-2.4.240.jar H2KillRepro ITERATIONS WORKDIR [after-commit|random] [URL-SETTINGS]
 * </pre>
 *
 * A broken file is copied to WORKDIR/broken-N.mv.db before it is opened again.
 */
public final class H2KillRepro {

    static final int PARENTS = 2000;
    static final int CHILDREN = 2;

    public static void main(String[] args) throws Exception {
        if (args[0].equals("child")) {
            child(args[1], args[2].equals("after-commit"));
            return;
        }
        int iterations = Integer.parseInt(args[0]);
        Path work = Path.of(args[1]);
        String mode = args.length > 2 ? args[2] : "after-commit";
        String settings = args.length > 3 ? args[3] : "";
        Files.createDirectories(work);
        int broken = 0;
        int lostCommits = 0;
        for (int i = 1; i <= iterations; i++) {
            Path base = work.resolve("repro");
            Files.deleteIfExists(Path.of(base + ".mv.db"));
            Files.deleteIfExists(Path.of(base + ".trace.db"));
            String url = "jdbc:h2:file:" + base + settings;
            createSchema(url); // closed cleanly: the kill can lose rows only
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), H2KillRepro.class.getName(), "child", url, mode));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            long committed = 0;
            long killAt = mode.equals("random") ? System.nanoTime() + ThreadLocalRandom.current().nextLong(3_000_000_000L) : 0;
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith("committed ")) {
                    committed = Long.parseLong(line.substring("committed ".length()));
                    if (mode.equals("after-commit") && committed == PARENTS) break;
                    if (mode.equals("random") && System.nanoTime() > killAt) break;
                } else if (!line.equals("ready")) {
                    System.out.println(i + ": child said " + line);
                }
            }
            new ProcessBuilder("kill", "-KILL", Long.toString(p.pid())).start().waitFor();
            p.waitFor();
            Path copy = work.resolve("broken-" + i + ".mv.db");
            Files.copy(Path.of(base + ".mv.db"), copy, StandardCopyOption.REPLACE_EXISTING);
            long free = pagesCountedFree(Path.of(base + ".mv.db")); // before anything opens it to write
            long[] c = check(url);
            boolean bad = free > 0 || c[2] != 0 || c[1] != c[0] * CHILDREN || c[0] % PARENTS != 0;
            if (c[0] < committed) lostCommits++;
            System.out.println(i + ": said committed " + committed + ", found parents " + c[0] + ", children " + c[1]
                    + ", parents without all children " + c[2] + ", reachable pages counted free " + free + (bad ? "  BROKEN (kept " + copy + ")" : ""));
            if (bad) broken++;
            else Files.delete(copy);
        }
        System.out.println("iterations " + iterations + ", broken " + broken + ", commits said but lost " + lostCommits);
    }

    /**
     * How many pages the file's last version reaches (from the root of any map, the layout and
     * meta maps among them) that their chunk's occupancy record counts as free. A file H2 wrote
     * has none; the next program to change such a page frees it a second time (with -ea, H2's
     * assertion in Chunk.accountForRemovedPage fails), its chunk is then dropped while still in
     * use: "Chunk N not found", or on a later open "Inconsistent occupancy info".
     */
    static long pagesCountedFree(Path file) throws Exception {
        try (MVStore store = new MVStore.Builder().fileName(file.toString()).readOnly().open()) {
            FileStore<?> files = store.getFileStore();
            Map<Integer, BitSet> free = new HashMap<>();
            for (Map.Entry<String, String> e : store.getLayoutMap().entrySet()) {
                String occupancy = e.getKey().startsWith("chunk.") ? DataUtils.parseMap(e.getValue()).get("occupancy") : null;
                if (occupancy != null) free.put(Integer.parseInt(e.getKey().substring(6), 16), BitSet.valueOf(HexFormat.of().parseHex(occupancy)));
            }
            // package-private or private in 2.4.240: what H2's own compaction and page accounting use
            Field layout = FileStore.class.getDeclaredField("layout");
            layout.setAccessible(true);
            Method pageNo = FileStore.class.getDeclaredMethod("calculatePageNo", long.class);
            pageNo.setAccessible(true);
            Method generic = MVStoreTool.class.getDeclaredMethod("getGenericMapBuilder");
            generic.setAccessible(true);
            List<Page<?, ?>> todo = new ArrayList<>(List.of(((MVMap<?, ?>) layout.get(files)).getRootPage(), store.getMetaMap().getRootPage()));
            for (String name : store.getMapNames()) {
                @SuppressWarnings("unchecked")
                MVMap.Builder<Object, Object> b = (MVMap.Builder<Object, Object>) generic.invoke(null);
                if (name.startsWith("undoLog")) b.singleWriter();
                todo.add(store.openMap(name, b).getRootPage());
            }
            List<Long> positions = new ArrayList<>();
            while (!todo.isEmpty()) {
                Page<?, ?> page = todo.remove(todo.size() - 1);
                positions.add(page.getPos());
                if (page.isLeaf()) continue;
                for (int i = 0; i < page.getRawChildPageCount(); i++) {
                    if (DataUtils.isLeafPosition(page.getChildPagePos(i))) positions.add(page.getChildPagePos(i));
                    else todo.add(page.getChildPage(i));
                }
            }
            long counted = 0;
            for (long pos : positions) {
                BitSet chunkFree = pos == 0 ? null : free.get(DataUtils.getPageChunkId(pos));
                if (chunkFree != null && chunkFree.get((int) pageNo.invoke(files, pos))) counted++;
            }
            return counted;
        }
    }

    static void createSchema(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE parent (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
                    + " payload VARCHAR(2000) NOT NULL, fp BIGINT NOT NULL)");
            st.execute("CREATE INDEX parent_fp ON parent (fp)");
            st.execute("CREATE TABLE child (parent_id BIGINT NOT NULL, seq INT NOT NULL, v VARCHAR(200),"
                    + " PRIMARY KEY (parent_id, seq), FOREIGN KEY (parent_id) REFERENCES parent (id) ON DELETE CASCADE)");
            // an index whose first column has two values, as emergo's tall_column (square, game_id)
            st.execute("CREATE INDEX child_seq ON child (seq, parent_id)");
        }
    }

    static long[] check(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT (SELECT COUNT(*) FROM parent), (SELECT COUNT(*) FROM child),"
                        + " (SELECT COUNT(*) FROM parent p WHERE (SELECT COUNT(*) FROM child c WHERE c.parent_id = p.id) <> "
                        + CHILDREN + ")")) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3)};
        }
    }

    /**
     * Inserts transaction after transaction; after each commit says "committed TOTAL"; with
     * {@code pause}, stops after the first commit and waits to be killed.
     */
    static void child(String url, boolean pause) throws Exception {
        // a connection that reads while the other writes, as emergo's analysis reads games
        Thread reader = new Thread(() -> {
            try (Connection rc = DriverManager.getConnection(url, "sa", ""); Statement rs = rc.createStatement()) {
                while (true) {
                    try (ResultSet x = rs.executeQuery("SELECT COUNT(*) FROM child WHERE seq = 1")) { x.next(); }
                }
            } catch (Exception e) {
                System.out.println("reader: " + e);
            }
        });
        reader.setDaemon(true);
        reader.start();
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            System.out.println("ready");
            c.setAutoCommit(false);
            long total = 0;
            ThreadLocalRandom r = ThreadLocalRandom.current();
            String payload = "x".repeat(600);
            while (true) {
                for (int half = 0; half < PARENTS / 1000; half++) {
                    List<Long> ids = new ArrayList<>();
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO parent (payload, fp) VALUES (?, ?)",
                            new String[] {"ID"})) {
                        for (int i = 0; i < 1000; i++) {
                            ps.setString(1, payload + r.nextLong());
                            ps.setLong(2, r.nextLong());
                            ps.addBatch();
                        }
                        ps.executeBatch();
                        try (ResultSet keys = ps.getGeneratedKeys()) {
                            while (keys.next()) ids.add(keys.getLong(1));
                        }
                    }
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO child (parent_id, seq, v) VALUES (?, ?, ?)")) {
                        for (long id : ids) {
                            for (int s = 0; s < CHILDREN; s++) {
                                ps.setLong(1, id);
                                ps.setInt(2, s);
                                ps.setString(3, "tag " + r.nextInt());
                                ps.addBatch();
                            }
                        }
                        ps.executeBatch();
                    }
                }
                c.commit();
                total += PARENTS;
                System.out.println("committed " + total);
                System.out.flush();
                if (pause && total == PARENTS) {
                    Thread.sleep(Long.MAX_VALUE); // as emergo's process test: paused after the first commit
                }
            }
        }
    }
}
