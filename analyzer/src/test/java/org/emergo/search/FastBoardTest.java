package org.emergo.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.emergo.rules.Column;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The search's board against the rules engine: the same legal moves in every position of the
 * sample games, the same position and hash after each of them, and the board unchanged after
 * unmake; and the rule book's perft counts (docs/rules.md#perft).
 */
class FastBoardTest {

    private static List<String> fast(FastBoard b) {
        MoveList ml = new MoveList();
        b.generate(ml);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < ml.size(); i++) out.add(ml.toMove(b, i).toString());
        out.sort(null);
        return out;
    }

    private static List<String> reference(Position p) {
        return MoveGen.legalMoves(p).stream().map(Move::toString).sorted().toList();
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void everySamplePositionHasTheRulesEnginesMovesPositionsAndHashes(Variant variant) {
        MoveList ml = new MoveList();
        int checked = 0;
        for (SampleGames.Ply ply : SampleGames.plies(variant, 60)) {
            Position p = ply.position();
            FastBoard b = FastBoard.of(p);
            FastBoard proofs = FastBoard.materialOnly(p);
            assertEquals(p.hash(), b.hash, p::toString);
            assertEquals(reference(p), fast(b), p::toString);
            b.generate(ml);
            for (int i = 0; i < ml.size(); i++) {
                Move m = ml.toMove(b, i);
                b.make(ml, i);
                Position after = p.play(m);
                assertEquals(after, b.toPosition(), () -> p + " " + m);
                assertEquals(after.hash(), b.hash, () -> p + " " + m);
                assertEquals(b.computeHash(), b.hash, () -> p + " " + m);
                assertConsistent(b, after);
                proofs.make(ml, i);
                assertEquals(after, proofs.toPosition(), () -> p + " " + m + " on a material-only board");
                assertEquals(after.hash(), proofs.hash);
                proofs.unmake(ml, i);
                assertEquals(p, proofs.toPosition(), () -> p + " " + m + " unmade on a material-only board");
                assertEquals(p.hash(), proofs.hash);
                b.unmake(ml, i);
                assertEquals(p, b.toPosition(), () -> p + " " + m + " unmade");
                assertEquals(p.hash(), b.hash);
                assertConsistent(b, p);
                checked++;
            }
            // The leaf questions agree with the rules engine too.
            boolean capture = MoveGen.hasCapture(p, p.sideToMove());
            assertEquals(capture, b.hasCapture(b.side));
            if (!capture) assertEquals(!MoveGen.legalMoves(p).isEmpty(), b.hasQuietMove(), p::toString);
        }
        assertEquals(true, checked > 10_000);
    }

    /** The bits, the material and the prisoners under single jailers kept by make, and the steps counted for the evaluation, agree with the position. */
    private static void assertConsistent(FastBoard b, Position p) {
        int[] steps = new int[2];
        for (int sq = 0; sq < p.board().size(); sq++) {
            Column c = p.column(sq);
            if (c == null) continue;
            for (int d = 0; d < p.board().directions(); d++) {
                int to = p.board().neighbour(sq, d);
                if (to >= 0 && p.column(to) == null) steps[c.owner().ordinal()]++;
            }
        }
        assertEquals(steps[b.side] - steps[b.side ^ 1], b.mobilityBalance(b.side), p::toString);
        for (int s = 0; s < 2; s++) {
            Side side = s == 0 ? Side.WHITE : Side.BLACK;
            long bits = 0;
            int material = p.inHand(side);
            int loose = 0;
            for (int sq = 0; sq < p.board().size(); sq++) {
                Column c = p.column(sq);
                if (c == null || c.owner() != side) continue;
                bits |= 1L << b.bitOf[sq];
                material += c.height();
                if (c.jailers() == 1) loose += c.prisoners();
            }
            assertEquals(bits, b.occ[s], p::toString);
            assertEquals(material, b.material[s], p::toString);
            assertEquals(loose, b.loose[s], p::toString);
        }
    }

    private static long perft(FastBoard b, MoveList[] lists, int depth) {
        MoveList ml = lists[depth];
        b.generate(ml);
        if (depth == 1) return ml.size();
        long n = 0;
        for (int i = 0; i < ml.size(); i++) {
            b.make(ml, i);
            n += perft(b, lists, depth - 1);
            b.unmake(ml, i);
        }
        return n;
    }

    private static long perft(Variant v, int depth) {
        MoveList[] lists = new MoveList[depth + 1];
        for (int i = 0; i <= depth; i++) lists[i] = new MoveList();
        return perft(FastBoard.of(Position.start(v)), lists, depth);
    }

    // RULES 10: the rule book's perft table, to depth 4.
    @ParameterizedTest
    @EnumSource(Variant.class)
    void perftFromTheStartMatchesTheRuleBook(Variant v) {
        long[] expected = v == Variant.EMERGO ? new long[] {40, 1_504, 55_172, 1_828_116} : new long[] {36, 1_164, 36_702, 985_032};
        for (int d = 1; d <= 4; d++) assertEquals(expected[d - 1], perft(v, d), "depth " + d);
    }
}
