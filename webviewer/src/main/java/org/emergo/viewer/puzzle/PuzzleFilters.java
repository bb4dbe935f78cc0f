package org.emergo.viewer.puzzle;

import io.javalin.http.BadRequestResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.emergo.rules.Variant;
import org.emergo.store.puzzle.PuzzleBook;
import org.emergo.viewer.http.Urls;

/**
 * The puzzle filters as the page's form and links carry them: board ({@code variant}), theme,
 * rating band ({@code rating}: easy, medium, hard), player, event.
 */
public record PuzzleFilters(String variant, String theme, String rating, String player, String event) {

    /** The rating bands: below 1300, 1300 to 1700, 1700 and up (a puzzle's rating, as attempts calibrate it). */
    public static final List<String> BANDS = List.of("easy", "medium", "hard");

    public static PuzzleFilters parse(Function<String, String> param) {
        String variant = blank(param.apply("variant"));
        if (variant != null) {
            try {
                variant = Variant.parse(variant).tagName();
            } catch (IllegalArgumentException e) {
                throw new BadRequestResponse("variant is Emergo or HexEmergo, not '" + variant + "'");
            }
        }
        String rating = blank(param.apply("rating"));
        if (rating != null && !BANDS.contains(rating)) throw new BadRequestResponse("rating is easy, medium or hard, not '" + rating + "'");
        String theme = blank(param.apply("theme"));
        if (theme != null && !theme.matches("[a-z]{1,16}")) throw new BadRequestResponse("no theme '" + theme + "'");
        return new PuzzleFilters(variant, theme, rating, blank(param.apply("player")), blank(param.apply("event")));
    }

    private static String blank(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    public PuzzleBook.Filter filter() {
        Integer min = rating == null ? null : switch (rating) {
            case "medium" -> 1300;
            case "hard" -> 1700;
            default -> null;
        };
        Integer max = rating == null ? null : switch (rating) {
            case "easy" -> 1300;
            case "medium" -> 1700;
            default -> null;
        };
        return new PuzzleBook.Filter(variant == null ? null : Variant.parse(variant), theme, min, max, player, event);
    }

    /** The filters as a query string after {@code lead} ({@code ?} or {@code &}); empty without any. */
    public String query(String lead) {
        List<String> parts = new ArrayList<>();
        add(parts, "variant", variant);
        add(parts, "theme", theme);
        add(parts, "rating", rating);
        add(parts, "player", player);
        add(parts, "event", event);
        return parts.isEmpty() ? "" : lead + String.join("&", parts);
    }

    private static void add(List<String> parts, String name, String value) {
        if (value != null) parts.add(name + "=" + Urls.encode(value));
    }

    public String show(String s) {
        return s == null ? "" : s;
    }
}
