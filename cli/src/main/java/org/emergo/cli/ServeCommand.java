package org.emergo.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.emergo.importer.VariationMove;
import org.emergo.store.db.Database;
import org.emergo.store.review.ReviewedRecord;
import org.emergo.viewer.ViewerServer;
import org.emergo.viewer.game.RecordDownload;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code emergo serve}: the web viewer on a database, until Ctrl-C. */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Serve the web viewer on a database until Ctrl-C: browse and filter the games, "
                    + "step through them on the board, explore positions, look at statistics and run read-only SQL.",
            "Other emergo commands keep working on the same H2 file while it runs.",
            "The viewer is at http://127.0.0.1:7070/.",
            "Its routes: docs/viewer.md#the-web-viewer.",
            "Its JSON API: docs/api.md#the-json-api."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo serve --db emergo-data/demo",
            "  emergo serve --db games --port 8080"})
final class ServeCommand implements Callable<Integer> {

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "The address to listen on (default: 127.0.0.1, this machine only).")
    String host;

    @CommandLine.Option(names = "--port", paramLabel = "PORT", defaultValue = "7070",
            description = "The port (default: 7070).")
    int port;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65535) throw new CommandLine.ParameterException(spec.commandLine(), "--port must be 0 to 65535");
        String missing = db.missing("serve");
        if (missing != null) {
            spec.commandLine().getErr().println(missing);
            return 1;
        }
        Database database = db.open();
        database.cacheForServing();
        return serve(database, host, port, spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /**
     * The game page's download: the record with its review and the lines tried on the page as
     * variations, written by the importer's writer, which the viewer does not have.
     */
    static final RecordDownload RECORDS = (db, id, variations) ->
            ReviewedRecord.egn(db, id, ply -> variations.getOrDefault(ply, List.of()).stream().map(ServeCommand::variation).toList());

    private static List<VariationMove> variation(List<RecordDownload.LineMove> moves) {
        return moves.stream().map(m -> new VariationMove(m.move(), m.comment(),
                m.alternatives().stream().map(ServeCommand::variation).toList())).toList();
    }

    /** Serves the viewer on an open database until the process is stopped; closes the database then. */
    static int serve(Database database, String host, int port, PrintWriter out, PrintWriter err) throws InterruptedException {
        ViewerServer server;
        try {
            server = ViewerServer.start(database, host, port, RECORDS);
        } catch (RuntimeException e) {
            database.close();
            err.println("emergo serve: cannot listen on " + host + ":" + port + ": " + rootMessage(e));
            err.flush();
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            database.close();
            stopped.countDown();
        }, "emergo-serve-stop"));
        boolean everywhere = host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
        out.println("Serving the viewer at " + server.url() + " (Ctrl-C stops it)"
                + (everywhere ? "; other machines reach it at this machine's name or address, port " + server.port() : ""));
        out.flush();
        stopped.await();
        return 0;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
