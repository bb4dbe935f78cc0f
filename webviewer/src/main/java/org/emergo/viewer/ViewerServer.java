package org.emergo.viewer;

import io.javalin.Javalin;
import org.emergo.store.Database;

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
        return new ViewerServer(new ViewerApp(db).create().start(host, port), host);
    }

    public int port() {
        return app.port();
    }

    /** The address to open, e.g. {@code http://127.0.0.1:7070/}. */
    public String url() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return "http://" + h + ":" + port() + "/";
    }

    @Override
    public void close() {
        app.stop();
    }
}
