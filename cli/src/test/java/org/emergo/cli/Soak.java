package org.emergo.cli;

import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Cases that repeat another case's stop at a later commit: the suite runs each kind of stop
 * once, and bench/process-soak.sh (which sets {@code -Demergo.soak=true}) runs these too.
 */
final class Soak {

    private Soak() {}

    static Stream<Arguments> only(Arguments... cases) {
        return Boolean.getBoolean("emergo.soak") ? Stream.of(cases) : Stream.empty();
    }
}
