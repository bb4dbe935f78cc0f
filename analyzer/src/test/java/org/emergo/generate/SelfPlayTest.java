package org.emergo.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Game;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.MoveMatcher;
import org.emergo.rules.Notation;
import org.emergo.rules.Position;
import org.emergo.rules.Resolution;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;

class SelfPlayTest {

    @Property(tries = 40)
    void everyGeneratedGameReplaysLegallyToItsStatedEnd(
            @ForAll Variant variant, @ForAll @IntRange(min = 0, max = 1000) int seed, @ForAll @IntRange(min = 1, max = 1000) int index) {
        GameRecord record = new SelfPlay(variant, seed).game(index);
        Game game = new Game(Position.start(variant));
        List<Position> seen = new ArrayList<>(List.of(game.current()));
        for (String text : record.moves()) {
            assertTrue(!game.termination().isOver(), "a move after the end: " + text);
            List<Move> legal = game.legalMoves();
            Resolution r = MoveMatcher.resolve(game.current(), Notation.parse(text), legal);
            Move move = ((Resolution.Resolved) r).move();
            assertTrue(legal.contains(move), text + " is not legal in " + game.current());
            game.play(move);
            seen.add(game.current());
        }
        // The end worked out from the rule book's words, not by Termination, which wrote the tags.
        Position end = game.current();
        Side toMove = end.sideToMove();
        String result;
        String how;
        if (end.inHand(toMove) == 0 && end.columns(toMove) == 0) {
            result = toMove == Side.WHITE ? "0-1" : "1-0";
            how = "loss with no pieces";
        } else if (MoveGen.legalMoves(end).isEmpty()) {
            result = "1/2-1/2";
            how = end.inHand(toMove) > 0 ? "draw with no legal entry" : "draw blocked";
        } else {
            assertEquals(3, seen.stream().filter(end::equals).count(), "the game did not end by rule: " + end);
            result = "1/2-1/2";
            how = "draw by repetition";
        }
        assertEquals(result, record.result());
        assertEquals(how, record.tag("Termination"));
        assertEquals(variant, record.variant());
    }

    @Test
    void theSameSeedGivesTheSameGames() {
        SelfPlay a = new SelfPlay(Variant.EMERGO, 42);
        SelfPlay b = new SelfPlay(Variant.EMERGO, 42);
        for (int i = 1; i <= 5; i++) assertEquals(a.game(i), b.game(i));
        assertTrue(!a.game(1).moves().equals(new SelfPlay(Variant.EMERGO, 43).game(1).moves()));
    }
}
