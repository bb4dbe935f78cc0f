package org.emergo.store.game;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;

/**
 * A game as the store holds it: the game row and its other tags.
 *
 * @param otherTags the game_tag rows in the order read: every tag but the seven standard ones,
 *                  Variant, SetUp and Position (and Result when its value was not a result)
 * @param moves     the main-line moves joined by single spaces
 * @param movetext  the whole movetext in canonical EGN layout; where column game.movetext is NULL
 *                  (a record with nothing beyond its moves and result) it is rebuilt from the moves
 * @param fingerprint the 64-bit key of {@link GameFingerprint#key}
 */
public record StoredGame(
        long id,
        Variant variant,
        String event,
        String site,
        String date,
        String round,
        String white,
        String black,
        String result,
        String setupPosition,
        String moves,
        String movetext,
        Integer plyCount,
        long fingerprint,
        String source,
        Integer sourceLine,
        Long sourceFileId,
        LocalDateTime importedAt,
        Map<String, String> otherTags) {

    public StoredGame {
        otherTags = Collections.unmodifiableMap(new LinkedHashMap<>(otherTags));
        if (movetext == null) {
            movetext = PlainMovetext.of(moves, setupPosition, result);
        }
    }

    /** The main-line moves as a list. */
    public List<String> moveList() {
        return moveList(moves);
    }

    /** Moves joined by single spaces (column game.moves) as a list. */
    static List<String> moveList(String moves) {
        return moves == null || moves.isEmpty() ? List.of() : Arrays.asList(moves.split(" "));
    }

    /**
     * Every tag in EGN order: the standard seven that are present, Variant, SetUp and Position
     * for a set-up game, then the other tags in the order read.
     */
    public Map<String, String> tags() {
        Map<String, String> tags = new LinkedHashMap<>();
        putIfPresent(tags, "Event", event);
        putIfPresent(tags, "Site", site);
        putIfPresent(tags, "Date", date);
        putIfPresent(tags, "Round", round);
        putIfPresent(tags, "White", white);
        putIfPresent(tags, "Black", black);
        putIfPresent(tags, "Result", otherTags.getOrDefault("Result", result));
        tags.put("Variant", variant.tagName());
        if (setupPosition != null) {
            tags.put("SetUp", "1");
            tags.put("Position", setupPosition);
        }
        otherTags.forEach(tags::putIfAbsent);
        return tags;
    }

    /** The game as a record again, for export and replay. */
    public GameRecord toGameRecord() {
        return new GameRecord(variant, tags(), setupPosition, new ArrayList<>(moveList()), movetext,
                source, sourceLine == null ? 0 : sourceLine);
    }

    private static void putIfPresent(Map<String, String> tags, String name, String value) {
        if (value != null) {
            tags.put(name, value);
        }
    }
}
