package org.emergo.viewer.web;

import java.util.List;
import org.emergo.pattern.Pattern;
import org.emergo.store.PatternSearch;
import org.emergo.store.QueryResult;
import org.emergo.viewer.board.PatternBoardSvg;
import org.emergo.viewer.data.PatternEditing;
import org.emergo.viewer.data.Urls;

/**
 * The pattern search page (docs/patterns.md#the-text-form): the board editor, the pattern's text, the counts
 * and a page of the matching games. {@code error} is a malformed pattern's message, with
 * {@code text} as typed; then there is no result.
 */
public record SearchPage(String text, Pattern pattern, String error, PatternSearch.Result result, QueryResult games,
        int page, int pageSize) {

    public String boardSvg() {
        return PatternBoardSvg.draw(pattern, sq -> url(PatternEditing.cycle(pattern, sq).toString(), 1));
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
