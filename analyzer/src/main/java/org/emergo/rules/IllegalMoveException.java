package org.emergo.rules;

/** A move that cannot be carried out in a position at all (docs/findings.md#unplayable). */
public final class IllegalMoveException extends RuntimeException {
    public IllegalMoveException(String message) {
        super(message);
    }
}
