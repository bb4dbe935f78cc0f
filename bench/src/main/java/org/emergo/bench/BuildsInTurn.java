package org.emergo.bench;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;
import java.util.Locale;

/**
 * Two builds of the engine timed in turn in one JVM: each build's benchmarks jar in a class
 * loader of its own, and short slices of {@link SearchBenchmark} or {@link ProofBenchmark} run
 * for one, then the other. This machine has spells a fifth to a half slower that fall on the
 * clock, not on a build (docs/engine.md#how-much-one-run-differs-from-the-next), so two JVMs run
 * one after the other compare badly; slices side by side see the same spell, and their ratio holds
 * from one run to the next.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.emergo.bench.BuildsInTurn search OLD.jar NEW.jar [slices]
 * java -cp bench/target/benchmarks.jar org.emergo.bench.BuildsInTurn proof OLD.jar NEW.jar [slices] [emergo|hexemergo]
 * </pre>
 *
 * A slice of {@code search} is 2 s of searches (nodes a second); one of {@code proof} is one
 * proof of all the candidates (milliseconds). Four slices of each build warm up first; then the
 * builds take turns, the first of each pair changing. Printed: every pair, then the medians and
 * the median of the pairs' ratios, new over old.
 */
public final class BuildsInTurn {

    /** The string JMH asks of whoever makes a Blackhole by hand. */
    private static final String BLACKHOLE =
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

    private BuildsInTurn() {}

    /** One build's benchmark, loaded from its jar. */
    private static final class Build {
        private final boolean search;
        private final Object benchmark;
        private final Object blackhole;
        private final Object counter;
        private final Field nodes;
        private final Method operation;

        Build(String jar, boolean search, String variant) throws ReflectiveOperationException, IOException {
            this.search = search;
            URL url = new File(jar).toURI().toURL();
            ClassLoader loader = new URLClassLoader(new URL[] {url}, ClassLoader.getPlatformClassLoader());
            Class<?> hole = loader.loadClass("org.openjdk.jmh.infra.Blackhole");
            blackhole = hole.getConstructor(String.class).newInstance(BLACKHOLE);
            Class<?> type = loader.loadClass(search ? SearchBenchmark.class.getName() : ProofBenchmark.class.getName());
            benchmark = type.getConstructor().newInstance();
            if (search) {
                type.getField("depth").setInt(benchmark, 4);
            } else {
                type.getField("variant").set(benchmark, variant);
            }
            type.getMethod("setUp").invoke(benchmark);
            if (search) {
                Class<?> counted = loader.loadClass(SearchBenchmark.Nodes.class.getName());
                counter = counted.getConstructor().newInstance();
                nodes = counted.getField("nodes");
                operation = type.getMethod("search", counted, hole);
            } else {
                counter = null;
                nodes = null;
                operation = type.getMethod("proveAll", hole);
            }
        }

        /** One slice: nodes a second of 2 s of searches, or the milliseconds of one proof of all. */
        double slice() throws ReflectiveOperationException {
            long start = System.nanoTime();
            if (!search) {
                operation.invoke(benchmark, blackhole);
                return (System.nanoTime() - start) / 1e6;
            }
            nodes.setLong(counter, 0);
            long end = start + 2_000_000_000L;
            while (System.nanoTime() < end) {
                for (int i = 0; i < 20; i++) operation.invoke(benchmark, counter, blackhole);
            }
            return nodes.getLong(counter) / ((System.nanoTime() - start) / 1e9);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3 || !args[0].equals("search") && !args[0].equals("proof")) {
            System.err.println("usage: BuildsInTurn search|proof OLD.jar NEW.jar [slices] [emergo|hexemergo]");
            System.exit(2);
        }
        boolean search = args[0].equals("search");
        int slices = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        String variant = args.length > 4 ? args[4] : "emergo";
        Build old = new Build(args[1], search, variant);
        Build now = new Build(args[2], search, variant);
        for (int i = 0; i < 4; i++) {
            old.slice();
            now.slice();
        }
        double[] a = new double[slices];
        double[] b = new double[slices];
        double[] ratio = new double[slices];
        String unit = search ? "nodes/s" : "ms";
        for (int s = 0; s < slices; s++) {
            if (s % 2 == 0) {
                a[s] = old.slice();
                b[s] = now.slice();
            } else {
                b[s] = now.slice();
                a[s] = old.slice();
            }
            ratio[s] = b[s] / a[s];
            System.out.printf(Locale.ROOT, "%2d  old %,.0f  new %,.0f %s  new/old %.3f%n", s + 1, a[s], b[s], unit, ratio[s]);
        }
        Arrays.sort(a);
        Arrays.sort(b);
        Arrays.sort(ratio);
        System.out.printf(Locale.ROOT, "median: old %,.0f  new %,.0f %s  new/old %.3f (quartiles %.3f to %.3f)%n",
                a[slices / 2], b[slices / 2], unit, ratio[slices / 2], ratio[slices / 4], ratio[3 * slices / 4]);
    }
}
