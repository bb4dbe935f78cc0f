package org.emergo.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.javalin.testtools.HttpClient;
import okhttp3.Response;

/**
 * The statistics page with its figures: while its first figures are computed (each request waits
 * half a second for them), the page says so and asks to be reloaded, as a browser does with its
 * {@code Refresh} header; a machine under load may take more than one request.
 */
final class StatsFigures {

    /** Requests of half a second each: a minute at most. */
    private static final int TRIES = 120;

    private StatsFigures() {}

    static String page(HttpClient client) throws Exception {
        for (int i = 0; i < TRIES; i++) {
            try (Response r = client.get("/stats")) {
                assertEquals(200, r.code());
                String body = r.body().string();
                if (r.header("Refresh") == null) return body;
                assertEquals("2", r.header("Refresh"));
                assertTrue(body.contains("are being computed. This page reloads itself"), body);
            }
        }
        return fail("the statistics were not ready after " + TRIES + " requests");
    }
}
