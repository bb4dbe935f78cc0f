package org.emergo.generate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Game;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.Side;
import org.emergo.rules.Termination;
import org.emergo.rules.Variant;

/**
 * Plausible complete games by self-play, deterministic for a seed. Each player looks one
 * move ahead: it prefers moves that keep material and leave the opponent no big capture,
 * with some noise (a per-player temperature), so games vary and end by rule.
 */
public final class SelfPlay {

    /** A game longer than this is abandoned and played again with the next random numbers. */
    static final int MAX_PLIES = 600;

    /** Fictional players, each with its own carelessness, so statistics per player differ. */
    private static final String[] PLAYERS = {
        "Aster, Ada", "Brand, Bram", "Castell, Cora", "Dekker, Dirk", "Evers, Eline",
        "Faber, Floris", "Groen, Greta", "Hart, Hugo", "Ivens, Iris", "Jansen, Joost",
    };
    private static final double[] TEMPERATURE = {0.2, 0.5, 0.8, 1.2, 0.3, 1.6, 0.6, 1.0, 0.4, 2.0};

    private final Variant variant;
    private final long seed;

    public SelfPlay(Variant variant, long seed) {
        this.variant = variant;
        this.seed = seed;
    }

    /** Game number {@code index} (from 1) of this seed: the same every time. */
    public GameRecord game(int index) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
        int white = random.nextInt(PLAYERS.length);
        int black = (white + 1 + random.nextInt(PLAYERS.length - 1)) % PLAYERS.length;
        while (true) {
            List<Move> moves = new ArrayList<>();
            Game game = new Game(Position.start(variant));
            while (!game.termination().isOver() && game.ply() < MAX_PLIES) {
                Side side = game.current().sideToMove();
                double temperature = TEMPERATURE[side == Side.WHITE ? white : black];
                Move m = choose(game.current(), game.legalMoves(), temperature, random);
                moves.add(m);
                game.play(m);
            }
            if (game.termination().isOver()) return record(index, game, moves, white, black);
        }
    }

    private GameRecord record(int index, Game game, List<Move> moves, int white, int black) {
        Termination end = game.termination();
        String result = end.result(game.current().sideToMove());
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Self-play " + variant.tagName());
        tags.put("Site", "emergo generate");
        tags.put("Date", "????.??.??");
        tags.put("Round", Integer.toString(index));
        tags.put("White", PLAYERS[white]);
        tags.put("Black", PLAYERS[black]);
        tags.put("Result", result);
        if (variant != Variant.EMERGO) tags.put("Variant", variant.tagName());
        tags.put("Termination", end.description());
        tags.put("Seed", Long.toString(seed));
        List<String> texts = new ArrayList<>(moves.size());
        StringBuilder movetext = new StringBuilder(moves.size() * 8);
        for (int i = 0; i < moves.size(); i++) {
            String text = moves.get(i).toString();
            texts.add(text);
            if (i % 2 == 0) movetext.append(i / 2 + 1).append(". ");
            movetext.append(text).append(' ');
        }
        movetext.append(result);
        return new GameRecord(variant, tags, null, texts, movetext.toString(), "generate:" + seed, index);
    }

    /**
     * The self-play player's move: one-ply look-ahead with softmax noise, score = material kept
     * - what the opponent can take next. {@code temperature} is its carelessness (0.2 to 2.0 in
     * generated games; lower plays the best-looking move more often).
     */
    public static Move choose(Position p, List<Move> legal, double temperature, SplittableRandom random) {
        if (legal.size() == 1) return legal.get(0);
        Side me = p.sideToMove();
        double[] score = new double[legal.size()];
        double best = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < legal.size(); i++) {
            Position next = p.play(legal.get(i));
            double s = material(next, me) - material(next, me.opponent());
            if (MoveGen.hasCapture(next, me.opponent())) s -= 1.5 * MoveGen.maximumCapture(next);
            if (MoveGen.hasCapture(next, me)) s += 0.5;
            score[i] = s;
            best = Math.max(best, s);
        }
        double total = 0;
        for (int i = 0; i < score.length; i++) {
            score[i] = Math.exp((score[i] - best) / temperature);
            total += score[i];
        }
        double r = random.nextDouble() * total;
        for (int i = 0; i < score.length; i++) {
            r -= score[i];
            if (r <= 0) return legal.get(i);
        }
        return legal.get(legal.size() - 1);
    }

    /** Men a side controls: its men in hand and every man in the columns it owns. */
    static int material(Position p, Side side) {
        int n = p.inHand(side);
        for (int sq = 0; sq < p.board().size(); sq++) {
            var c = p.column(sq);
            if (c != null && c.owner() == side) n += c.height();
        }
        return n;
    }
}
