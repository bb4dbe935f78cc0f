package org.emergo.cli;

import java.io.PrintWriter;
import org.emergo.store.importing.BulkImport;
import org.emergo.importer.ImportError;

/** Prints import errors and warnings to stderr as {@code file:line:col: error: message}, the first ones only. */
final class Problems implements BulkImport.Report {

    static final int SHOWN = 20;

    private final PrintWriter err;
    private int shown;
    private int hidden;

    Problems(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void error(ImportError error) {
        print("error", error);
    }

    @Override
    public void warning(ImportError warning) {
        print("warning", warning);
    }

    private void print(String kind, ImportError problem) {
        if (shown >= SHOWN) {
            hidden++;
            return;
        }
        shown++;
        err.println(problem.source() + ":" + problem.line() + ":" + problem.column() + ": " + kind + ": " + problem.message()
                + (problem.excerpt() == null || problem.excerpt().isEmpty() ? "" : " [" + problem.excerpt() + "]"));
        err.flush();
    }

    void finish() {
        if (hidden > 0) err.println("... and " + hidden + " more (errors are kept in the import_error table)");
        err.flush();
    }
}
