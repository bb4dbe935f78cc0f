package org.emergo.store.game;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;

/** A game as the replay needs it: where it starts and its moves, read from table game. */
public record PendingGame(long id, Variant variant, String setupEpn, List<String> moves, String result) {

    /** The columns of table game (as g) that {@link #read} reads. */
    public static final String COLUMNS = "g.id, g.variant, g.setup_epn, g.moves, g.result";

    /** The game of the current row of a result that starts with {@link #COLUMNS}. */
    public static PendingGame read(ResultSet rs) throws SQLException {
        String moves = rs.getString(4);
        return new PendingGame(rs.getLong(1), Variant.parse(rs.getString(2)), rs.getString(3),
                moves == null || moves.isBlank() ? List.of() : List.of(moves.trim().split(" +")), rs.getString(5));
    }

    /** The position the game starts from: the empty board, or its SetUp position. */
    public Position start() {
        return setupEpn == null ? Position.start(variant) : PositionText.parse(setupEpn, variant);
    }
}
