package org.emergo.viewer.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ReviewGraphTest {

    private static final Pattern LINK = Pattern.compile("<a class=\"ply-link\" href=\"([^\"]*)\" data-ply=\"(\\d+)\"");
    private static final Pattern DOT = Pattern.compile("<circle class=\"dot (\\w+)\" cx=\"([\\d.]+)\" cy=\"([\\d.]+)\" r=\"[\\d.]+\" fill=\"(#\\w+)\"");

    /** Five positions: an even start, a mistake by White, an inaccuracy, a blunder, a good move. */
    private static List<ReviewGraph.Point> game() {
        return List.of(
                new ReviewGraph.Point(0, 0.5, "Start: +0.00", null),
                new ReviewGraph.Point(1, 0.3, "1. e4?: -0.80, mistake", "mistake"),
                new ReviewGraph.Point(2, 0.35, "1... e6?!: -0.60, inaccuracy", "inaccuracy"),
                new ReviewGraph.Point(3, 0.95, "2. d4??: +5.00, blunder", "blunder"),
                new ReviewGraph.Point(4, 0.95, "2... d6: +5.00", null));
    }

    private static List<String[]> all(Pattern p, String svg) {
        List<String[]> found = new ArrayList<>();
        Matcher m = p.matcher(svg);
        while (m.find()) {
            String[] groups = new String[m.groupCount()];
            for (int i = 0; i < groups.length; i++) groups[i] = m.group(i + 1);
            found.add(groups);
        }
        return found;
    }

    @Test
    void everyPlyIsOneLinkToItsOwnAddressInPlyOrder() {
        String svg = ReviewGraph.draw(game(), 2, p -> "/game/7/" + p);
        List<String[]> links = all(LINK, svg);
        assertEquals(5, links.size(), svg);
        for (int p = 0; p < 5; p++) {
            assertEquals("/game/7/" + p, links.get(p)[0]);
            assertEquals(Integer.toString(p), links.get(p)[1]);
        }
        assertEquals(5, svg.split("<a ", -1).length - 1, "no other link");
    }

    @Test
    void theClassedMovesAreDotsInLichesssColoursAndNoOtherPlyHasOne() {
        String svg = ReviewGraph.draw(game(), 0, p -> "/game/7/" + p);
        List<String[]> dots = all(DOT, svg);
        assertEquals(3, dots.size(), svg);
        assertEquals(List.of("mistake", "#e69f00"), List.of(dots.get(0)[0], dots.get(0)[3]));
        assertEquals(List.of("inaccuracy", "#56b4e9"), List.of(dots.get(1)[0], dots.get(1)[3]));
        assertEquals(List.of("blunder", "#db3031"), List.of(dots.get(2)[0], dots.get(2)[3]));
    }

    @Test
    void whitesBetterChancesStandHigherAndTheDotsSitOnTheLine() {
        List<String[]> dots = all(DOT, ReviewGraph.draw(game(), 0, p -> "/game/7/" + p));
        double mistakeY = Double.parseDouble(dots.get(0)[2]);
        double blunderY = Double.parseDouble(dots.get(2)[2]);
        assertTrue(blunderY < mistakeY, "0.95 for White is higher than 0.3");
        double mistakeX = Double.parseDouble(dots.get(0)[1]);
        double blunderX = Double.parseDouble(dots.get(2)[1]);
        assertTrue(blunderX > mistakeX);
        assertTrue(ReviewGraph.draw(game(), 0, p -> "/game/7/" + p).contains(dots.get(0)[1] + "," + dots.get(0)[2]),
                "the mistake's dot is a point of the line");
    }

    @Test
    void theTitleOfEachLinkNamesTheMoveTheScoreAndTheClassInWordsEscaped() {
        List<ReviewGraph.Point> points = List.of(new ReviewGraph.Point(0, 0.5, "Start <&>", null),
                new ReviewGraph.Point(1, 0.2, "1. e4??: -3.00, blunder", "blunder"));
        String svg = ReviewGraph.draw(points, 1, p -> "/game/7/" + p + "?flip=1&x=\"");
        assertTrue(svg.contains("<title>Start &lt;&amp;&gt;</title>"), svg);
        assertTrue(svg.contains("<title>1. e4??: -3.00, blunder</title>"));
        assertTrue(svg.contains("href=\"/game/7/1?flip=1&amp;x=&quot;\""));
        assertFalse(svg.contains("<&>"));
    }

    @Test
    void thePlyShownIsMarkedByOneUprightLineAtItsPoint() {
        String svg = ReviewGraph.draw(game(), 3, p -> "/game/7/" + p);
        assertEquals(1, svg.split("class=\"current-ply\"", -1).length - 1);
        String x = all(DOT, svg).get(2)[1];
        assertTrue(svg.contains("<line class=\"current-ply\" data-ply=\"3\" x1=\"" + x + "\""), svg);
        assertFalse(ReviewGraph.draw(game(), 9, p -> "/game/7/" + p).contains("current-ply"), "a ply beyond the review");
    }
}
