package org.emergo.replay;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.rules.Variant;

/**
 * One game as a record states it, before any rule is applied: what every reader produces
 * (EGN, CSV, Abstract Play JSON), what the store keeps and what the replay consumes.
 *
 * @param variant       Emergo or HexEmergo (from the Variant tag)
 * @param tags          every tag in the order read, including the seven standard ones
 * @param setupPosition the position string of a SetUp game, or null for the normal start
 * @param moves         the main line's moves as written (suffixes such as {@code !?} included)
 * @param movetext      the whole movetext in canonical EGN layout: numbers, moves, comments,
 *                      variations and the result token
 * @param source        where the record came from (file, or archive!entry)
 * @param sourceLine    line of the record's first character in its source (1-based)
 */
public record GameRecord(
        Variant variant,
        Map<String, String> tags,
        String setupPosition,
        List<String> moves,
        String movetext,
        String source,
        int sourceLine) {

    public GameRecord {
        tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        moves = List.copyOf(moves);
    }

    /** A tag's value, or null. */
    public String tag(String name) {
        return tags.get(name);
    }

    /** The Result tag, {@code *} when absent. */
    public String result() {
        return tags.getOrDefault("Result", "*");
    }
}
