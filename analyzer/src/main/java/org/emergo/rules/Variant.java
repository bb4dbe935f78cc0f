package org.emergo.rules;

import java.util.Locale;

/**
 * The two games of the rule book: Emergo (docs/rules.md#the-emergo-board) and HexEmergo
 * (docs/rules.md#the-hexemergo-board).
 */
public enum Variant {
    EMERGO("Emergo"),
    HEXEMERGO("HexEmergo");

    private final String tagName;

    Variant(String tagName) {
        this.tagName = tagName;
    }

    /** The value of the EGN {@code Variant} tag. */
    public String tagName() {
        return tagName;
    }

    public Board board() {
        return this == EMERGO ? Board.EMERGO : Board.HEXEMERGO;
    }

    /** Reads a variant name as written in tags and on the command line, ignoring case. */
    public static Variant parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
        return switch (n) {
            case "emergo", "" -> EMERGO;
            case "hexemergo", "hex" -> HEXEMERGO;
            default -> throw new IllegalArgumentException("unknown variant '" + name + "' (Emergo or HexEmergo)");
        };
    }
}
