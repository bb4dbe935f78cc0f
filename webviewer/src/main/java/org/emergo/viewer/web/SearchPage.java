package org.emergo.viewer.web;

import java.util.List;
import org.emergo.pattern.Pattern;
import org.emergo.store.pattern.PatternSearch;
import org.emergo.store.sql.QueryResult;
import org.emergo.viewer.board.PatternBoardSvg;
import org.emergo.viewer.data.PatternEditing;
import org.emergo.viewer.data.Urls;

/**
 * The pattern search page (docs/patterns.md#in-the-viewer): the board editor (a second board for the
 * second pattern of a manoeuvre), the pattern's text, the counts and a page of the matching games. {@code error} is a malformed pattern's message, with
 * {@code text} as typed; then there is no result.
 */
public record SearchPage(String text, Pattern pattern, String error, PatternSearch.Result result, QueryResult games,
        int page, int pageSize) {

    public String boardSvg() {
        return PatternBoardSvg.draw(pattern, hasThen() ? "first pattern" : null,
                sq -> url(PatternEditing.cycle(pattern, sq).toString(), 1));
    }

    /** Whether the pattern is a manoeuvre: a second pattern follows ({@code then:K}), drawn on a board of its own. */
    public boolean hasThen() {
        return pattern.then() != null;
    }

    /** The second pattern's board, whose links cycle its squares and keep the rest of the pattern. */
    public String thenBoardSvg() {
        return PatternBoardSvg.draw(pattern.then(), "second pattern",
                sq -> url(PatternEditing.cycleThen(pattern, sq).toString(), 1));
    }

    /** The plies within which the second pattern follows. */
    public int within() {
        return pattern.within();
    }

    public int defaultWithin() {
        return PatternEditing.DEFAULT_WITHIN;
    }

    /** The pattern followed by a second pattern that asks nothing yet. */
    public String addThenUrl() {
        return url(PatternEditing.addThen(pattern, PatternEditing.DEFAULT_WITHIN).toString(), 1);
    }

    /** The pattern without its second pattern. */
    public String removeThenUrl() {
        return url(PatternEditing.removeThen(pattern).toString(), 1);
    }

    public static String url(String pattern, int page) {
        return "/search?pattern=" + Urls.encode(pattern) + (page > 1 ? "&page=" + page : "");
    }

    public String pageUrl(int n) {
        return url(pattern.toString(), n);
    }

    public int pages() {
        return result == null ? 1 : Math.max(1, (result.games() + pageSize - 1) / pageSize);
    }

    public String gamesListUrl() {
        return "/games?pattern=" + Urls.encode(pattern.toString());
    }

    public String apiUrl() {
        return "/api/search?pattern=" + Urls.encode(pattern.toString());
    }

    public String otherBoardUrl() {
        return url(pattern.variant() == org.emergo.rules.Variant.EMERGO ? "hexemergo" : "any", 1);
    }

    public String otherBoard() {
        return pattern.variant() == org.emergo.rules.Variant.EMERGO ? "HexEmergo" : "Emergo";
    }

    /** Rows of the page: game, ply, positions, white, black, result, date, event. */
    public List<List<Object>> rows() {
        return games == null ? List.of() : games.rows();
    }

    public static String text(Object v) {
        return v == null ? "" : v.toString();
    }
}
