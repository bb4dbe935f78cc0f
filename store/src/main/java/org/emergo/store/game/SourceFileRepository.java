package org.emergo.store.game;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.SOURCE_FILE;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import org.emergo.store.db.StoredText;
import org.jooq.DSLContext;
import org.jooq.Record;

/** The files imported so far, found by content so that the same file is imported only once. */
public final class SourceFileRepository {

    private final DSLContext dsl;

    public SourceFileRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** The file with this content (SHA-256, lower-case hex), if it was imported before. */
    public Optional<SourceFile> findBySha(String contentSha256) {
        return dsl.selectFrom(SOURCE_FILE)
                .where(SOURCE_FILE.CONTENT_SHA256.eq(contentSha256))
                .fetchOptional()
                .map(SourceFileRepository::toSourceFile);
    }

    /** Records a file about to be imported; returns its id. Its counts stay null, the mark of a file not yet wholly imported, until {@link #finish}. */
    public long insert(String path, String contentSha256, long sizeBytes) {
        return dsl.insertInto(SOURCE_FILE)
                .set(SOURCE_FILE.PATH, StoredText.cleanAndCut(path, GameRow.SOURCE_MAX))
                .set(SOURCE_FILE.CONTENT_SHA256, contentSha256)
                .set(SOURCE_FILE.SIZE_BYTES, sizeBytes)
                .set(SOURCE_FILE.IMPORTED_AT, LocalDateTime.now(ZoneOffset.UTC))
                .returningResult(SOURCE_FILE.ID)
                .fetchOne()
                .value1();
    }

    /**
     * Marks the file imported, now that all of it is committed, and returns its duplicates. Its
     * games are those stored from it, by this run or by an interrupted one before it; the other
     * {@code accepted} records (neither rejected nor in error) were duplicates.
     */
    public int finish(long id, int accepted, int errors) {
        int games = dsl.fetchCount(GAME, GAME.SOURCE_FILE_ID.eq(id));
        int duplicates = Math.max(0, accepted - games);
        updateCounts(id, games, duplicates, errors);
        return duplicates;
    }

    /** What the import of the file found. */
    public void updateCounts(long id, int games, int duplicates, int errors) {
        dsl.update(SOURCE_FILE)
                .set(SOURCE_FILE.GAMES, games)
                .set(SOURCE_FILE.DUPLICATES, duplicates)
                .set(SOURCE_FILE.ERRORS, errors)
                .where(SOURCE_FILE.ID.eq(id))
                .execute();
    }

    private static SourceFile toSourceFile(Record r) {
        return new SourceFile(
                r.get(SOURCE_FILE.ID),
                r.get(SOURCE_FILE.PATH),
                r.get(SOURCE_FILE.CONTENT_SHA256),
                r.get(SOURCE_FILE.SIZE_BYTES),
                r.get(SOURCE_FILE.GAMES),
                r.get(SOURCE_FILE.DUPLICATES),
                r.get(SOURCE_FILE.ERRORS),
                r.get(SOURCE_FILE.IMPORTED_AT));
    }
}
