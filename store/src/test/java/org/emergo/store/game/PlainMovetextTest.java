package org.emergo.store.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PlainMovetextTest {

    @Test
    void numbersTheMovesAndEndsWithTheResult() {
        assertEquals("1. d4 f6 2. e3 0-1", PlainMovetext.of("d4 f6 e3", null, "0-1"));
        assertEquals("1... e6 2. d4-c4 *", PlainMovetext.of("e6 d4-c4", "b 11 12 d4:w", "*"));
        assertEquals("1-0", PlainMovetext.of("", null, "1-0"));
    }

    @Test
    void aTextMatchesExactlyWhenItIsTheRebuiltOne() {
        List<String> moves = List.of("d4", "f6", "e3");
        assertTrue(PlainMovetext.matches("1. d4 f6 2. e3 0-1", moves, null, "0-1"));
        assertTrue(PlainMovetext.matches("1... e6 2. d4-c4 *", List.of("e6", "d4-c4"), "b 11 12 d4:w", "*"));
        assertTrue(PlainMovetext.matches("*", List.of(), null, "*"));
        assertFalse(PlainMovetext.matches("1. d4 f6 2. e3 1-0", moves, null, "0-1"));
        assertFalse(PlainMovetext.matches("1. d4 f6 2. e3 {good} 0-1", moves, null, "0-1"));
        assertFalse(PlainMovetext.matches("1. d4 f6 $1 2. e3 0-1", moves, null, "0-1"));
        assertFalse(PlainMovetext.matches("1. d4 (1. e4) 1... f6 2. e3 0-1", moves, null, "0-1"));
        assertFalse(PlainMovetext.matches("1. d4 f6 2. e3 0-1 ", moves, null, "0-1"));
        assertFalse(PlainMovetext.matches("1. d4 f6 2. e3", moves, null, "0-1"));
        assertFalse(PlainMovetext.matches("1. d4  f6 *", List.of("d4", "", "f6"), null, "*"));
        assertFalse(PlainMovetext.matches("1. d4 f6 e5 *", List.of("d4", "f6 e5"), null, "*"));
    }
}
