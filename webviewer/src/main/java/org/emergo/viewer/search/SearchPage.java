package org.emergo.viewer.search;

import java.util.ArrayList;
import java.util.List;
import org.emergo.pattern.Pattern;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.store.analysis.ExplorerFilter;
import org.emergo.store.pattern.PatternNextMoves;
import org.emergo.store.pattern.PatternSearch;
import org.emergo.store.sql.QueryResult;
import org.emergo.viewer.board.PatternBoardSvg;
import org.emergo.viewer.http.Urls;
import org.emergo.viewer.search.PatternEditing.Part;

/**
 * The pattern search page (docs/patterns.md#in-the-viewer): the board editor (a board for each
 * alternative, excluded part and second pattern), the pattern's text, the counts and a page of the matching games. {@code error} is a malformed pattern's message, with
 * {@code text} as typed; then there is no result. {@code next}, when asked for, the moves played from the
 * matching positions.
 */
public record SearchPage(String text, Pattern pattern, String error, PatternSearch.Result result, QueryResult games,
        int page, int pageSize, List<PatternNextMoves.NextMove> next, ExplorerFilter filter) {

    /** A page of the search of this pattern text, with this page's game filter (player, color, from, to, result). */
    private String link(String text, int n) {
        return url(text, n) + Urls.filterQuery(filter);
    }

    /** Kinds of move the page shows at most; the JSON has them all. */
    public static final int NEXT_SHOWN = 40;

    /** The most played kinds of move, at most {@link #NEXT_SHOWN}. */
    public List<PatternNextMoves.NextMove> nextShown() {
        return next.subList(0, Math.min(next.size(), NEXT_SHOWN));
    }

    /** The JSON with every kind of move played next. */
    public String nextApiUrl() {
        return apiUrl() + "&next=1";
    }

    /** The page with what was played next from the matching positions ({@code next=1}). */
    public String nextUrl() {
        return link(pattern.toString(), 1) + "&next=1#played-next";
    }

    /** A link under a board: its id (for tests and scripts), address and words. */
    public record EditorLink(String id, String href, String text) {}

    /**
     * One board of the editor: an alternative's own conditions, an excluded part's ({@code not})
     * or a second pattern's ({@code then:K}); {@code caption} is null for a pattern of one board.
     */
    public record EditorBoard(String id, String caption, String svg, List<EditorLink> links) {}

    /**
     * Every board of the editor, in the pattern's order: each alternative's own board, its
     * excluded parts', its second pattern's. Each square's link cycles its condition on that
     * board only; the links under a board add or remove boards.
     */
    public List<EditorBoard> boards() {
        List<Pattern> alternatives = pattern.alternatives();
        boolean several = alternatives.size() > 1;
        List<EditorBoard> boards = new ArrayList<>();
        for (int i = 0; i < alternatives.size(); i++) {
            Pattern a = alternatives.get(i);
            String prefix = i == 0 ? "" : "or-" + i + "-";
            String suffix = i == 0 ? "" : "-" + i;
            List<EditorLink> links = new ArrayList<>();
            if (several) links.add(link("remove-or" + suffix, PatternEditing.remove(pattern, new Part(i, Part.Kind.MAIN, 0)), "Remove this alternative"));
            links.add(link("add-exclude" + suffix, PatternEditing.addExclude(pattern, i),
                    "Add an exclude board (not): a position that matches it is left out"));
            if (a.then() == null) {
                links.add(link("add-then" + suffix, PatternEditing.addThen(pattern, i, PatternEditing.DEFAULT_WITHIN),
                        "Add a second pattern that follows within " + PatternEditing.DEFAULT_WITHIN + " plies (a manoeuvre)"));
            }
            String caption = several ? (i == 0 ? "Pattern 1" : "Or pattern " + (i + 1))
                    : a.then() != null ? "First pattern" : a.excluded().isEmpty() ? null : "Pattern";
            String aria = several ? "pattern " + (i + 1) : a.then() != null ? "first pattern" : null;
            boards.add(board(i == 0 ? "first-board" : "or-board-" + i, caption, aria, new Part(i, Part.Kind.MAIN, 0), links));
            for (int k = 0; k < a.excluded().size(); k++) {
                Part at = new Part(i, Part.Kind.EXCLUDE, k);
                boards.add(board(prefix + "exclude-board-" + (k + 1), "Excluding", "excluded part", at,
                        List.of(link(prefix + "remove-exclude-" + (k + 1), PatternEditing.remove(pattern, at), "Remove this exclusion"))));
            }
            if (a.then() != null) {
                Part at = new Part(i, Part.Kind.THEN, 0);
                boards.add(board(i == 0 ? "then-board" : "or-then-board-" + i,
                        "Then, within " + a.within() + (a.within() == 1 ? " ply" : " plies"), "second pattern", at,
                        List.of(link("remove-then" + suffix, PatternEditing.remove(pattern, at), "Remove the second pattern"))));
            }
        }
        return boards;
    }

    private EditorBoard board(String id, String caption, String aria, Part at, List<EditorLink> links) {
        return new EditorBoard(id, caption, PatternBoardSvg.draw(PatternEditing.part(pattern, at), aria,
                sq -> link(PatternEditing.cycle(pattern, at, sq).toString(), 1)), links);
    }

    private EditorLink link(String id, Pattern to, String text) {
        return new EditorLink(id, link(to.toString(), 1), text);
    }

    /** An alternative that asks nothing yet, on a board of its own. */
    public String addOrUrl() {
        return link(PatternEditing.addOr(pattern).toString(), 1);
    }

    public static String url(String pattern, int page) {
        return "/search?pattern=" + Urls.encode(pattern) + (page > 1 ? "&page=" + page : "");
    }

    /** The same search over every game. */
    public String unfilteredUrl() {
        return url(pattern.toString(), 1);
    }

    public String pageUrl(int n) {
        return link(pattern.toString(), n);
    }

    public int pages() {
        return result == null ? 1 : Math.max(1, (result.games() + pageSize - 1) / pageSize);
    }

    /** The games list of the matching games, with the same game filters (a player's colour as white= or black=). */
    public String gamesListUrl() {
        StringBuilder sb = new StringBuilder("/games?pattern=").append(Urls.encode(pattern.toString()));
        if (filter.player() != null) {
            String as = filter.colour() == Side.WHITE ? "white" : filter.colour() == Side.BLACK ? "black" : "player";
            sb.append('&').append(as).append('=').append(Urls.encode(filter.player()));
        }
        if (filter.from() != null) sb.append("&from=").append(Urls.encode(filter.from()));
        if (filter.to() != null) sb.append("&to=").append(Urls.encode(filter.to()));
        if (filter.result() != null) sb.append("&result=").append(Urls.encode(filter.result()));
        return sb.toString();
    }

    public String apiUrl() {
        return "/api/search?pattern=" + Urls.encode(pattern.toString()) + Urls.filterQuery(filter);
    }

    public String otherBoardUrl() {
        return url(pattern.variant() == Variant.EMERGO ? "hexemergo" : "any", 1);
    }

    public String otherBoard() {
        return pattern.variant() == Variant.EMERGO ? "HexEmergo" : "Emergo";
    }

    /** Rows of the page: game, ply, positions, white, black, result, date, event. */
    public List<List<Object>> rows() {
        return games == null ? List.of() : games.rows();
    }

    /** Whether the pattern asks several orientations or colourings, so each hit says which matched. */
    public boolean transforms() {
        return games != null && (pattern.sym() || pattern.colours());
    }

    public static String text(Object v) {
        return v == null ? "" : v.toString();
    }
}
