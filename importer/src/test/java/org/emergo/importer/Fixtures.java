package org.emergo.importer;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Test resources and small helpers to read them. */
final class Fixtures {
    private Fixtures() {}

    static Reader reader(String resource) {
        InputStream in = Fixtures.class.getResourceAsStream("/" + resource);
        if (in == null) throw new IllegalArgumentException("no test resource " + resource);
        return new InputStreamReader(in, StandardCharsets.UTF_8);
    }

    static Path path(String resource) {
        try {
            return Path.of(Fixtures.class.getResource("/" + resource).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    static ListSink egn(String resource) {
        ListSink sink = new ListSink();
        try (Reader r = reader(resource)) {
            EgnReader.read(r, resource, sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }

    static ListSink egnText(String text) {
        ListSink sink = new ListSink();
        try {
            EgnReader.read(new StringReader(text), "text.egn", sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }
}
