package org.emergo.store.db;

import java.util.List;

/**
 * The tables whose rows an analysis derives from a game, its analysis row last: written and
 * deleted together (AnalysisRepository), settled after a bulk run, and checked after an
 * unclean stop ({@link IncompleteWrites}).
 */
public final class AnalysisTables {

    public static final List<String> ALL = List.of("position", "finding", "shadowpiece", "capture_length",
            "tall_column", "capture_chance", "game_stage", "pattern_game", "pattern_pending", "analysis");

    private AnalysisTables() {}
}
