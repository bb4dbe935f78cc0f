package org.emergo.store.db;

/** A database's error message as a user reads it: one line, without what only a developer needs. */
public final class ErrorText {

    private ErrorText() {}

    /**
     * The first line of {@code t}'s message (its class when it has none), without H2's statement
     * echo ("; SQL statement:"), error number (" [90020-240]") and version (" [2.4.240/8]"), and
     * without PostgreSQL's "ERROR: ".
     */
    public static String firstLine(Throwable t) {
        return firstLine(t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage());
    }

    public static String firstLine(String message) {
        String m = message.lines().findFirst().orElse("").strip();
        m = m.replaceFirst("; SQL statement:$", "").replaceAll("\\s*\\[\\d+-\\d+]$", "").replaceAll("\\s*\\[[\\d.]+/\\d+]$", "");
        return m.startsWith("ERROR: ") ? m.substring("ERROR: ".length()) : m;
    }
}
