package org.emergo.store.puzzle;

import java.util.List;
import java.util.Locale;
import org.emergo.rules.Variant;

/**
 * A puzzle as stored (sql/V18__puzzles.sql), with the players and event of its game.
 *
 * @param moves the solution, canonical; {@code roles} one letter each: a asked, f forced, r reply
 */
public record StoredPuzzle(long gameId, int ply, Variant variant, String epn, char solver, List<String> moves,
        String roles, int men, boolean winsGame, int proofFrom, int horizon, List<String> themes, double difficulty,
        String played, double rating, double ratingDeviation, int attempts, int solved, String white, String black,
        String event) {

    public StoredPuzzle {
        moves = List.copyOf(moves);
        themes = List.copyOf(themes);
    }

    /** The puzzle's id: its game and ply, {@code 12-34}. */
    public String id() {
        return id(gameId, ply);
    }

    public static String id(long gameId, int ply) {
        return gameId + "-" + ply;
    }

    /** The game and ply of an id, or null when it is none. */
    public static long[] parseId(String id) {
        int dash = id == null ? -1 : id.indexOf('-');
        if (dash <= 0) return null;
        try {
            long game = Long.parseLong(id.substring(0, dash));
            long ply = Long.parseLong(id.substring(dash + 1));
            return game < 1 || ply < 0 || ply > Integer.MAX_VALUE ? null : new long[] {game, ply};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether move {@code i} of the solution is the solver's to find. */
    public boolean asked(int i) {
        return roles.charAt(i) == 'a';
    }

    /** The rating, rounded, as shown. */
    public long shownRating() {
        return Math.round(rating);
    }

    /** The player who had to find it in the game. */
    public String solverName() {
        return solver == 'w' ? white : black;
    }

    /** The solver's side in words. */
    public String solverSide() {
        return (solver == 'w' ? "White" : "Black").toLowerCase(Locale.ROOT);
    }
}
