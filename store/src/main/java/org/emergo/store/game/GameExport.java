package org.emergo.store.game;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.function.Function;
import java.util.function.LongPredicate;
import org.emergo.importer.CsvGameWriter;
import org.emergo.importer.EgnWriter;
import org.emergo.replay.GameRecord;
import org.jooq.Condition;
import org.jooq.DSLContext;

/**
 * Games as a file, EGN or CSV, written as they are read, a page of games at a time: what
 * {@code emergo export} prints and the games list downloads.
 */
public final class GameExport {

    public enum Format { EGN, CSV }

    private final DSLContext dsl;

    /** @param dsl best a read-only transaction's ({@code Database#readOnly}), so the file is one snapshot */
    public GameExport(DSLContext dsl) {
        this.dsl = dsl;
    }

    /**
     * Writes the games matching {@code where} and {@code keep} in id order, each as {@code record}
     * makes it (with its review, say), then flushes.
     */
    public void write(Format format, Condition where, LongPredicate keep, Function<StoredGame, GameRecord> record, Writer out)
            throws IOException {
        GameRepository games = new GameRepository(dsl);
        try {
            if (format == Format.EGN) {
                EgnWriter egn = new EgnWriter(out);
                games.forEachGame(where, g -> {
                    if (keep.test(g.id())) unchecked(() -> egn.write(record.apply(g)));
                });
            } else {
                CsvGameWriter csv = new CsvGameWriter(out, games.tagNames());
                games.forEachGame(where, g -> {
                    if (keep.test(g.id())) unchecked(() -> csv.write(Long.toString(g.id()), record.apply(g)));
                });
                csv.flush();
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        out.flush();
    }

    private interface IoAction {
        void run() throws IOException;
    }

    private static void unchecked(IoAction action) {
        try {
            action.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
