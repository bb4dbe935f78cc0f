package org.emergo.importer;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.emergo.replay.GameRecord;

/**
 * Writes games in the games-per-row CSV layout (docs/formats.md#csv):
 * {@code id,event,site,date,round,white,black,result,variant,moves,position}, then one column for
 * each extra tag the caller names. {@code moves} holds the canonical movetext, {@code position}
 * the set-up position string (empty for the normal start). {@link CsvGameReader} reads it back.
 */
public final class CsvGameWriter implements Closeable, Flushable {

    /** The columns always written, in order. */
    public static final List<String> COLUMNS =
            List.of("id", "event", "site", "date", "round", "white", "black", "result", "variant", "moves", "position");

    private final CSVPrinter printer;
    private final List<String> extraTags;

    /** A writer with the standard columns only. */
    public CsvGameWriter(Writer out) throws IOException {
        this(out, List.of());
    }

    /**
     * @param extraTags tags written as further columns, named as the tags (a column that would
     *                  repeat a standard one is left out)
     */
    public CsvGameWriter(Writer out, List<String> extraTags) throws IOException {
        List<String> extras = new ArrayList<>();
        for (String tag : extraTags) {
            if (!EgnWriter.STANDARD_TAGS.contains(tag) && !EgnWriter.isSetupTag(tag)
                    && COLUMNS.stream().noneMatch(c -> c.equalsIgnoreCase(tag))
                    && extras.stream().noneMatch(t -> t.equalsIgnoreCase(tag))) {
                extras.add(tag);
            }
        }
        this.extraTags = List.copyOf(extras);
        List<String> header = new ArrayList<>(COLUMNS);
        header.addAll(this.extraTags);
        this.printer = new CSVPrinter(out, CSVFormat.RFC4180.builder().setHeader(header.toArray(String[]::new)).get());
    }

    /** Writes one game as one row; {@code id} is the game's id in the store (or any key). */
    public void write(String id, GameRecord game) throws IOException {
        List<String> row = new ArrayList<>(COLUMNS.size() + extraTags.size());
        row.add(id);
        for (String tag : EgnWriter.STANDARD_TAGS) {
            String value = game.tag(tag);
            row.add(tag.equals("Result") ? game.result() : value == null ? "" : value);
        }
        row.add(game.variant().tagName());
        row.add(game.movetext() == null ? "" : game.movetext());
        row.add(game.setupPosition() == null ? "" : game.setupPosition());
        for (String tag : extraTags) {
            String value = game.tag(tag);
            row.add(value == null ? "" : value);
        }
        printer.printRecord(row);
    }

    @Override
    public void flush() throws IOException {
        printer.flush();
    }

    @Override
    public void close() throws IOException {
        printer.close();
    }
}
