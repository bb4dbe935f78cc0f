package org.emergo.rules;

/** A position string that cannot be read; the message names the bad token. */
public final class PositionFormatException extends IllegalArgumentException {
    public PositionFormatException(String message) {
        super(message);
    }
}
