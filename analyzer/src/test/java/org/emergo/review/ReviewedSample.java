package org.emergo.review;

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
import org.emergo.rules.Notation;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;

/**
 * A deterministic sample of the demo's games reviewed at the review's setting: every
 * {@code step}-th of the first games of sample-games/selfplay-*.egn.gz (the self-play games the
 * demo holds), each reviewed as `emergo review` reviews it.
 */
final class ReviewedSample {

    record Reviewed(PlayedGame game, GameReview review) {}

    private ReviewedSample() {}

    static Path folder() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("sample-games"))) return p.resolve("sample-games");
        }
        throw new UncheckedIOException(new IOException("no sample-games folder above " + Path.of("").toAbsolutePath()));
    }

    /** Games {@code from, from + step, from + 2 step, ...} below {@code upTo} of the board's self-play file, as move texts. */
    static List<List<String>> games(Variant variant, int from, int upTo, int step) {
        String file = variant == Variant.EMERGO ? "selfplay-emergo.egn.gz" : "selfplay-hexemergo.egn.gz";
        List<List<String>> all = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(folder().resolve(file))), StandardCharsets.UTF_8))) {
            List<String> tokens = new ArrayList<>();
            String line;
            while ((line = in.readLine()) != null && all.size() < upTo) {
                if (line.startsWith("[")) {
                    if (!tokens.isEmpty()) {
                        all.add(List.copyOf(tokens));
                        tokens.clear();
                    }
                    continue;
                }
                for (String t : line.trim().split("\\s+")) {
                    if (!t.isEmpty() && Notation.isMove(t)) tokens.add(t);
                }
            }
            if (!tokens.isEmpty() && all.size() < upTo) all.add(List.copyOf(tokens));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<List<String>> out = new ArrayList<>();
        for (int i = from; i < all.size(); i += step) out.add(all.get(i));
        return out;
    }

    /**
     * The games of a plain EGN file (as {@code emergo export} writes it), each from its own start
     * (the Variant tag, a SetUp game's Position tag), replayed up to its first move the rules refuse:
     * for checks by hand on games other than the self-play ones.
     */
    static List<PlayedGame> fromEgn(Path file) {
        List<PlayedGame> out = new ArrayList<>();
        try {
            for (String record : Files.readString(file, StandardCharsets.UTF_8).split("\n(?=\\[Event )")) {
                Variant variant = record.contains("[Variant \"HexEmergo\"]") ? Variant.HEXEMERGO : Variant.EMERGO;
                Position start = Position.start(variant);
                List<String> moves = new ArrayList<>();
                for (String line : record.split("\n")) {
                    if (line.startsWith("[Position \"")) {
                        start = PositionText.parse(line.substring(11, line.lastIndexOf('"')), variant);
                    } else if (!line.startsWith("[")) {
                        for (String t : line.replaceAll("\\{[^}]*}", " ").trim().split("\\s+")) {
                            if (!t.isEmpty() && Notation.isMove(t)) moves.add(t);
                        }
                    }
                }
                out.add(PlayedGame.replay(start, moves));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Games reviewed as {@code emergo review} reviews them. */
    static List<Reviewed> review(List<PlayedGame> games) {
        Reviewer reviewer = new Reviewer(Limit.depth(4));
        List<Reviewed> out = new ArrayList<>();
        for (PlayedGame g : games) out.add(new Reviewed(g, reviewer.review(g)));
        return out;
    }

    static List<Reviewed> review(Variant variant, int from, int upTo, int step) {
        Reviewer reviewer = new Reviewer(Limit.depth(4));
        List<Reviewed> out = new ArrayList<>();
        for (List<String> moves : games(variant, from, upTo, step)) {
            PlayedGame g = PlayedGame.replay(Position.start(variant), moves);
            out.add(new Reviewed(g, reviewer.review(g)));
        }
        return out;
    }
}
