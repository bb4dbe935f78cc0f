package org.emergo.importer;

/** Turns a position inside the text being read into a reportable error or warning. */
@FunctionalInterface
interface Where {

    ImportError at(int line, int column, String message, String excerpt);

    /** Positions as they are, in one named source. */
    static Where in(String source) {
        return (line, column, message, excerpt) -> new ImportError(source, line, column, message, excerpt);
    }
}
