/**
 * Readers that turn files into {@link org.emergo.replay.GameRecord}s and rejected records into
 * {@link org.emergo.importer.ImportError}s, and the writers for export. The formats:
 * docs/formats.md#egn, docs/formats.md#csv and docs/formats.md#abstract-play-json.
 *
 * <p>{@link org.emergo.importer.SourceWalker} takes paths (files, folders, {@code .zip},
 * {@code .gz}), decides format and encoding, and feeds {@link org.emergo.importer.EgnReader},
 * {@link org.emergo.importer.CsvGameReader} or {@link org.emergo.importer.AbstractPlayReader};
 * everything they read goes to a {@link org.emergo.importer.RecordSink}. Readers stream: one
 * record in memory at a time. Bad input never throws: each rejected record is one error with
 * source, line and column, and reading goes on with the next record. No database code here.
 */
package org.emergo.importer;
