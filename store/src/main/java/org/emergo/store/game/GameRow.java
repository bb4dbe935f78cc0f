package org.emergo.store.game;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.emergo.replay.GameRecord;
import org.emergo.store.db.StoredText;

/**
 * A game record turned into the values of one game row and its game_tag rows: cleaned for
 * both databases ({@link StoredText}), fingerprinted, and checked against the column sizes.
 * Made by {@link #of}, which a bulk import calls on its reading thread, then stored by
 * {@link GameRepository#insertRows}.
 *
 * @param movetext the canonical movetext, or null when it is the {@link PlainMovetext} of the moves
 * @param problem  why the schema cannot hold the game, or null
 */
public record GameRow(
        GameRecord game,
        String variant,
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
        int plyCount,
        long fingerprint,
        String source,
        int sourceLine,
        List<Tag> tags,
        String problem) {

    static final int TAG_NAME_MAX = 255;
    static final int TAG_VALUE_MAX = 100_000;
    static final int MOVES_MAX = 1_000_000;
    static final int SOURCE_MAX = 4096;

    /** Tags kept in game columns rather than game_tag rows. */
    static final Set<String> COLUMN_TAGS = Set.of(
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "SetUp", "Position");

    /** The values the result column holds; any other Result tag is also kept as a game_tag row. */
    static final Set<String> RESULTS = Set.of("1-0", "0-1", "1/2-1/2", "*");

    /** One game_tag row. */
    record Tag(int seq, String name, String value) {
    }

    public static GameRow of(GameRecord g) {
        Map<String, String> tags = g.tags();
        String white = StoredText.clean(tags.get("White"));
        String black = StoredText.clean(tags.get("Black"));
        String date = StoredText.clean(tags.get("Date"));
        String setup = StoredText.clean(g.setupPosition());
        List<String> moveList = new ArrayList<>(g.moves().size());
        for (String move : g.moves()) {
            moveList.add(StoredText.clean(move));
        }
        String variant = g.variant().tagName();
        String resultTag = StoredText.clean(g.result());
        boolean plainResult = RESULTS.contains(resultTag);

        List<Tag> rows = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int seq = 0;
        for (Map.Entry<String, String> tag : tags.entrySet()) {
            seq++;
            String name = StoredText.clean(tag.getKey());
            boolean column = COLUMN_TAGS.contains(name) && !(name.equals("Result") && !plainResult);
            // two names that differ only in a NUL become one when cleaned: keep the first
            if (!column && names.add(name)) {
                rows.add(new Tag(seq, name, StoredText.clean(tag.getValue())));
            }
        }
        String moves = String.join(" ", moveList);
        String result = plainResult ? resultTag : "*";
        String movetext = StoredText.clean(g.movetext());
        if (movetext != null && PlainMovetext.matches(movetext, moveList, setup, result)) {
            movetext = null; // rebuilt on reading: the moves are stored once
        }
        GameRow row = new GameRow(g, variant,
                StoredText.clean(tags.get("Event")),
                StoredText.clean(tags.get("Site")),
                date,
                StoredText.clean(tags.get("Round")),
                white,
                black,
                result,
                setup,
                moves,
                movetext,
                moveList.size(),
                GameFingerprint.key(variant, setup, white, black, date, moveList),
                StoredText.cleanAndCut(g.source(), SOURCE_MAX),
                g.sourceLine(),
                List.copyOf(rows),
                null);
        return row.withProblem(row.findProblem());
    }

    /** What two rows with the same fingerprint are compared by. */
    GameIdentity identity() {
        return GameIdentity.of(variant, setupPosition, white, black, date, moves);
    }

    private GameRow withProblem(String p) {
        return p == null ? this : new GameRow(game, variant, event, site, date, round, white, black, result,
                setupPosition, moves, movetext, plyCount, fingerprint, source, sourceLine, tags, p);
    }

    /** Why the schema cannot hold this game, or null. */
    private String findProblem() {
        String[][] columns = {
            {"Event", event}, {"Site", site}, {"Date", date}, {"Round", round}, {"White", white},
            {"Black", black}, {"Position", setupPosition},
        };
        for (String[] c : columns) {
            if (c[1] != null && c[1].length() > TAG_VALUE_MAX) {
                return "the " + c[0] + " tag is longer than " + TAG_VALUE_MAX + " characters";
            }
        }
        if (moves.length() > MOVES_MAX) {
            return "the moves are longer than " + MOVES_MAX + " characters";
        }
        if (movetext != null && movetext.length() > MOVES_MAX) {
            return "the movetext is longer than " + MOVES_MAX + " characters";
        }
        for (Tag t : tags) {
            if (t.name().length() > TAG_NAME_MAX) {
                return "a tag name is longer than " + TAG_NAME_MAX + " characters";
            }
            if (t.value() != null && t.value().length() > TAG_VALUE_MAX) {
                return "the " + t.name() + " tag is longer than " + TAG_VALUE_MAX + " characters";
            }
        }
        return null;
    }
}
