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

    /**
     * The engine comments this many moves of a download at most, and for this long at most: an
     * address can hold 40 lines of 60 moves, which must not keep the engine from everyone else.
     */
    static final int MAX_COMMENTS = 80;
    static final long MAX_NANOS = 8_000_000_000L;

    private final PlayedGame base;
    private final Engine engine;
    private final String client;
    private final long deadline = System.nanoTime() + MAX_NANOS;
    private int comments;

    private Variations(PlayedGame base, Engine engine, String client) {
        this.base = base;
        this.engine = engine;
        this.client = client;
    }

    /** By ply (1 the first move): the variations played instead of that ply's move of the main line. */
    static Map<Integer, List<List<RecordDownload.LineMove>>> of(PlayedGame base, Lines lines, Engine engine, String client) {
        Variations v = new Variations(base, engine, client);
        Map<Integer, List<List<RecordDownload.LineMove>>> out = new LinkedHashMap<>();
        for (int ply : lines.branchPlies()) {
            if (ply > base.lastPly()) continue; // past a move the rules refuse: nothing to replay them from
            List<List<RecordDownload.LineMove>> variations = new ArrayList<>();
            for (Lines.Node root : lines.tree(ply)) {
                List<RecordDownload.LineMove> line = v.line(ply, root, List.of(), new ArrayList<>());
                if (!line.isEmpty()) variations.add(line);
            }
            if (!variations.isEmpty()) out.put(ply + 1, variations);
        }
        return out;
    }

    /**
     * Node n and what follows it, its alternatives written after it; empty from a move that is
     * not legal there (an address may hold anything), which ends its line.
     */
    private List<RecordDownload.LineMove> line(int ply, Lines.Node n, List<Lines.Node> alternatives, List<String> before) {
        List<String> moves = new ArrayList<>(before);
        moves.add(n.move());
        PlayedGame game = Engine.extend(base, ply, moves);
        if (game == null) return List.of();
        List<List<RecordDownload.LineMove>> alts = new ArrayList<>();
        for (Lines.Node a : alternatives) {
            List<RecordDownload.LineMove> alt = line(ply, a, List.of(), before);
            if (!alt.isEmpty()) alts.add(alt);
        }
        List<RecordDownload.LineMove> out = new ArrayList<>();
        out.add(new RecordDownload.LineMove(n.move(), comment(game), alts));
        if (!n.children().isEmpty()) {
            out.addAll(line(ply, n.children().get(0), n.children().subList(1, n.children().size()), moves));
        }
        return out;
    }

    /**
     * The engine's comment on the last move of {@code game}, as the review's export writes one;
     * null when it cannot answer, or past the download's share of the engine.
     */
    private String comment(PlayedGame game) {
        if (comments >= MAX_COMMENTS || System.nanoTime() > deadline) return null;
        comments++;
        try {
            Answer a = engine.answer(client, game, true);
            return a.tried() == null ? null : a.tried().comment();
        } catch (Engine.Busy e) {
            return null;
        }
    }
}
