package org.emergo.viewer;

import io.javalin.Javalin;
import org.emergo.store.db.Database;
import org.emergo.viewer.game.RecordDownload;

/** A running viewer: the app started on a host and port, stopped by {@link #close}. */
public final class ViewerServer implements AutoCloseable {

    private final Javalin app;
    private final String host;

    private ViewerServer(Javalin app, String host) {
        this.app = app;
        this.host = host;
    }

    /** Starts the viewer on the database; port 0 takes a free port. */
    public static ViewerServer start(Database db, String host, int port) {
        return start(db, host, port, RecordDownload.NONE);
    }

    /** Starts the viewer whose game pages download each game's record as {@code records} writes it. */
    public static ViewerServer start(Database db, String host, int port, RecordDownload records) {
        return new ViewerServer(new ViewerApp(db, host, records).create().start(host, port), host);
    }

    public int port() {
        return app.port();
    }

    /**
     * The address to open, e.g. {@code http://127.0.0.1:7070/}; for a server on every address
     * (0.0.0.0, ::) this machine's loopback address, which a browser can open.
     */
    public String url() {
        String h = switch (host) {
            case "0.0.0.0" -> "127.0.0.1";
            case "::", "[::]", "0:0:0:0:0:0:0:0" -> "[::1]";
            default -> host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        };
        return "http://" + h + ":" + port() + "/";
    }

    @Override
    public void close() {
        app.stop();
    }
}
