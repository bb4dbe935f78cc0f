package org.emergo.store.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/** RFC 4180 CSV (CRLF line ends, quotes where needed) with a header row; NULL is an empty field. */
final class CsvResultWriter implements ResultWriter {

    private final CSVPrinter printer;

    CsvResultWriter(Appendable out) {
        try {
            this.printer = new CSVPrinter(out, CSVFormat.RFC4180);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void columns(List<ResultColumn> columns) {
        print(columns.stream().map(ResultColumn::label).toList());
    }

    @Override
    public void row(List<Object> values) {
        List<String> cells = new ArrayList<>(values.size());
        values.forEach(v -> cells.add(CellText.of(v)));
        print(cells);
    }

    @Override
    public void end() {
        try {
            printer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void print(List<String> cells) {
        try {
            printer.printRecord(cells);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
