package org.emergo.viewer.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;

class BoardSvgTest {

    private static final Pattern SQUARE = Pattern.compile("<g class=\"square\" data-square=\"(\\w\\d)\"><rect x=\"([\\d.]+)\" y=\"([\\d.]+)\"");

    private static String draw(String epn, Variant variant, Overlay overlay, boolean flipped) {
        return BoardSvg.draw(PositionText.parse(epn, variant), overlay, flipped);
    }

    private static List<String> all(Pattern p, String text) {
        List<String> found = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) found.add(m.group(1));
        return found;
    }

    @Test
    void theEmergoBoardHasItsFortyOnePlayableSquaresInCanonicalOrderAndFortyLightOnes() {
        String svg = BoardSvg.draw(Position.start(Variant.EMERGO), Overlay.NONE, false);
        List<String> squares = all(SQUARE, svg);
        assertEquals(41, squares.size());
        assertEquals("a5", squares.get(0));
        assertEquals("e5", squares.get(20));
        assertEquals("i5", squares.get(40));
        assertEquals(40, svg.split("fill=\"#f0d9b5\"", -1).length - 1);
    }

    @Test
    void theEmergoCornersAreE1BottomLeftA5TopLeftE9TopRightAndI5BottomRight() {
        String svg = BoardSvg.draw(Position.start(Variant.EMERGO), Overlay.NONE, false);
        double[] e1 = corner(svg, "e1");
        double[] a5 = corner(svg, "a5");
        double[] e9 = corner(svg, "e9");
        double[] i5 = corner(svg, "i5");
        assertTrue(e1[0] == a5[0] && e1[1] > a5[1], "e1 below a5 on the left edge");
        assertTrue(e9[1] == a5[1] && e9[0] > a5[0], "e9 right of a5 on the top edge");
        assertTrue(i5[0] == e9[0] && i5[1] == e1[1], "i5 in the bottom right corner");
    }

    @Test
    void flippingTurnsTheBoardRoundSoE1StandsTopRight() {
        double[] plain = corner(BoardSvg.draw(Position.start(Variant.EMERGO), Overlay.NONE, false), "e1");
        double[] flipped = corner(BoardSvg.draw(Position.start(Variant.EMERGO), Overlay.NONE, true), "e1");
        assertTrue(flipped[0] > plain[0] && flipped[1] < plain[1]);
    }

    @Test
    void theLinesAreNamedOnTheEdgesWithFilesAToIAndRanksOneToNine() {
        String svg = BoardSvg.draw(Position.start(Variant.EMERGO), Overlay.NONE, false);
        String coordinates = svg.substring(svg.indexOf("<g class=\"coordinates\""), svg.indexOf("</g>", svg.indexOf("<g class=\"coordinates\"")));
        List<String> labels = all(Pattern.compile(">(\\w)</text>"), coordinates);
        assertEquals(List.of("a", "5", "b", "4", "c", "3", "d", "2", "e", "1", "f", "g", "h", "i", "6", "7", "8", "9").stream().sorted().toList(),
                labels.stream().sorted().toList());
    }

    @Test
    void aColumnShowsItsCompositionAndIsStackedWithPrisonersBelowAndJailersOnTop() {
        String svg = draw("w 0 0 d4:w3b2", Variant.EMERGO, Overlay.NONE, false);
        int start = svg.indexOf("<g class=\"column\" data-square=\"d4\" data-column=\"w3b2\" data-owner=\"w\">");
        assertTrue(start > 0, "the column is drawn with its notation");
        String column = svg.substring(start, svg.indexOf("</g>", start));
        List<String> fills = all(Pattern.compile("<ellipse [^>]*fill=\"(#\\w+)\""), column);
        assertEquals(List.of("#262626", "#262626", "#f7f3e8", "#f7f3e8", "#f7f3e8"), fills, "two black prisoners, then three white jailers");
        assertTrue(column.contains(">w3b2</text>"));
        assertTrue(column.contains("White&#39;s column of 5: 3 jailers over 2 black prisoners"));
    }

    @Test
    void aSingleManHasNoCompositionLabel() {
        String svg = draw("w 0 0 d4:b", Variant.EMERGO, Overlay.NONE, false);
        assertTrue(svg.contains("data-column=\"b\""));
        assertFalse(svg.contains("class=\"column-text\""));
    }

    @Test
    void bothPlayersMenInHandAreShownAndTheSideToMoveIsSaid() {
        String svg = draw("b 3 5 e4:w", Variant.EMERGO, Overlay.NONE, false);
        assertTrue(svg.contains("White: 3 in hand</text>"));
        assertTrue(svg.contains("Black: 5 in hand \u2014 to move</text>"));
    }

    @Test
    void theOverlayDrawsTheLastMoveRouteTheDueCaptureAndTheMarks() {
        Overlay overlay = new Overlay(Overlay.route("h4xf4xd4"), Overlay.route("e4xc4xc6"),
                List.of(new Overlay.Mark("d4", "a shadowpiece")));
        String svg = draw("w 0 0 c5:b d6:b d4:b3w2 e4:w3", Variant.EMERGO, overlay, false);
        assertTrue(svg.contains("class=\"last-move\" data-route=\"h4 f4 d4\""));
        assertEquals(3, svg.split("class=\"last-square\"", -1).length - 1);
        assertTrue(svg.contains("class=\"due-capture\" data-route=\"e4 c4 c6\""));
        assertTrue(svg.contains("<g class=\"mark\" data-square=\"d4\"><title>a shadowpiece</title>"));
    }

    @Test
    void theEnginesBestMoveIsABlueArrowAlongItsWholeRouteOrABlueRingForAnEntry() {
        String capture = draw("w 0 0 c5:b d6:b d4:b3w2 e4:w3", Variant.EMERGO,
                new Overlay(List.of(), List.of(), List.of(), Overlay.route("e4xc4xc6")), false);
        assertTrue(capture.contains("<polyline class=\"best-move\" data-route=\"e4 c4 c6\""), capture);
        assertTrue(capture.contains("marker-end=\"url(#arrow-best)\""));
        assertFalse(capture.contains("class=\"last-move\""));
        String entry = draw("b 11 12 e4:w", Variant.EMERGO, new Overlay(List.of(), List.of(), List.of(), Overlay.route("e6")), false);
        assertTrue(entry.contains("<circle class=\"best-move\" data-route=\"e6\""), entry);
        assertFalse(entry.contains("<polyline"));
    }

    @Test
    void anEntryIsMarkedByItsSquareAloneWithoutALine() {
        String svg = draw("b 11 12 e4:w", Variant.EMERGO, new Overlay(Overlay.route("e4"), List.of(), List.of()), false);
        assertEquals(1, svg.split("class=\"last-square\"", -1).length - 1);
        assertFalse(svg.contains("<polyline"));
    }

    @Test
    void theHexEmergoBoardHasThirtySevenHexCellsNamedByColumnAndNumber() {
        String svg = BoardSvg.draw(Position.start(Variant.HEXEMERGO), Overlay.NONE, false);
        List<String> cells = all(Pattern.compile("<g class=\"square\" data-square=\"(\\w\\d)\"><polygon"), svg);
        assertEquals(37, cells.size());
        assertEquals("a1", cells.get(0));
        assertEquals("d4", cells.get(18));
        assertEquals("g7", cells.get(36));
        assertTrue(svg.contains("class=\"board board-hexemergo\""));
    }

    @Test
    void theTitleCarriesThePositionString() {
        String svg = draw("b 11 12 e4:w", Variant.EMERGO, Overlay.NONE, false);
        assertTrue(svg.contains("<title id=\"board-title\">Emergo position b 11 12 e4:w</title>"));
        assertTrue(svg.contains("data-epn=\"b 11 12 e4:w\""));
    }

    private static double[] corner(String svg, String square) {
        Matcher m = SQUARE.matcher(svg);
        while (m.find()) {
            if (m.group(1).equals(square)) return new double[] {Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3))};
        }
        throw new AssertionError("no square " + square);
    }
}
