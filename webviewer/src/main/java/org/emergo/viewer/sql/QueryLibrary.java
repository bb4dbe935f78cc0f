package org.emergo.viewer.sql;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The example queries of sql/queries/, packaged with the viewer (the build copies them to
 * {@code emergo-queries/} on the classpath) so the jar has them wherever it runs.
 */
public final class QueryLibrary {

    /** An example query: its file name and text. */
    public record Example(String name, String sql) {
        /** The query's leading comment up to its first full stop or question mark: what it answers. */
        public String description() {
            StringBuilder text = new StringBuilder();
            for (String line : sql.lines().toList()) {
                String l = line.strip();
                if (!l.startsWith("--")) break;
                text.append(text.length() == 0 ? "" : " ").append(l.substring(2).strip());
                int end = sentenceEnd(text);
                if (end > 0) return text.substring(0, end);
            }
            return text.length() == 0 ? name : text.toString();
        }

        private static int sentenceEnd(CharSequence s) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if ((c == '.' || c == '?') && (i + 1 == s.length() || s.charAt(i + 1) == ' ')) return i + 1;
            }
            return -1;
        }
    }

    private static final String FOLDER = "emergo-queries/";

    private final List<Example> examples;

    private QueryLibrary(List<Example> examples) {
        this.examples = List.copyOf(examples);
    }

    /** The packaged examples. */
    public static QueryLibrary packaged() {
        List<Example> examples = new ArrayList<>();
        for (String name : names()) {
            read(FOLDER + name).ifPresent(sql -> examples.add(new Example(name, sql)));
        }
        return new QueryLibrary(examples);
    }

    public List<Example> examples() {
        return examples;
    }

    public Optional<Example> find(String name) {
        return examples.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** The file names in the folder, from a directory (a build) or from the jar. */
    private static List<String> names() {
        URL url = QueryLibrary.class.getClassLoader().getResource(FOLDER);
        if (url == null) return List.of();
        try {
            URI uri = url.toURI();
            if (uri.getScheme().equals("jar")) {
                try (FileSystem fs = FileSystems.newFileSystem(uri, Map.of())) {
                    return list(fs.provider().getPath(uri));
                } catch (FileSystemAlreadyExistsException e) {
                    return list(FileSystems.getFileSystem(uri).provider().getPath(uri));
                }
            }
            return list(Path.of(uri));
        } catch (IOException | URISyntaxException e) {
            return List.of();
        }
    }

    private static List<String> list(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sql")).sorted().toList();
        }
    }

    private static Optional<String> read(String resource) {
        try (InputStream in = QueryLibrary.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
