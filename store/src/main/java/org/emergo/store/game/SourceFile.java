package org.emergo.store.game;

import java.time.LocalDateTime;

/** An imported file: its content hash and what its import found (counts are null until it ends). */
public record SourceFile(
        long id,
        String path,
        String contentSha256,
        Long sizeBytes,
        Integer games,
        Integer duplicates,
        Integer errors,
        LocalDateTime importedAt) {
}
