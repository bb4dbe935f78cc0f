package org.emergo.rules;

/** A move that cannot be carried out in a position at all (RULES.md 8, UNPLAYABLE). */
public final class IllegalMoveException extends RuntimeException {
    public IllegalMoveException(String message) {
        super(message);
    }
}
