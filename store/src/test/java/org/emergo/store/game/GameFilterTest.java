package org.emergo.store.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.emergo.replay.FindingCode;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;

class GameFilterTest {

    private static GameFilter parse(Map<String, String> params) {
        return GameFilter.parse(params::get);
    }

    @Test
    void noParametersMeanEveryGameNewestFirstOnTheFirstPage() {
        GameFilter f = parse(Map.of());
        assertFalse(f.narrows());
        assertEquals("id", f.sort());
        assertTrue(f.descending());
        assertEquals(1, f.page());
        assertEquals("", f.queryString());
    }

    @Test
    void theFiltersReadFromTheUrlWriteBackTheSame() {
        Map<String, String> params = Map.of("player", "van Zon, Ed", "result", "1-0", "variant", "hexemergo", "from", "2003-05",
                "findings", "yes", "code", "missed_capture", "minply", "10", "sort", "date", "dir", "asc", "page", "3");
        GameFilter f = parse(params);
        assertEquals(Variant.HEXEMERGO, f.variant());
        assertEquals("2003.05", f.dateFrom());
        assertEquals(FindingCode.MISSED_CAPTURE, f.code());
        assertEquals(f, parse(f.parameters()));
        assertEquals("player=van+Zon%2C+Ed&result=1-0&variant=HexEmergo&from=2003.05&findings=yes&code=MISSED_CAPTURE"
                + "&minply=10&sort=date&dir=asc&page=3", f.queryString());
    }

    @Test
    void sortingByTheSameColumnAgainTurnsTheOrderRoundAndStartsAtPageOne() {
        GameFilter byDate = parse(Map.of("page", "4")).sortedBy("date");
        assertEquals(1, byDate.page());
        assertFalse(byDate.descending());
        assertTrue(byDate.sortedBy("date").descending());
    }

    @Test
    void aBadValueIsABadRequestThatNamesTheParameter() {
        Map<String, String> bad = Map.of("result", "2-0", "variant", "chess", "from", "yesterday", "findings", "maybe",
                "code", "NOPE", "maxply", "-1", "sort", "colour", "dir", "up", "page", "0");
        bad.forEach((name, value) -> {
            GameFilter.Invalid e = assertThrows(GameFilter.Invalid.class, () -> parse(Map.of(name, value)), name);
            assertTrue(e.getMessage().startsWith(name), e.getMessage());
        });
    }
}
