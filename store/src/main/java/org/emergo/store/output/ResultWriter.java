package org.emergo.store.output;

import java.util.List;

/**
 * Receives a query result as it is read: the columns once, then each row, then the end.
 * Values are null, String, Long, BigDecimal, Double or Boolean.
 */
public interface ResultWriter {

    void columns(List<ResultColumn> columns);

    void row(List<Object> values);

    void end();
}
