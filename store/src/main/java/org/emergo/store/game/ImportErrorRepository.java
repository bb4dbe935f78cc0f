package org.emergo.store.game;

import static org.emergo.store.jooq.Tables.IMPORT_ERROR;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.emergo.store.db.StoredText;
import org.jooq.BatchBindStep;
import org.jooq.DSLContext;

/** The records an import rejected, with where and why. */
public final class ImportErrorRepository {

    /** The size of message and excerpt; longer text is cut, the start says what matters. */
    static final int TEXT_MAX = 4000;

    private final DSLContext dsl;

    public ImportErrorRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Adds the errors in one batch. */
    public void insertAll(List<ImportErrorEntry> errors, Long sourceFileId) {
        if (errors.isEmpty()) {
            return;
        }
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        BatchBindStep batch = dsl.batch(dsl.insertInto(IMPORT_ERROR,
                        IMPORT_ERROR.SOURCE, IMPORT_ERROR.LINE, IMPORT_ERROR.COL, IMPORT_ERROR.MESSAGE,
                        IMPORT_ERROR.EXCERPT, IMPORT_ERROR.SOURCE_FILE_ID, IMPORT_ERROR.CREATED_AT)
                .values((String) null, null, null, null, null, null, null));
        for (ImportErrorEntry e : errors) {
            batch.bind(StoredText.cleanAndCut(e.source(), GameRow.SOURCE_MAX), e.line(), e.col(),
                    StoredText.cleanAndCut(e.message(), TEXT_MAX), StoredText.cleanAndCut(e.excerpt(), TEXT_MAX),
                    sourceFileId, now);
        }
        batch.execute();
    }

    /** The errors of one imported file, in the order added. */
    public List<ImportErrorEntry> findBySourceFile(long sourceFileId) {
        return dsl.select(IMPORT_ERROR.SOURCE, IMPORT_ERROR.LINE, IMPORT_ERROR.COL, IMPORT_ERROR.MESSAGE,
                        IMPORT_ERROR.EXCERPT)
                .from(IMPORT_ERROR)
                .where(IMPORT_ERROR.SOURCE_FILE_ID.eq(sourceFileId))
                .orderBy(IMPORT_ERROR.ID)
                .fetch(r -> new ImportErrorEntry(r.value1(), r.value2(), r.value3(), r.value4(), r.value5()));
    }

    /** Forgets the errors of one file, before it is read again. */
    public void deleteBySourceFile(long sourceFileId) {
        dsl.deleteFrom(IMPORT_ERROR)
                .where(IMPORT_ERROR.SOURCE_FILE_ID.eq(sourceFileId))
                .execute();
    }

    /** How many errors are stored. */
    public int count() {
        return dsl.fetchCount(IMPORT_ERROR);
    }
}
