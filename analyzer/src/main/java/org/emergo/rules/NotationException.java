package org.emergo.rules;

/** Text that is not move notation at all (docs/formats.md#notation); the importer rejects its record. */
public final class NotationException extends IllegalArgumentException {
    private final int offset;

    public NotationException(String message, int offset) {
        super(message);
        this.offset = offset;
    }

    /** Character offset of the problem inside the token. */
    public int offset() {
        return offset;
    }
}
