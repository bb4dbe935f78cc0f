package org.emergo.importer;

import org.emergo.replay.GameRecord;

/** Passes everything on to another sink and counts games, errors and warnings on the way. */
public final class CountingSink implements RecordSink {

    private final RecordSink next;
    private long games;
    private long errors;
    private long warnings;

    public CountingSink(RecordSink next) {
        this.next = next;
    }

    @Override
    public void game(GameRecord record) {
        games++;
        next.game(record);
    }

    @Override
    public void error(ImportError error) {
        errors++;
        next.error(error);
    }

    @Override
    public void warning(ImportError warning) {
        warnings++;
        next.warning(warning);
    }

    public long games() {
        return games;
    }

    public long errors() {
        return errors;
    }

    public long warnings() {
        return warnings;
    }
}
