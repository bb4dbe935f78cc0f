package org.emergo.importer;

import org.emergo.replay.GameRecord;

/**
 * Where the readers deliver what they read, in file order: each game that was read, one error
 * for each record that was rejected, and warnings. A warning about a game (a wrong move number,
 * a Result tag that disagrees with the result token) follows that game's {@link #game} call;
 * warnings about a whole file (its encoding) come before its games.
 */
public interface RecordSink {

    /** A record that was read. */
    void game(GameRecord record);

    /** A record that was rejected, or a file that could not be read. */
    void error(ImportError error);

    /** Something doubtful about a record or file that was still read. */
    void warning(ImportError warning);
}
