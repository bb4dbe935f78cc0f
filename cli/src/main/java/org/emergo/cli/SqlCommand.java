package org.emergo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.output.OutputFormat;
import org.emergo.store.sql.NamedParameters;
import org.emergo.store.sql.QueryException;
import org.emergo.store.sql.ReadOnlyQuery;
import org.emergo.store.sql.SchemaCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code emergo sql}: one read-only query, printed as a table, CSV or JSON. */
@Command(name = "sql", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Run one read-only SQL query on a database and print its rows.",
            "Statements that would change anything are refused, and a query may run for 30 s at most. "
                    + "Example queries are in sql/queries/ (use --file); --schema lists the tables and what they hold.",
            "The finding codes are in docs/findings.md#finding-codes."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo sql \"SELECT code, COUNT(*) FROM finding GROUP BY code\"",
            "  emergo sql --db emergo-data/demo --file sql/queries/05_game_length.sql",
            "  emergo sql --file sql/queries/02_tall_columns_on_e5.sql --param square=f4",
            "  emergo sql --schema"})
final class SqlCommand implements Callable<Integer> {

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Option(names = "--format", paramLabel = "F", defaultValue = "table",
            description = "How to print the rows: table (default), csv or json.")
    String format;

    @CommandLine.Option(names = "--file", paramLabel = "FILE", description = "Read the query from a file.")
    Path file;

    @CommandLine.Parameters(arity = "0..1", paramLabel = "QUERY", description = "The query, in quotes.")
    String query;

    @CommandLine.Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "A value for a parameter the query declares (-- :NAME = default in its leading comment),"
                    + " bound as data, never pasted into the SQL; may be given several times.")
    Map<String, String> params = new LinkedHashMap<>();

    @CommandLine.Option(names = "--schema",
            description = "List every table and view with its columns, their types and what each holds, instead of a query.")
    boolean schema;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (schema ? query != null || file != null : (query == null) == (file == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give either QUERY, --file FILE or --schema");
        }
        OutputFormat output;
        try {
            output = OutputFormat.parse(format);
        } catch (IllegalArgumentException | StoreException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        if (file != null && !Files.isRegularFile(file)) {
            err.println("emergo sql: cannot read " + file + ": " + (Files.exists(file) ? "not a file" : "no such file"));
            return 1;
        }
        String missing = db.missing("sql");
        if (missing != null) {
            err.println(missing);
            return 1;
        }
        PrintWriter out = spec.commandLine().getOut();
        if (schema) {
            try (Database database = db.openToRead()) {
                SchemaListing.print(SchemaCatalog.read(database), output, out);
            } catch (StoreException e) {
                err.println("emergo sql: " + FailureHandler.storeFailure(e));
                return 1;
            }
            out.flush();
            return 0;
        }
        String sql = query != null ? query : Files.readString(file, StandardCharsets.UTF_8);
        NamedParameters.Bound bound;
        try {
            bound = NamedParameters.bind(sql, params);
        } catch (QueryException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        try (Database database = db.openToRead()) {
            new ReadOnlyQuery(database).run(bound, output.writer(out));
        } catch (StoreException e) {
            out.flush();
            err.println("emergo sql: " + FailureHandler.storeFailure(e));
            return 1;
        }
        out.flush();
        return 0;
    }
}
