package io.tidemark.bench;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares builds of Tidemark (two commits, or a commit and the working tree) on one workload inside
 * one JVM: each build's benchmark is loaded by its own class loader, and the builds take turns, one
 * short {@link BenchMain} run each, so that whatever disturbs this machine at a given moment (another
 * tenant, a frequency change) falls on both alike. Separate JVMs run minutes apart; on this 2-vCPU VM
 * their medians of the same build differed by up to 30%, while two builds alternating here resolve
 * differences of about 5%.
 *
 * <p>Each build directory is what {@code bench.sh} builds: {@code DIR/tidemark-bench/classes} and the
 * class path in {@code DIR/tidemark-bench.cp}. The class loaders' parent is the platform loader, so no
 * class of one build is seen by another (nor this class's own build). The first turn of each build is
 * JIT warm-up and is not counted. Prints, per engine, each build's median events/s and, for every build
 * after the first, the median (and range) of its per-turn ratio to the first build.
 *
 * <p>Self-contained on purpose (reflection only, no other class of the benchmark), so that
 * {@code compare.sh} can compile it alone and run builds of commits that predate it.
 *
 * <pre>
 * CompareBuilds DIR_A,DIR_B[,...] TURNS [BenchMain arguments, e.g. --events 5M --engines tidemark W1]
 * </pre>
 */
public final class CompareBuilds {

    private CompareBuilds() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: CompareBuilds DIR_A,DIR_B[,...] TURNS [BenchMain arguments]");
            System.exit(2);
        }
        List<Path> builds = new ArrayList<>();
        for (String d : args[0].split(",")) {
            builds.add(Path.of(d));
        }
        int turns = Integer.parseInt(args[1]);
        PrintStream out = System.out;
        List<Map<String, List<Double>>> results = compare(builds, turns, Arrays.asList(args).subList(2, args.length), out);
        out.println();
        for (String engine : results.get(0).keySet()) {
            for (int i = 0; i < builds.size(); i++) {
                List<Double> v = results.get(i).getOrDefault(engine, List.of());
                out.printf(Locale.ROOT, "%-9s %-40s median %8.2f M events/s  (%s)%n", engine, builds.get(i),
                        median(v) / 1e6, range(v, 1e6));
            }
            for (int i = 1; i < builds.size(); i++) {
                List<Double> a = results.get(0).get(engine);
                List<Double> b = results.get(i).getOrDefault(engine, List.of());
                List<Double> ratios = new ArrayList<>();
                for (int k = 0; k < Math.min(a.size(), b.size()); k++) {
                    ratios.add(b.get(k) / a.get(k));
                }
                out.printf(Locale.ROOT, "%-9s %s / %s: median of per-turn ratios %.3f  (%s)%n", engine,
                        builds.get(i).getFileName(), builds.get(0).getFileName(), median(ratios), range(ratios, 1));
            }
        }
        System.exit(0); // engines may leave non-daemon threads behind (Flink's MiniCluster)
    }

    /**
     * Runs {@code turns} counted turns (after one warm-up turn) of every build, in order, each a
     * {@code BenchMain.run} with {@code benchArgs}; returns per build, per engine, the events/s of
     * each counted turn. Progress lines go to {@code progress}; the runs' own output is dropped.
     */
    static List<Map<String, List<Double>>> compare(List<Path> builds, int turns, List<String> benchArgs, PrintStream progress)
            throws Exception {
        List<String> argv = new ArrayList<>(benchArgs);
        argv.add(0, "--no-write");
        argv.add(0, "--no-warmup"); // the first turn is the warm-up
        List<Method> runs = new ArrayList<>();
        for (Path b : builds) {
            runs.add(benchRun(b));
        }
        List<Map<String, List<Double>>> results = new ArrayList<>();
        builds.forEach(b -> results.add(new LinkedHashMap<>()));
        PrintStream out = System.out;
        for (int t = 0; t <= turns; t++) {
            for (int i = 0; i < builds.size(); i++) {
                System.setOut(new PrintStream(OutputStream.nullOutputStream()));
                Object report;
                try {
                    report = runs.get(i).invoke(null, (Object) argv.toArray(new String[0]));
                } finally {
                    System.setOut(out);
                }
                if (t == 0) {
                    continue;
                }
                for (Object row : (List<?>) report.getClass().getField("rows").get(report)) {
                    String engine = (String) call(row, "engine");
                    double eps = (int) call(row, "events") / (double) call(row, "seconds");
                    results.get(i).computeIfAbsent(engine, e -> new ArrayList<>()).add(eps);
                }
                progress.printf(Locale.ROOT, "turn %d %s%s%n", t, builds.get(i), summary(results.get(i)));
            }
        }
        return results;
    }

    /** {@code BenchMain.run(String[])} of the build in {@code dir}, loaded apart from every other build. */
    private static Method benchRun(Path dir) throws Exception {
        List<URL> urls = new ArrayList<>();
        urls.add(dir.resolve("tidemark-bench/classes").toUri().toURL());
        for (String p : Files.readString(dir.resolve("tidemark-bench.cp")).trim().split(java.io.File.pathSeparator)) {
            if (!p.isEmpty()) {
                urls.add(Path.of(p).toUri().toURL());
            }
        }
        ClassLoader loader = new URLClassLoader("build " + dir, urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        return loader.loadClass("io.tidemark.bench.BenchMain").getMethod("run", String[].class);
    }

    private static Object call(Object target, String accessor) throws Exception {
        Method m = target.getClass().getMethod(accessor);
        m.setAccessible(true);
        return m.invoke(target);
    }

    private static String summary(Map<String, List<Double>> byEngine) {
        StringBuilder s = new StringBuilder();
        byEngine.forEach((engine, v) -> s.append(String.format(Locale.ROOT, "  %s %.2f M/s", engine, v.get(v.size() - 1) / 1e6)));
        return s.toString();
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> v = new ArrayList<>(values);
        Collections.sort(v);
        int n = v.size();
        return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    }

    private static String range(List<Double> values, double unit) {
        if (values.isEmpty()) {
            return "none";
        }
        return String.format(Locale.ROOT, "%.2f – %.2f", Collections.min(values) / unit, Collections.max(values) / unit);
    }
}
