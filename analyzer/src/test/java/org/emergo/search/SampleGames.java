package org.emergo.search;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.emergo.rules.Game;
import org.emergo.rules.Move;
import org.emergo.rules.MoveMatcher;
import org.emergo.rules.Notation;
import org.emergo.rules.Position;
import org.emergo.rules.Resolution;
import org.emergo.rules.Variant;

/** The self-play records of sample-games/, replayed: every position with the hashes of those before it. */
final class SampleGames {

    /** One position of a game and the hashes of the game's positions before it, oldest first. */
    record Ply(Position position, long[] history, Move played) {}

    private SampleGames() {}

    static Path folder() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("sample-games"))) return p.resolve("sample-games");
        }
        throw new UncheckedIOException(new IOException("no sample-games folder above " + Path.of("").toAbsolutePath()));
    }

    /** The first {@code games} games of the variant's self-play file, as move lists. */
    static List<List<Move>> games(Variant variant, int games) {
        String file = variant == Variant.EMERGO ? "selfplay-emergo.egn.gz" : "selfplay-hexemergo.egn.gz";
        List<List<Move>> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(folder().resolve(file))), StandardCharsets.UTF_8))) {
            List<String> tokens = new ArrayList<>();
            String line;
            while ((line = in.readLine()) != null && out.size() < games) {
                if (line.startsWith("[")) {
                    if (!tokens.isEmpty()) {
                        out.add(replay(variant, tokens));
                        tokens.clear();
                    }
                    continue;
                }
                for (String t : line.trim().split("\\s+")) {
                    if (!t.isEmpty() && Notation.isMove(t)) tokens.add(t);
                }
            }
            if (!tokens.isEmpty() && out.size() < games) out.add(replay(variant, tokens));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static List<Move> replay(Variant variant, List<String> texts) {
        List<Move> moves = new ArrayList<>();
        Game game = new Game(Position.start(variant));
        for (String t : texts) {
            Resolution r = MoveMatcher.resolve(game.current(), Notation.parse(t));
            Move m = ((Resolution.Resolved) r).move();
            moves.add(m);
            game.play(m);
        }
        return moves;
    }

    /** Every position of the games with its history, the end positions included. */
    static List<Ply> plies(Variant variant, int games) {
        List<Ply> out = new ArrayList<>();
        for (List<Move> moves : games(variant, games)) {
            Position p = Position.start(variant);
            long[] hashes = new long[moves.size() + 1];
            for (int i = 0; i <= moves.size(); i++) {
                Move next = i < moves.size() ? moves.get(i) : null;
                out.add(new Ply(p, java.util.Arrays.copyOf(hashes, i), next));
                hashes[i] = p.hash();
                if (next != null) p = p.play(next);
            }
        }
        return out;
    }

    /** Every {@code step}-th position of the plies, for tests that cannot afford them all. */
    static List<Ply> sample(Variant variant, int games, int step) {
        List<Ply> all = plies(variant, games);
        List<Ply> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i += step) out.add(all.get(i));
        return out;
    }
}
