package io.tidemark.bench;

import io.tidemark.flink.FlinkRunner;
import io.tidemark.flink.cluster.LocalFlinkCluster;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * W1 on a Flink cluster of separate processes against the MiniCluster and the embedded engine
 * ({@link ClusterW1}), at several parallelisms, in rounds; prints each run and the medians, and checks that
 * every run's results are the same (their digests).
 * <pre>
 * io.tidemark.bench.ClusterBench [--events N] [--keys K] [--parallelism 1,2,4] [--rounds R]
 *     [--master HOST:PORT] [--work DIR]
 * </pre>
 * Without {@code --master} it starts a {@link LocalFlinkCluster} of 1 JobManager and 2 TaskManagers of 2
 * slots each (Flink's jars in the system property {@code tidemark.flink.lib}) and stops it at the end. The
 * jars shipped to the cluster are those of {@code tidemark.bench.jars} (path-separated; the script sets
 * them). A run's time is the client's: from submitting the job to its result (on the cluster: the job graph
 * and jars uploaded, the tasks deployed, the job run, its end reported); "job" is the engine's own net run
 * time ({@code JobExecutionResult.getNetRuntime}: on Flink from the job's submission to the dispatcher to its
 * end, without the client's graph building and upload, nor a MiniCluster's start).
 */
public final class ClusterBench {

    private ClusterBench() {}

    public static void main(String[] args) throws Exception {
        int events = 2_000_000;
        int keys = 10_000;
        int rounds = 3;
        int[] parallelisms = {1, 2, 4};
        String master = null;
        Path work = Files.createTempDirectory("tidemark-cluster-bench-");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--events" -> events = (int) BenchMain.parseCount(args[++i]);
                case "--keys" -> keys = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--parallelism" -> parallelisms = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
                case "--master" -> master = args[++i];
                case "--work" -> work = Path.of(args[++i]);
                default -> {
                    System.err.println("usage: ClusterBench [--events N] [--keys K] [--parallelism 1,2,4] [--rounds R] "
                            + "[--master HOST:PORT] [--work DIR]");
                    System.exit(2);
                }
            }
        }
        List<String> jars = new ArrayList<>();
        for (String j : System.getProperty("tidemark.bench.jars", "").split(File.pathSeparator)) {
            if (!j.isBlank()) {
                jars.add(j);
            }
        }
        LocalFlinkCluster cluster = null;
        if (master == null) {
            cluster = LocalFlinkCluster.start(LocalFlinkCluster.Settings.of(work.resolve("cluster"),
                    Path.of(System.getProperty("tidemark.flink.lib", "tidemark-flink-cluster/target/lib"))));
            master = cluster.restAddress();
        }
        try {
            run(events, keys, rounds, parallelisms, master, jars, work, cluster != null);
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    private static void run(int events, int keys, int rounds, int[] parallelisms, String master, List<String> jars, Path work,
            boolean local) throws Exception {
        System.out.printf(Locale.ROOT, "== W1 keyed tumbling 1 s, count + sum: %,d events, %,d keys, disorder < 2 s; %d rounds%n",
                events, keys, rounds);
        System.out.println("   cluster: " + master + (local ? " (1 JobManager + 2 TaskManagers x 2 slots, separate JVMs on this machine)" : "")
                + "; " + Runtime.getRuntime().availableProcessors() + " cores");
        System.out.println("   time: submit to result, in the client (job graph, jars, deployment, run, end); job: the engine's net run time");
        List<String> engines = List.of("embedded", "minicluster", "cluster");
        Map<String, List<Double>> seconds = new LinkedHashMap<>();
        Map<String, List<Double>> jobSeconds = new LinkedHashMap<>();
        String expected = null;
        boolean same = true;
        int n = 0;
        for (int round = 1; round <= rounds; round++) {
            for (int p : parallelisms) {
                for (String engine : engines) {
                    Path dir = work.resolve("digests-" + n++);
                    var env = ClusterW1.job(events, keys, p, dir);
                    long t0 = System.nanoTime();
                    long net = switch (engine) {
                        case "embedded" -> env.execute("W1-embedded").getNetRuntime();
                        case "minicluster" -> FlinkRunner.execute(env, "W1-minicluster", FlinkRunner.Options.local().withParallelism(p))
                                .getNetRuntime();
                        default -> FlinkRunner.execute(env, "W1-cluster", FlinkRunner.Options.remote(master)
                                .withJars(jars.toArray(new String[0])).withParallelism(p)).getNetRuntime();
                    };
                    double s = (System.nanoTime() - t0) / 1e9;
                    String digest = ClusterW1.digest(dir);
                    if (expected == null) {
                        expected = digest;
                    }
                    same &= digest.equals(expected);
                    String key = engine + " p=" + p;
                    seconds.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
                    jobSeconds.computeIfAbsent(key, k -> new ArrayList<>()).add(net / 1e3);
                    System.out.printf(Locale.ROOT, "round %d  %-16s %7.2f s (job %6.2f s)  %6.2f M events/s  %s%n", round, key, s,
                            net / 1e3, events / s / 1e6,
                            digest.equals(expected) ? digest : digest + "  DIFFERENT from " + expected);
                }
            }
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "%-16s %9s %9s %12s %12s  %s%n", "engine", "median s", "min s", "job median s", "M events/s",
                "vs embedded at p");
        for (Map.Entry<String, List<Double>> e : seconds.entrySet()) {
            double median = median(e.getValue());
            double embedded = median(seconds.get("embedded p=" + e.getKey().substring(e.getKey().indexOf("p=") + 2)));
            System.out.printf(Locale.ROOT, "%-16s %9.2f %9.2f %12.2f %12.2f  %.1f×%n", e.getKey(), median,
                    e.getValue().stream().mapToDouble(Double::doubleValue).min().orElse(0), median(jobSeconds.get(e.getKey())),
                    events / median / 1e6, median / embedded);
        }
        System.out.println(same ? "results: the same in every run (" + expected + ")" : "results: DIFFERENT between runs (see above)");
    }

    private static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        s.sort(null);
        int m = s.size() / 2;
        return s.size() % 2 == 1 ? s.get(m) : (s.get(m - 1) + s.get(m)) / 2;
    }
}
