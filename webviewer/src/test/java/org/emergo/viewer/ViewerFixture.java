package org.emergo.viewer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.generate.SelfPlay;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;

/**
 * A small analysed database for the viewer's tests, made without the importer (the viewer
 * may not use it): the worked example of docs/rules.md#a-worked-example, a missed majority capture, a game whose
 * tags are hostile markup, and self-played games of both variants.
 */
public final class ViewerFixture {

    /** The worked example's start (docs/rules.md#a-worked-example). */
    public static final String EXAMPLE = "w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2";

    public static final String HOSTILE = "<script>alert(1)</script>";

    /** A name with a slash, which a path segment must carry as %2F, and with a dot-dot. */
    public static final String SLASHED = "A/B ../x";

    private ViewerFixture() {}

    /**
     * A fresh H2 file in a folder holding the fixture's games, analysed. A file, as users have:
     * H2's read-only user, which the SQL page uses, cannot take an in-memory database's settings.
     */
    public static Database analysed(Path folder) {
        return analysed(folder.resolve("viewer").toString());
    }

    /** The fixture's games, analysed, in a new database named as {@code --db} names one (H2 or PostgreSQL). */
    public static Database analysed(String dbArgument) {
        Database db = Database.open(dbArgument);
        new GameRepository(db.dsl()).insertAll(games(), null);
        new AnalysisJob(db, 1).run(false, done -> { });
        return db;
    }

    static List<GameRecord> games() {
        List<GameRecord> games = new ArrayList<>();
        games.add(game("Worked example", "van Zon, Ed", "Freeling, Christian", "1-0", EXAMPLE,
                List.of("f4-e4", "h4xf4xd4", "e4xc4xc6xe6xe4xc4")));
        games.add(game("Missed majority", "van Zon, Ed", "Freeling, Christian", "*", EXAMPLE, List.of("f4-e4", "e5xe3")));
        games.add(game("<b>bold</b> & co", HOSTILE, "Bob & \"Eve\"", "*", null, List.of("e4", "e6")));
        games.add(game("Slashed", SLASHED, "Dot", "0-1", null, List.of("e4")));
        SelfPlay emergo = new SelfPlay(Variant.EMERGO, 7);
        for (int i = 1; i <= 6; i++) games.add(emergo.game(i));
        SelfPlay hex = new SelfPlay(Variant.HEXEMERGO, 7);
        for (int i = 1; i <= 2; i++) games.add(hex.game(i));
        return games;
    }

    private static GameRecord game(String event, String white, String black, String result, String setup, List<String> moves) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", event);
        tags.put("Date", "2003.05.14");
        tags.put("White", white);
        tags.put("Black", black);
        tags.put("Result", result);
        if (setup != null) {
            tags.put("SetUp", "1");
            tags.put("Position", setup);
        }
        return new GameRecord(Variant.EMERGO, tags, setup, moves, null, "fixture", 1);
    }
}
