package org.emergo.puzzle;

import java.util.Locale;

/**
 * What a puzzle is about, read from the solver's moves alone (never set by hand;
 * docs/puzzles.md#mining).
 */
public enum Theme {
    /** a move of the solver's is a capture */
    CAPTURE,
    /** a capture of the solver's takes two men or more: the majority rule makes the route the point */
    MAJORITY,
    /** a capture of the solver's takes the last jailer of a column holding his own men, which become his */
    LIBERATION,
    /** a move of the solver's enters a man */
    ENTRY,
    /** a move of the solver's enters the shadowpiece, more than one man at once */
    SHADOWPIECE,
    /** the solver's first move is no capture, and the opponent captures in reply */
    SACRIFICE,
    /** the solution wins the game */
    GAME;

    /** The theme as stored and shown: {@code capture}, {@code majority}, ... */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Theme of(String code) {
        return valueOf(code.trim().toUpperCase(Locale.ROOT));
    }
}
