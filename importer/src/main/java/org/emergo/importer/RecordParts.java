package org.emergo.importer;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;

/**
 * The parts of one record as a reader collects them (tags with where each was written, then the
 * movetext), and the checks every format shares: the Variant tag, SetUp/Position, and the
 * Result tag against the result token.
 */
final class RecordParts {

    private final Where where;
    private final Map<String, String> tags = new LinkedHashMap<>();
    private final Map<String, int[]> tagAt = new HashMap<>();

    private Variant variant = Variant.EMERGO;
    private String setupPosition;
    private boolean blackFirst;

    RecordParts(Where where) {
        this.where = where;
    }

    /** Adds a tag; a second tag of the same name replaces the value and is a warning. */
    void tag(String name, String value, int line, int column, List<ImportError> warnings) {
        String before = tags.put(name, value);
        if (before != null) {
            warnings.add(where.at(line, column, "tag " + name + " given twice; the last value is kept", value));
        }
        tagAt.put(name, new int[] {line, column});
    }

    boolean hasTags() {
        return !tags.isEmpty();
    }

    Map<String, String> tags() {
        return tags;
    }

    /**
     * Reads Variant and SetUp/Position (names in any case). A variant that is neither Emergo nor
     * HexEmergo, {@code SetUp "1"} without a Position, or a Position that is no position string
     * rejects the record.
     */
    void checkSetup() {
        String variantTag = find("Variant");
        if (variantTag != null) {
            try {
                variant = Variant.parse(tags.get(variantTag));
            } catch (IllegalArgumentException e) {
                throw reject(variantTag, e.getMessage());
            }
        }
        String setUpTag = find("SetUp");
        String positionTag = find("Position");
        String setUp = setUpTag == null ? null : tags.get(setUpTag).strip();
        if (positionTag == null) {
            if ("1".equals(setUp)) throw reject(setUpTag, "SetUp \"1\" without a Position tag");
            return;
        }
        if ("0".equals(setUp)) return;
        try {
            Position position = PositionText.parse(tags.get(positionTag), variant);
            setupPosition = PositionText.format(position);
            blackFirst = position.sideToMove() == Side.BLACK;
        } catch (IllegalArgumentException e) {
            throw reject(positionTag, "bad Position for " + variant.tagName() + ": " + e.getMessage());
        }
    }

    boolean blackFirst() {
        return blackFirst;
    }

    /**
     * Finishes the record: the result token (or the Result tag, or {@code *}) closes the
     * movetext; a missing Result tag takes the token's value; a disagreement is a warning, and
     * so is a missing token where the format expects one.
     */
    GameRecord finish(MovetextParser.Parsed movetext, String source, int sourceLine, List<ImportError> warnings,
                      boolean tokenExpected) {
        String tagValue = tags.get("Result");
        String token = movetext.result();
        if (token == null) {
            if (tokenExpected) warnings.add(where.at(sourceLine, 0,
                    "the movetext has no result token; " + (tagValue == null ? "'*' assumed" : "the Result tag is used"), ""));
            token = tagValue != null && MovetextParser.isResult(tagValue.strip()) ? tagValue.strip() : "*";
        } else if (tagValue == null) {
            tags.put("Result", token);
        } else if (!tagValue.strip().equals(token)) {
            warnings.add(where.at(movetext.resultLine(), movetext.resultColumn(),
                    "the Result tag says '" + tagValue + "' but the movetext ends with '" + token + "' at "
                            + movetext.resultLine() + ":" + movetext.resultColumn(),
                    token));
        }
        movetext.builder().result(token);
        return new GameRecord(variant, tags, setupPosition, movetext.builder().moves(), movetext.builder().text(),
                source, sourceLine);
    }

    private String find(String name) {
        if (tags.containsKey(name)) return name;
        for (String key : tags.keySet()) if (key.equalsIgnoreCase(name)) return key;
        return null;
    }

    private RecordException reject(String tag, String message) {
        int[] at = tagAt.getOrDefault(tag, new int[] {0, 0});
        return new RecordException(where.at(at[0], at[1], message, tags.get(tag)));
    }
}
