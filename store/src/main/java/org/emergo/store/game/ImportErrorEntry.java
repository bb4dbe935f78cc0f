package org.emergo.store.game;

/**
 * A rejected record, for table import_error.
 *
 * @param source  the file (or archive!entry) it came from
 * @param line    1-based line of the problem, 0 when unknown
 * @param col     1-based column of the problem, 0 when unknown
 * @param message what was wrong, in words
 * @param excerpt the text around the problem
 */
public record ImportErrorEntry(String source, int line, int col, String message, String excerpt) {
}
