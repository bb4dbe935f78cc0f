package org.emergo.store;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.emergo.store.db.ReadOnlyAccess;

/**
 * A PostgreSQL server for tests: the one EMERGO_TEST_PG_URL names, else a throwaway server of
 * our own (initdb and pg_ctl into a fresh temporary folder, on a free loopback port), started
 * once per JVM and stopped and deleted when the JVM ends. Each test class gets a database of
 * its own from {@link #newDatabaseUrl}. Public for the command's process tests (cli).
 *
 * <p>initdb refuses to run as root (CI runs as root): there both commands run as the postgres
 * user, on a folder that user owns. Missing binaries fail the tests with what to install.
 */
public final class PostgresServer {

    static final String ENV_URL = "EMERGO_TEST_PG_URL";
    static final Path BIN = Path.of("/usr/lib/postgresql/15/bin");
    private static final String USER = "emergo";

    private static PostgresServer instance;

    private final String adminUrl;
    private final AtomicInteger databases = new AtomicInteger();
    private final List<String> created = new ArrayList<>();

    private PostgresServer(String adminUrl) {
        this.adminUrl = adminUrl;
    }

    /** The server, started on first use. */
    public static synchronized PostgresServer get() {
        if (instance == null) {
            String external = System.getenv(ENV_URL);
            instance = external != null && !external.isBlank() ? external(external.trim()) : startLocal();
        }
        return instance;
    }

    /** The JDBC URL of a new, empty database on the server. */
    public String newDatabaseUrl() {
        return newDatabaseUrl("");
    }

    /**
     * The JDBC URL of a new, empty database made with options of CREATE DATABASE, such as
     * {@code TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'} for another collation.
     */
    public synchronized String newDatabaseUrl(String createOptions) {
        String name = "emergo_test_" + ProcessHandle.current().pid() + "_" + databases.incrementAndGet();
        try (Connection c = DriverManager.getConnection(adminUrl); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name + " " + createOptions);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create test database " + name + " on " + adminUrl + ": " + e.getMessage(), e);
        }
        created.add(name);
        return withDatabase(adminUrl, name);
    }

    /** The URL with its database name replaced. */
    public static String withDatabase(String url, String database) {
        int hostStart = url.indexOf("//") + 2;
        int slash = url.indexOf('/', hostStart);
        int query = url.indexOf('?', hostStart);
        String hostPart = url.substring(0, slash >= 0 ? slash : query >= 0 ? query : url.length());
        String params = query >= 0 ? url.substring(query) : "";
        return hostPart + "/" + database + params;
    }

    private static PostgresServer external(String url) {
        PostgresServer server = new PostgresServer(url);
        // the server is someone else's: leave it as found
        Runtime.getRuntime().addShutdownHook(new Thread(server::dropCreatedDatabases, "drop-test-databases"));
        return server;
    }

    private void dropCreatedDatabases() {
        try (Connection c = DriverManager.getConnection(adminUrl); Statement st = c.createStatement()) {
            for (String name : created) {
                st.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
                st.execute("DROP ROLE IF EXISTS " + ReadOnlyAccess.roleName(name)); // role names are the server's
            }
        } catch (SQLException e) {
            // the JVM is ending; a leftover test database is harmless
        }
    }

    private static PostgresServer startLocal() {
        if (!Files.isExecutable(BIN.resolve("initdb")) || !Files.isExecutable(BIN.resolve("pg_ctl"))) {
            throw new IllegalStateException("PostgreSQL 15 is needed for these tests and was not found in " + BIN
                    + ": apt-get install postgresql (or set " + ENV_URL + " to a server's JDBC URL)");
        }
        try {
            boolean root = isRoot();
            Path dir = Files.createTempDirectory("emergo-pg-");
            if (root) {
                UserPrincipal postgres = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
                Files.setOwner(dir, postgres);
            }
            Path data = dir.resolve("data");
            int port = freePort();
            run(root, dir.resolve("initdb.out"), BIN.resolve("initdb").toString(), "-D", data.toString(), "-U", USER,
                    "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync");
            // fsync off: a test server's data need not survive a crash
            String options = "-p " + port + " -k " + dir + " -h 127.0.0.1 -c fsync=off -c synchronous_commit=off"
                    + " -c full_page_writes=off";
            run(root, dir.resolve("pg_ctl.out"), BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-o", options,
                    "-l", dir.resolve("server.log").toString(), "-w", "start");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stopLocal(root, dir), "stop-test-postgres"));
            return new PostgresServer("jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=" + USER);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a PostgreSQL test server: " + e.getMessage(), e);
        }
    }

    private static void stopLocal(boolean root, Path dir) {
        try {
            run(root, dir.resolve("pg_ctl-stop.out"), BIN.resolve("pg_ctl").toString(), "-D",
                    dir.resolve("data").toString(), "-m", "fast", "-w", "stop");
        } catch (RuntimeException | IOException e) {
            // still delete what we can
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover folder in the temporary directory is harmless
        }
    }

    /** Runs a command (as postgres when we are root), its output to a file, failing with that output. */
    private static void run(boolean asPostgres, Path output, String... command) throws IOException {
        List<String> cmd = new ArrayList<>();
        if (asPostgres) {
            cmd.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        cmd.addAll(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", cmd) + " did not finish in 120 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", cmd), e);
        }
        if (p.exitValue() != 0) {
            Path log = output.resolveSibling("server.log");
            String serverLog = Files.exists(log) ? "\nserver.log:\n" + Files.readString(log) : "";
            throw new IllegalStateException(String.join(" ", cmd) + " failed (exit " + p.exitValue() + "):\n"
                    + Files.readString(output) + serverLog);
        }
    }

    private static boolean isRoot() throws IOException {
        Process p = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
        String uid = new String(p.getInputStream().readAllBytes()).trim();
        return uid.equals("0");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
