package org.emergo.rules;

import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Positions for property tests: reached by random legal play, or composed at random. */
final class RandomPositions {

    private RandomPositions() {}

    /** Random legal play of up to 250 plies from the start, on either board. */
    static Arbitrary<Position> played() {
        return Combinators.combine(Arbitraries.of(Variant.values()), Arbitraries.longs(), Arbitraries.integers().between(0, 250))
                .as((variant, seed, plies) -> play(Position.start(variant), seed, plies));
    }

    /** Random columns on random squares, any hand counts and side: also unreachable positions. */
    static Arbitrary<Position> composed() {
        return Combinators.combine(Arbitraries.of(Variant.values()), Arbitraries.longs()).as(RandomPositions::compose);
    }

    static Arbitrary<Position> any() {
        return Arbitraries.oneOf(played(), composed());
    }

    /**
     * Positions in which the side to move must enter: men in hand and no capture. Random play
     * through the entering phase, and composed positions with the side to move's capturing
     * columns taken off, so that some are attacked and some are not.
     */
    static Arbitrary<Position> entering() {
        Arbitrary<Position> played = Combinators.combine(Arbitraries.of(Variant.values()), Arbitraries.longs(),
                        Arbitraries.integers().between(0, 22))
                .as((variant, seed, plies) -> play(Position.start(variant), seed, plies))
                .filter(p -> p.inHand(p.sideToMove()) > 0 && !MoveGen.hasCapture(p, p.sideToMove()));
        Arbitrary<Position> composed = Combinators.combine(Arbitraries.of(Variant.values()), Arbitraries.longs())
                .as(RandomPositions::composeEntering);
        return Arbitraries.oneOf(played, composed);
    }

    static Position composeEntering(Variant variant, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Position p = compose(variant, seed);
        Side me = p.sideToMove();
        Board board = p.board();
        Column[] columns = new Column[board.size()];
        for (int sq = 0; sq < board.size(); sq++) columns[sq] = p.isVacant(sq) ? null : p.column(sq);
        int white = me == Side.WHITE ? 1 + random.nextInt(12) : p.inHand(Side.WHITE);
        int black = me == Side.BLACK ? 1 + random.nextInt(12) : p.inHand(Side.BLACK);
        Position entering = Position.of(board, columns, white, black, me);
        // Take the side to move's columns off one by one until it has no capture left.
        while (MoveGen.hasCapture(entering, me)) {
            for (int sq = random.nextInt(board.size()); ; sq = (sq + 1) % board.size()) {
                if (columns[sq] != null && columns[sq].owner() == me) {
                    columns[sq] = null;
                    break;
                }
            }
            entering = Position.of(board, columns, white, black, me);
        }
        return entering;
    }

    static Position play(Position p, long seed, int plies) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < plies; i++) {
            List<Move> moves = MoveGen.legalMoves(p);
            if (moves.isEmpty()) break;
            p = p.play(moves.get(random.nextInt(moves.size())));
        }
        return p;
    }

    static Position compose(Variant variant, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Board board = variant.board();
        Column[] columns = new Column[board.size()];
        int n = random.nextInt(board.size());
        for (int i = 0; i < n; i++) {
            Side owner = random.nextBoolean() ? Side.WHITE : Side.BLACK;
            int prisoners = random.nextInt(4) == 0 ? 1 + random.nextInt(5) : 0;
            columns[random.nextInt(board.size())] = new Column(owner, 1 + random.nextInt(random.nextInt(4) == 0 ? 6 : 2), prisoners);
        }
        return Position.of(board, columns, random.nextInt(13), random.nextInt(13),
                random.nextBoolean() ? Side.WHITE : Side.BLACK);
    }
}
