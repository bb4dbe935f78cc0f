package org.emergo.viewer.http;

/** A 400 or 404 page: what went wrong, in words, and where to go on from there. */
public record ErrorPage(int status, String title, String message, String backUrl, String backText) {

    /** An error on a path: a bad position leads back to the explorer's form, anything else to the games. */
    public static ErrorPage of(int status, String title, String message, String path) {
        return path.startsWith("/position")
                ? new ErrorPage(status, title, message, "/position", "Look up another position")
                : path.startsWith("/sql")
                ? new ErrorPage(status, title, message, "/sql", "Back to the SQL page")
                : new ErrorPage(status, title, message, "/games", "Back to the games");
    }
}
