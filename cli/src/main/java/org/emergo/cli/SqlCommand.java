package org.emergo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.emergo.store.Database;
import org.emergo.store.OutputFormat;
import org.emergo.store.ReadOnlyQuery;
import org.emergo.store.StoreException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code emergo sql}: one read-only query, printed as a table, CSV or JSON. */
@Command(name = "sql", description = {
    "Run one read-only SQL query (30 s limit) and print its rows. Statements that would",
    "change anything are refused. Example queries are in sql/queries/ (use --file)."})
final class SqlCommand implements Callable<Integer> {

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Option(names = "--format", paramLabel = "F", defaultValue = "table",
            description = "table (default), csv or json")
    String format;

    @CommandLine.Option(names = "--file", paramLabel = "FILE", description = "read the query from a file")
    Path file;

    @CommandLine.Parameters(arity = "0..1", paramLabel = "QUERY", description = "the query (quote it)")
    String query;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if ((query == null) == (file == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give either QUERY or --file FILE");
        }
        OutputFormat output;
        try {
            output = OutputFormat.parse(format);
        } catch (IllegalArgumentException | StoreException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        String sql = query != null ? query : Files.readString(file, StandardCharsets.UTF_8);
        PrintWriter out = spec.commandLine().getOut();
        try (Database database = db.open()) {
            new ReadOnlyQuery(database).run(sql, output.writer(out));
        } catch (StoreException e) {
            out.flush();
            spec.commandLine().getErr().println("emergo sql: " + e.getMessage());
            return 1;
        }
        out.flush();
        return 0;
    }
}
