package org.emergo.viewer.game;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.review.PlayedGame;
import org.emergo.viewer.engine.Answer;
import org.emergo.viewer.engine.Engine;
import org.emergo.viewer.engine.Lines;

/** The lines tried on a game page as the variations of its record, each move with the engine's comment. */
final class Variations {

    private Variations() {}

    /** By ply (1 the first move): the variations played instead of that ply's move of the main line. */
    static Map<Integer, List<List<RecordDownload.LineMove>>> of(PlayedGame base, Lines lines, Engine engine, String client) {
        Map<Integer, List<List<RecordDownload.LineMove>>> out = new LinkedHashMap<>();
        for (int ply : lines.branchPlies()) {
            if (ply > base.lastPly()) continue; // past a move the rules refuse: nothing to replay them from
            List<List<RecordDownload.LineMove>> variations = new ArrayList<>();
            for (Lines.Node root : lines.tree(ply)) {
                variations.add(line(base, ply, root, List.of(), new ArrayList<>(), lines, engine, client));
            }
            out.put(ply + 1, variations);
        }
        return out;
    }

    /** Node n and what follows it, its alternatives written after it. */
    private static List<RecordDownload.LineMove> line(PlayedGame base, int ply, Lines.Node n, List<Lines.Node> alternatives,
            List<String> before, Lines lines, Engine engine, String client) {
        List<String> moves = new ArrayList<>(before);
        moves.add(n.move());
        List<List<RecordDownload.LineMove>> alts = new ArrayList<>();
        for (Lines.Node a : alternatives) alts.add(line(base, ply, a, List.of(), before, lines, engine, client));
        List<RecordDownload.LineMove> out = new ArrayList<>();
        out.add(new RecordDownload.LineMove(n.move(), comment(base, ply, moves, engine, client), alts));
        if (!n.children().isEmpty()) {
            out.addAll(line(base, ply, n.children().get(0), n.children().subList(1, n.children().size()), moves, lines, engine,
                    client));
        }
        return out;
    }

    /** The engine's comment on the last of {@code moves}, as the review's export writes one; null when it cannot answer. */
    private static String comment(PlayedGame base, int ply, List<String> moves, Engine engine, String client) {
        PlayedGame game = Engine.extend(base, ply, moves);
        if (game == null) return null;
        try {
            Answer a = engine.answer(client, game, true);
            return a.tried() == null ? null : a.tried().comment();
        } catch (Engine.Busy e) {
            return null;
        }
    }
}
