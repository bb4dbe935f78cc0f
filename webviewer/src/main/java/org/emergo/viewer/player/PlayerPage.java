package org.emergo.viewer.player;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.emergo.store.game.GameFilter;
import org.emergo.store.game.PlayerSummary;
import org.emergo.store.review.ReviewFigures;
import org.emergo.viewer.http.Urls;

/**
 * A player's page: results by colour, findings by code, shadowpieces, recent games; the
 * engine's figures of his reviewed games (null when none is reviewed); his ratings (null: none).
 */
public record PlayerPage(PlayerSummary.Summary summary, ReviewFigures.PlayerFigures review, PlayerRatings ratings) {

    /** Reviewed games listed one by one on the page, newest first. */
    public static final int REVIEWED_GAMES_SHOWN = 50;

    public List<ReviewFigures.PlayerGame> reviewedGamesShown() {
        List<ReviewFigures.PlayerGame> games = review.games();
        return games.subList(0, Math.min(REVIEWED_GAMES_SHOWN, games.size()));
    }

    /** A figure with one decimal, or "–" for none. */
    public static String oneDecimal(Double value) {
        return value == null ? "–" : String.format(Locale.ROOT, "%.1f", value);
    }

    public String name() {
        return summary.name();
    }

    public String mistakesUrl() {
        return Urls.player(summary.name()) + "/mistakes";
    }

    public String puzzlesUrl() {
        return "/puzzles?player=" + Urls.encode(summary.name());
    }

    /** The games list filtered to this player and more. */
    /** The position explorer over this player's games from the start, with one colour ("w", "b") or either (null). */
    public String explorerUrl(String colour) {
        return "/position?player=" + Urls.encode(name()) + (colour == null ? "" : "&color=" + colour);
    }

    public String gamesUrl(Map<String, String> more) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("player", summary.name());
        p.putAll(more);
        return "/games?" + GameFilter.queryString(p);
    }

    public String colourUrl(String colour, String result) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(colour, summary.name());
        if (result != null) p.put("result", result);
        return "/games?" + GameFilter.queryString(p);
    }

    public String playerUrl(String other) {
        return "/player/" + Urls.segment(other);
    }
}
