package org.emergo.store.analysis;

import static org.emergo.store.jooq.Tables.ANALYSIS;
import static org.emergo.store.jooq.Tables.FINDING;
import static org.emergo.store.jooq.Tables.POSITION;
import static org.emergo.store.jooq.Tables.SHADOWPIECE;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.emergo.replay.Analysis;
import org.emergo.replay.Replay;
import org.emergo.rules.Position;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.StoredGame;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Result;

/**
 * Loads one game for the game page and the API: the game row and its tags, then its own
 * positions, findings and shadowpieces by game id (the primary key and the game indexes).
 * A game not analysed yet is replayed here, so it can be stepped through all the same.
 */
public final class GameLoader {

    private final DSLContext dsl;

    public GameLoader(DSLContext dsl) {
        this.dsl = dsl;
    }

    public Optional<GameReplay> load(long id) {
        Optional<StoredGame> stored = new GameRepository(dsl).find(id);
        if (stored.isEmpty()) return Optional.empty();
        StoredGame g = stored.get();
        Record analysis = dsl.select(ANALYSIS.RESULT_BY_RULE, ANALYSIS.TERMINATION)
                .from(ANALYSIS)
                .where(ANALYSIS.GAME_ID.eq(id))
                .fetchOne();
        Result<? extends Record> rows = analysis == null ? null : dsl.select(POSITION.PLY, POSITION.EPN, POSITION.NEXT_MOVE,
                        POSITION.NEXT_MOVE_TEXT)
                .from(POSITION)
                .where(POSITION.GAME_ID.eq(id))
                .orderBy(POSITION.PLY)
                .fetch();
        if (rows == null || rows.isEmpty()) return Optional.of(replayed(g));
        List<String> positions = new ArrayList<>(rows.size());
        List<GameReplay.PlyMove> moves = new ArrayList<>(rows.size());
        for (Record r : rows) {
            positions.add(r.get(POSITION.EPN));
            String next = r.get(POSITION.NEXT_MOVE);
            if (next != null) {
                String text = r.get(POSITION.NEXT_MOVE_TEXT);
                moves.add(new GameReplay.PlyMove(r.get(POSITION.PLY) + 1, next, text == null ? next : text));
            }
        }
        List<GameReplay.FindingRow> findings = dsl.select(FINDING.PLY, FINDING.CODE, FINDING.PLAYER, FINDING.MOVE_TEXT,
                        FINDING.EXPECTED, FINDING.EXPECTED_COUNT, FINDING.MESSAGE)
                .from(FINDING)
                .where(FINDING.GAME_ID.eq(id))
                .orderBy(FINDING.PLY, FINDING.ID)
                .fetch(r -> new GameReplay.FindingRow(r.get(FINDING.PLY), r.get(FINDING.CODE), r.get(FINDING.PLAYER),
                        r.get(FINDING.MOVE_TEXT), r.get(FINDING.EXPECTED), r.get(FINDING.EXPECTED_COUNT), r.get(FINDING.MESSAGE)));
        List<GameReplay.ShadowRow> shadowpieces = dsl.select(SHADOWPIECE.PLY, SHADOWPIECE.PLAYER, SHADOWPIECE.SQUARE,
                        SHADOWPIECE.SIZE, SHADOWPIECE.TIMES_JUMPED, SHADOWPIECE.END_PLY, SHADOWPIECE.FATE)
                .from(SHADOWPIECE)
                .where(SHADOWPIECE.GAME_ID.eq(id))
                .orderBy(SHADOWPIECE.PLY)
                .fetch(r -> new GameReplay.ShadowRow(r.get(SHADOWPIECE.PLY), r.get(SHADOWPIECE.PLAYER), r.get(SHADOWPIECE.SQUARE),
                        r.get(SHADOWPIECE.SIZE), r.get(SHADOWPIECE.TIMES_JUMPED), r.get(SHADOWPIECE.END_PLY), r.get(SHADOWPIECE.FATE)));
        return Optional.of(new GameReplay(g.id(), g.variant(), g.white(), g.black(), g.event(), g.date(), g.result(), g.tags(),
                positions, moves, findings, shadowpieces, analysis.get(ANALYSIS.RESULT_BY_RULE),
                analysis.get(ANALYSIS.TERMINATION), true));
    }

    /** The game replayed now: the same figures as a stored analysis would give. */
    static GameReplay replayed(StoredGame g) {
        Analysis a = Replay.analyse(g.toGameRecord());
        List<String> positions = a.positions().stream().map(Position::toString).toList();
        List<GameReplay.PlyMove> moves = new ArrayList<>();
        for (int i = 0; i < a.moves().size(); i++) {
            moves.add(new GameReplay.PlyMove(i + 1, a.moves().get(i).toString(), a.written().get(i)));
        }
        List<GameReplay.FindingRow> findings = a.findings().stream()
                .map(f -> new GameReplay.FindingRow(f.ply(), f.code().name(), String.valueOf(f.player().letter()), f.moveText(),
                        f.expected(), f.expectedCount(), f.message()))
                .toList();
        List<GameReplay.ShadowRow> shadowpieces = a.shadowpieces().stream()
                .map(s -> new GameReplay.ShadowRow(s.ply(), String.valueOf(s.player().letter()), s.square(), s.size(),
                        s.timesJumped(), s.endPly() < 0 ? null : s.endPly(), s.fate().name().toLowerCase(Locale.ROOT)))
                .toList();
        return new GameReplay(g.id(), g.variant(), g.white(), g.black(), g.event(), g.date(), g.result(), g.tags(),
                positions, moves, findings, shadowpieces, a.resultByRule(), a.termination().description(), false);
    }
}
