package org.emergo.importer;

import java.util.List;

/**
 * A move of a variation an annotated export writes (docs/formats.md#movetext): the move, a
 * comment after it (null for none), and the variations played instead of it, each written in
 * brackets after it as PGN writes them.
 */
public record VariationMove(String move, String comment, List<List<VariationMove>> alternatives) {

    public VariationMove {
        alternatives = List.copyOf(alternatives);
    }
}
