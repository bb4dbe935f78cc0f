package org.emergo.bench;

import java.util.ArrayList;
import java.util.List;
import org.emergo.generate.SelfPlay;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Game;
import org.emergo.rules.MoveMatcher;
import org.emergo.rules.Notation;
import org.emergo.rules.Position;
import org.emergo.rules.Resolution;
import org.emergo.rules.Variant;

/** The fixed benchmark corpus: self-play games of seed 2026 on both boards, and every position in them. */
final class Corpus {

    static final long SEED = 2026;

    /** Games of each variant in the corpus. */
    static final int GAMES_PER_VARIANT = 100;

    /** Plies in the corpus' games (checked by the benchmarks that rely on it). */
    static final int PLIES = 41_610;

    private Corpus() {}

    static List<GameRecord> games(int perVariant) {
        List<GameRecord> games = new ArrayList<>();
        for (Variant v : Variant.values()) {
            SelfPlay selfPlay = new SelfPlay(v, SEED);
            for (int i = 1; i <= perVariant; i++) games.add(selfPlay.game(i));
        }
        return games;
    }

    /** Every position of the games, from the start to the end: all phases of both boards. */
    static Position[] positions(List<GameRecord> games) {
        List<Position> out = new ArrayList<>();
        for (GameRecord g : games) {
            Game game = new Game(Position.start(g.variant()));
            out.add(game.current());
            for (String text : g.moves()) {
                Resolution r = MoveMatcher.resolve(game.current(), Notation.parse(text));
                game.play(((Resolution.Resolved) r).move());
                out.add(game.current());
            }
        }
        return out.toArray(new Position[0]);
    }
}
