package org.emergo.importer;

import java.util.ArrayList;
import java.util.List;
import org.emergo.replay.GameRecord;

/** Keeps everything a reader delivers, for tests to look at. */
final class ListSink implements RecordSink {
    final List<GameRecord> games = new ArrayList<>();
    final List<ImportError> errors = new ArrayList<>();
    final List<ImportError> warnings = new ArrayList<>();

    @Override
    public void game(GameRecord record) {
        games.add(record);
    }

    @Override
    public void error(ImportError error) {
        errors.add(error);
    }

    @Override
    public void warning(ImportError warning) {
        warnings.add(warning);
    }

    /** The value of one tag in every game read, in order. */
    List<String> tag(String name) {
        return games.stream().map(g -> g.tag(name)).toList();
    }
}
