import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Clients that ask the viewer for the given paths in turn, each one request after another, for
 * a bounded time and count; prints one line: clients, requests, errors, requests/s, and the
 * 50th, 90th, 99th percentile and largest answer times in ms. Loopback only (bench/viewer-load.sh).
 *
 *   java bench/ViewerLoad.java BASE CLIENTS SECONDS PATH...
 */
public class ViewerLoad {
    public static void main(String[] args) throws Exception {
        String base = args[0];
        if (!base.startsWith("http://127.0.0.1:")) throw new IllegalArgumentException("loopback only: " + base);
        int clients = Integer.parseInt(args[1]);
        long seconds = Long.parseLong(args[2]);
        List<String> paths = List.of(args).subList(3, args.length);
        int maxRequests = 200_000;
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        List<Long> times = Collections.synchronizedList(new ArrayList<>());
        java.util.Map<String, List<Long>> byPath = new java.util.concurrent.ConcurrentHashMap<>();
        AtomicInteger errors = new AtomicInteger();
        AtomicInteger sent = new AtomicInteger();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        for (int c = 0; c < clients; c++) {
            int first = c;
            pool.submit(() -> {
                for (int i = first; System.nanoTime() < end && sent.incrementAndGet() <= maxRequests; i++) {
                    String path = paths.get(i % paths.size());
                    long t = System.nanoTime();
                    try {
                        HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(base + path))
                                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.discarding());
                        if (r.statusCode() != 200) errors.incrementAndGet();
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    }
                    long took = System.nanoTime() - t;
                    times.add(took);
                    byPath.computeIfAbsent(path, p -> Collections.synchronizedList(new ArrayList<>())).add(took);
                }
                return null;
            });
        }
        pool.shutdown();
        pool.awaitTermination(seconds + 120, java.util.concurrent.TimeUnit.SECONDS);
        double elapsed = (System.nanoTime() - start) / 1e9;
        List<Long> sorted = new ArrayList<>(times);
        Collections.sort(sorted);
        System.out.printf("%3d clients: %6d requests, %d errors, %7.1f requests/s, ms p50 %7.1f p90 %7.1f p99 %7.1f max %7.1f%n",
                clients, sorted.size(), errors.get(), sorted.size() / elapsed, ms(sorted, 0.50), ms(sorted, 0.90),
                ms(sorted, 0.99), sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1) / 1e6);
        for (String path : paths) {
            List<Long> p = new ArrayList<>(byPath.getOrDefault(path, List.of()));
            Collections.sort(p);
            System.out.printf("      %-40s %5d requests, ms p50 %7.1f p90 %7.1f max %7.1f%n", path, p.size(), ms(p, 0.5),
                    ms(p, 0.9), p.isEmpty() ? 0 : p.get(p.size() - 1) / 1e6);
        }
    }

    private static double ms(List<Long> sorted, double q) {
        if (sorted.isEmpty()) return 0;
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(q * sorted.size()) - 1)) / 1e6;
    }
}
