package org.emergo.importer;

import java.util.List;
import java.util.Locale;

/** The CSV layouts of docs/formats.md#csv, told apart by their header row. */
public enum CsvLayout {
    /** One game per row with its movetext in a {@code moves} column. */
    GAMES_PER_ROW,
    /** One game per row without moves: the games file beside a moves-per-row file. */
    GAMES_WITHOUT_MOVES,
    /** One move per row: {@code game_id,ply,move[,comment]}. */
    MOVES_PER_ROW,
    /** Neither. */
    UNKNOWN;

    /** The layout of a header row (names in any case and order). */
    public static CsvLayout of(List<String> header) {
        List<String> names = header.stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).toList();
        if (names.contains("moves")) return GAMES_PER_ROW;
        if (names.contains("game_id") && names.contains("ply") && names.contains("move")) return MOVES_PER_ROW;
        if (names.contains("id")) return GAMES_WITHOUT_MOVES;
        return UNKNOWN;
    }
}
