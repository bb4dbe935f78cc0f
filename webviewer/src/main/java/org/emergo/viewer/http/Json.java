package org.emergo.viewer.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.Map;

/** The API's answers as JSON. */
public final class Json {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Json() {}

    /**
     * A JSON object with its keys in the order given: Map.of's order changes from one run of
     * Java to the next, and the answer with it (seen comparing two servers' /api/games/{id}).
     */
    public static Map<String, Object> object(Object... keysAndValues) {
        Map<String, Object> o = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) o.put((String) keysAndValues[i], keysAndValues[i + 1]);
        return o;
    }

    /** Answers with body as JSON. */
    public static void send(Context ctx, Object body) {
        try {
            ctx.contentType("application/json").result(JSON.writeValueAsString(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }
}
