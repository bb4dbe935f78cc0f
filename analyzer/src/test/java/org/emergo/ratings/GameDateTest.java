package org.emergo.ratings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GameDateTest {

    @Test
    void aDateIsItsYearMonthAndDayWithUnknownPartsAsNought() {
        assertEquals(20030514, GameDate.key("2003.05.14"));
        assertEquals(20030500, GameDate.key("2003.05.??"));
        assertEquals(20030000, GameDate.key("2003.??.??"));
        assertEquals(20030000, GameDate.key("2003"));
        assertEquals(20230401, GameDate.key("2023-04-01"));
    }

    @Test
    void aDateWithoutItsYearOrNoDateAtAllIsUndated() {
        assertEquals(GameDate.UNDATED, GameDate.key("????.??.??"));
        assertEquals(GameDate.UNDATED, GameDate.key(null));
        assertEquals(GameDate.UNDATED, GameDate.key("last Tuesday"));
        assertEquals(GameDate.UNDATED, GameDate.key(""));
    }

    @Test
    void gamesAreRatedByDateThenUndatedOnesInImportOrder() {
        List<RatingHistory.Game> games = new ArrayList<>(List.of(
                game(1, "????.??.??"), game(2, "2004.01.01"), game(3, "2003.05.14"), game(4, null), game(5, "2003.05.14"),
                game(6, "2003.05.??")));
        games.sort(RatingHistory.Game.ORDER);
        assertEquals(List.of(6L, 3L, 5L, 2L, 1L, 4L), games.stream().map(RatingHistory.Game::id).toList());
        assertTrue(GameDate.key("2003.05.??") < GameDate.key("2003.05.01"));
    }

    private static RatingHistory.Game game(long id, String date) {
        return new RatingHistory.Game(id, GameDate.key(date), "a", "b", 1);
    }
}
