package org.emergo.importer;

/**
 * Hears how far {@link SourceWalker} is, file by file, so a command line can draw a progress
 * bar. Bytes are those of the file as stored: compressed bytes for a {@code .gz} file,
 * uncompressed bytes for an entry of a {@code .zip} archive.
 */
public interface ProgressListener {

    /** Listens to nothing. */
    ProgressListener NONE = new ProgressListener() {};

    /** A file or archive entry is about to be read; {@code size} is -1 when unknown. */
    default void started(String source, long size) {}

    /** {@code bytesRead} bytes of the source have been read so far. */
    default void advanced(String source, long bytesRead) {}

    /** The source has been read to its end, or given up on. */
    default void finished(String source) {}

    /** Another program imports a file of the same content: this run waits for it to finish. */
    default void waiting(String source) {}

    /** A batch is committed: {@code games} games are now stored by this run. On the writing thread. */
    default void stored(int games) {}
}
