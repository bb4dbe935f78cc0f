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
                List<RecordDownload.LineMove> v = line(base, ply, root, List.of(), new ArrayList<>(), lines, engine, client);
                if (!v.isEmpty()) variations.add(v);
            }
            if (!variations.isEmpty()) out.put(ply + 1, variations);
        }
        return out;
    }

    /**
     * Node n and what follows it, its alternatives written after it; empty from a move that is
     * not legal there (an address may hold anything), which ends its line.
     */
    private static List<RecordDownload.LineMove> line(PlayedGame base, int ply, Lines.Node n, List<Lines.Node> alternatives,
            List<String> before, Lines lines, Engine engine, String client) {
        List<String> moves = new ArrayList<>(before);
        moves.add(n.move());
        PlayedGame game = Engine.extend(base, ply, moves);
        if (game == null) return List.of();
        List<List<RecordDownload.LineMove>> alts = new ArrayList<>();
        for (Lines.Node a : alternatives) {
            List<RecordDownload.LineMove> alt = line(base, ply, a, List.of(), before, lines, engine, client);
            if (!alt.isEmpty()) alts.add(alt);
        }
        List<RecordDownload.LineMove> out = new ArrayList<>();
        out.add(new RecordDownload.LineMove(n.move(), comment(game, engine, client), alts));
        if (!n.children().isEmpty()) {
            out.addAll(line(base, ply, n.children().get(0), n.children().subList(1, n.children().size()), moves, lines, engine,
                    client));
        }
        return out;
    }

    /** The engine's comment on the last move of {@code game}, as the review's export writes one; null when it cannot answer. */
    private static String comment(PlayedGame game, Engine engine, String client) {
        try {
            Answer a = engine.answer(client, game, true);
            return a.tried() == null ? null : a.tried().comment();
        } catch (Engine.Busy e) {
            return null;
        }
    }
}
