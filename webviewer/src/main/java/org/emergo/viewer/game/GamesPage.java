package org.emergo.viewer.game;

import java.util.Arrays;
import java.util.List;
import org.emergo.replay.FindingCode;
import org.emergo.store.game.GameFilter;
import org.emergo.store.game.GameList;
import org.emergo.store.game.GameSummary;
import org.emergo.viewer.http.Urls;

/** The games list: filters as a form, the count of matches, one page of games, paging links. */
public record GamesPage(GameFilter filter, int total, List<GameSummary> games) {

    public static GamesPage of(GameFilter filter, GameList.Page page) {
        return new GamesPage(filter, page.total(), page.games());
    }

    public int pages() {
        return Math.max(1, (total + GameFilter.PAGE_SIZE - 1) / GameFilter.PAGE_SIZE);
    }

    public int first() {
        return total == 0 ? 0 : (filter.page() - 1) * GameFilter.PAGE_SIZE + 1;
    }

    public int last() {
        return (filter.page() - 1) * GameFilter.PAGE_SIZE + games.size();
    }

    public String pageUrl(int page) {
        return url(filter.withPage(page));
    }

    public String sortUrl(String column) {
        return url(filter.sortedBy(column));
    }

    /** The order a column's heading announces: ascending, descending or none. */
    public String ariaSort(String column) {
        return column.equals(filter.sort()) ? (filter.descending() ? "descending" : "ascending") : null;
    }

    public String sortArrow(String column) {
        return column.equals(filter.sort()) ? (filter.descending() ? " ▼" : " ▲") : "";
    }

    public List<String> codes() {
        return Arrays.stream(FindingCode.values()).map(Enum::name).toList();
    }

    public String value(String s) {
        return s == null ? "" : s;
    }

    public String number(Integer n) {
        return n == null ? "" : n.toString();
    }

    /** An accuracy as the game page shows it, a whole number; a dash for a side without a move. */
    public String accuracy(Float a) {
        return a == null ? "–" : Long.toString(Math.round(a));
    }

    /** The columns a narrow window leaves out (the game's page has them all). */
    public String columnClass(String column) {
        return switch (column) {
            case "date", "event", "plies", "findings" -> "wide-only";
            default -> null;
        };
    }

    /** Every game the filters match (not only this page), as a file of the format. */
    public String downloadUrl(String format) {
        String q = filter.withPage(1).queryString();
        return "/games." + format + (q.isEmpty() ? "" : "?" + q);
    }

    public String playerUrl(String name) {
        return "/player/" + Urls.segment(name);
    }

    private static String url(GameFilter f) {
        String q = f.queryString();
        return q.isEmpty() ? "/games" : "/games?" + q;
    }
}
