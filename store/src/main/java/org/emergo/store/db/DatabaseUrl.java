package org.emergo.store.db;

import java.nio.file.Path;
import java.util.Locale;

/** The JDBC URL of a user's {@code --db} argument, and the settings emergo adds to an H2 URL. */
final class DatabaseUrl {

    private DatabaseUrl() {}

    /**
     * A JDBC URL is taken as it is, anything else is the path of an H2 file. Without an
     * argument, {@code envValue} (EMERGO_DB), else {@link Database#DEFAULT_PATH}.
     */
    static String resolve(String dbArgOrNull, String envValue) {
        String arg = !isBlank(dbArgOrNull) ? dbArgOrNull.trim()
                : !isBlank(envValue) ? envValue.trim()
                : Database.DEFAULT_PATH;
        if (arg.startsWith("jdbc:")) {
            if (!arg.startsWith("jdbc:h2:") && !arg.startsWith("jdbc:postgresql:")) {
                throw new StoreException("unsupported database URL '" + arg
                        + "': use a path (an H2 file), jdbc:h2:... or jdbc:postgresql://...");
            }
            return arg;
        }
        if (arg.contains(";")) {
            // H2 would read what follows a semicolon as settings
            throw new StoreException("a database path may not contain ';': " + arg);
        }
        String path = Path.of(arg).toAbsolutePath().normalize().toString();
        if (path.endsWith(".mv.db")) {
            path = path.substring(0, path.length() - ".mv.db".length()); // H2 adds it itself
        }
        return "jdbc:h2:file:" + path;
    }

    static boolean isPostgres(String url) {
        return url.startsWith("jdbc:postgresql:");
    }

    /**
     * An H2 URL with emergo's settings, each unless the URL sets it itself.
     * NON_KEYWORDS=VALUE: game_tag.value is a column, and VALUE is a keyword in H2 (not in
     * PostgreSQL). A session setting: every connection needs it, the reader's too.
     * COMPRESS=TRUE: H2 writes its pages LZF-compressed, which halves the file (position strings
     * compress well) for a few percent of CPU, where compacting the file afterwards took a
     * fifth of an analysis run. A setting of the open database, so the first connection decides.
     * (A larger CACHE_SIZE, WRITE_DELAY or PAGE_SIZE made no measurable difference to bulk inserts.)
     * TRACE_LEVEL_FILE=0: no .trace.db file beside the database; H2 printed a trace to stderr when
     * it could not write one (a path it cannot write), and emergo reports the errors itself.
     * MAX_COMPACT_TIME=0: no compaction when the file closes. After analysing 2,600 games it
     * made the close take 14.1 s instead of 0.5 s and left the file no smaller (106.6 MB), and it
     * is the code of H2's lost-rows bug h2database#4247; {@code emergo import} compacts whole
     * with SHUTDOWN COMPACT ({@link H2Compaction}) instead.
     * AUTO_COMPACT_FILL_RATE=0, for a program that only reads ({@code reading}): H2 does not
     * rewrite the file's chunks in the background while it runs. After an analysis, each of the
     * first three {@code emergo find}s on the demo's file rewrote 9 to 21 MB of it and took about
     * twice the CPU of the next ones; the programs that write, and the viewer, still do it.
     */
    static String withH2Settings(String url, boolean reading) {
        String upper = url.toUpperCase(Locale.ROOT);
        return url
                + (upper.contains(";NON_KEYWORDS=") ? "" : ";NON_KEYWORDS=VALUE")
                + (upper.contains(";COMPRESS=") ? "" : ";COMPRESS=TRUE")
                + (upper.contains(";TRACE_LEVEL_FILE=") ? "" : ";TRACE_LEVEL_FILE=0")
                + (upper.contains(";MAX_COMPACT_TIME=") ? "" : ";MAX_COMPACT_TIME=0")
                + (reading && !upper.contains(";AUTO_COMPACT_FILL_RATE=") ? ";AUTO_COMPACT_FILL_RATE=0" : "")
                + (isH2File(upper) && !upper.contains(";AUTO_SERVER=") && !upper.contains(";FILE_LOCK=") ? ";AUTO_SERVER=TRUE" : "");
    }

    /**
     * AUTO_SERVER=TRUE (H2's mixed mode): the first program to open a file serves it to the
     * next ones over a local socket, so {@code emergo import}, {@code analyze} and {@code sql}
     * keep working on a file that {@code emergo serve} holds open. Only for files: an
     * in-memory or server database has no file to share.
     */
    static boolean isH2File(String upperUrl) {
        if (!upperUrl.startsWith("JDBC:H2:")) return false;
        String rest = upperUrl.substring("JDBC:H2:".length());
        if (rest.startsWith("FILE:")) return true;
        return !(rest.startsWith("MEM:") || rest.startsWith("TCP:") || rest.startsWith("SSL:") || rest.startsWith("ZIP:")
                || rest.startsWith("NIO") || rest.startsWith("SPLIT:") || rest.startsWith("ASYNC:") || rest.startsWith("RETRY:"));
    }

    static boolean isH2Memory(String url) {
        return url.startsWith("jdbc:h2:mem:");
    }

    /**
     * The database as users name it, for messages: the H2 file's path, or the URL without its
     * parameters (which may hold a password).
     */
    static String where(String url) {
        String plain = url.replaceFirst("[;?].*$", "");
        return plain.startsWith("jdbc:h2:file:") ? plain.substring("jdbc:h2:file:".length()) : plain;
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }
}
