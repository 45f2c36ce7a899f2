package io.tidemark.bench;

import io.tidemark.bench.flink.FlinkJobs;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The end-to-end benchmark: for each workload, Tidemark embedded, the same pipeline on Flink local
 * (twice: as a direct Flink DataStream job, {@code flink}, and as the Tidemark pipeline translated by
 * the Flink runner, {@code runner}), and two hand-written loops (dense arrays, hash map), all on the
 * same pre-generated in-memory events, in one run. Prints events/s, the ratios, peak heap and GC per engine, and checks that all engines
 * produced the same results (a mismatch marks the workload VOID and fails the run).
 *
 * <pre>
 * io.tidemark.bench.BenchMain [--events N] [--keys K] [--engines dense,hash,tidemark,cp-1s,flink,runner]
 *     [--rounds R] [--parallelism P] [--no-warmup] [--smoke] [--out DIR] [--latency [--rate R] [--seconds S]]
 *     [--growth] [W1 W2 W3 W4 W5 W6 Q5 Q7 Q8 Q11 K1 F1 ...]
 * </pre>
 * W5 stands for the four Nexmark-style queries Q5, Q7, Q8 and Q11; K1 is W1 read from a local Kafka broker
 * ({@link KafkaBench}: Tidemark's KafkaSource against Flink's, at parallelism 1 and 2); F1 is {@code tidemark run}
 * on a file against DuckDB ({@link FileBench}). Without workloads: W1.
 */
public final class BenchMain {

    static final List<String> ALL_ENGINES = List.of("dense", "hash", "tidemark", "cp-1s", "flink", "runner");

    /** One engine's run of one workload. */
    public record Row(String workload, String engine, int events, double seconds, double peakUsedMiB,
            double peakLiveMiB, long gcMillis, long gcCount, long results, long lateEvents, String digest, boolean match,
            int round) {
        double eventsPerSecond() {
            return events / seconds;
        }
    }

    /** What a run produced. */
    public static final class Report {
        public final List<Row> rows = new ArrayList<>();
        public final List<String> lines = new ArrayList<>();
        public boolean allMatch = true;

        void println(String s) {
            System.out.println(s);
            lines.add(s);
        }
    }

    static final class Options {
        int events = -1;
        int keys = -1;
        List<String> engines = new ArrayList<>(ALL_ENGINES);
        int parallelism = 1;
        /** Timed runs of every engine, interleaved (engine order, then again); ratios are medians over rounds. */
        int rounds = 1;
        boolean warmup = true;
        boolean smoke;
        Path out = Path.of("bench", "results");
        boolean write = true;
        boolean latency;
        long rate = 100_000;
        int seconds = 30;
        boolean growth;
        /**
         * The frameworks' sources make each record from the columns inside the timed run (the method
         * before the fifth session), instead of handing on records made before timing.
         */
        boolean constructRecords;
        boolean help;
        List<String> workloads = new ArrayList<>();

        /** {@code e} as the engines will read it: with its framework records made now, unless asked not to. */
        Events prepared(Events e) {
            return constructRecords ? e : e.withRecords();
        }
    }

    public static void main(String[] args) throws Exception {
        Report r = run(args);
        if (!r.allMatch) {
            System.exit(2);
        }
    }

    /** Runs the benchmark as the command line says; returns the report (for the smoke test). */
    public static Report run(String[] args) throws Exception {
        Options o = parse(args);
        Report report = new Report();
        if (o.help) {
            return report; // the usage was printed; nothing to run
        }
        report.println(machine());
        List<String> workloads = new ArrayList<>();
        for (String w : o.workloads) {
            if (w.equals("W5")) {
                workloads.addAll(List.of("Q5", "Q7", "Q8", "Q11"));
            } else {
                workloads.add(w);
            }
        }
        if (workloads.isEmpty() && !o.latency && !o.growth) {
            workloads.add("W1");
        }
        for (String w : workloads) {
            switch (w) {
                case "K1" -> KafkaBench.run(o, report);
                case "F1" -> FileBench.run(o, report);
                default -> runWorkload(w, o, report);
            }
        }
        if (o.latency) {
            latency(o, report);
        }
        if (o.growth) {
            growth(o, report);
        }
        if (o.write && !o.smoke) {
            write(o, workloads, report);
        }
        return report;
    }

    static Options parse(String[] args) {
        Options o = new Options();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--events" -> o.events = (int) parseCount(args[++i]);
                case "--keys" -> o.keys = (int) parseCount(args[++i]);
                case "--engines" -> o.engines = List.of(args[++i].split(","));
                case "--rounds" -> o.rounds = Integer.parseInt(args[++i]);
                case "--parallelism" -> o.parallelism = Integer.parseInt(args[++i]);
                case "--no-warmup" -> o.warmup = false;
                case "--smoke" -> {
                    o.smoke = true;
                    o.warmup = false;
                }
                case "--out" -> o.out = Path.of(args[++i]);
                case "--no-write" -> o.write = false;
                case "--latency" -> o.latency = true;
                case "--rate" -> o.rate = parseCount(args[++i]);
                case "--seconds" -> o.seconds = Integer.parseInt(args[++i]);
                case "--growth" -> o.growth = true;
                case "--construct-records" -> o.constructRecords = true;
                case "-h", "--help" -> {
                    System.out.println("usage: bench [--events N] [--keys K] [--engines dense,hash,tidemark,cp-1s,flink,runner] [--rounds R]"
                            + " [--parallelism P]"
                            + " [--no-warmup] [--smoke] [--out DIR] [--no-write] [--latency [--rate R] [--seconds S]] [--growth]"
                            + " [--construct-records]"
                            + " [W1 W2 W3 W4 W5 W6 Q5 Q7 Q8 Q11 K1 F1 ...]");
                    o.help = true;
                }
                default -> {
                    if (a.startsWith("-")) {
                        throw new IllegalArgumentException("unknown option " + a);
                    }
                    o.workloads.add(a.toUpperCase(Locale.ROOT));
                }
            }
        }
        return o;
    }

    /** 20M, 20m, 500k, 1000000. */
    static long parseCount(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT).replace("_", "");
        long mult = 1;
        if (t.endsWith("k")) {
            mult = 1_000;
        } else if (t.endsWith("m")) {
            mult = 1_000_000;
        }
        if (mult > 1) {
            t = t.substring(0, t.length() - 1);
        }
        return (long) (Double.parseDouble(t) * mult);
    }

    static String machine() {
        String cpu = "?";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpu = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return String.format(Locale.ROOT, "machine: %s, %d cores, %s %s; JVM %s %s, max heap %d MiB, args %s; load average %.1f; %s",
                cpu, Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"), System.getProperty("os.arch"),
                System.getProperty("java.vm.name"), System.getProperty("java.version"), Runtime.getRuntime().maxMemory() >> 20,
                ManagementFactory.getRuntimeMXBean().getInputArguments(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME));
    }

    // ------------------------------------------------------------------ workloads

    static int defaultEvents(String w, Options o) {
        if (o.events > 0) {
            return o.events;
        }
        if (o.smoke) {
            return 20_000;
        }
        return w.equals("W1") ? 20_000_000 : 5_000_000;
    }

    static Events generate(String w, int n, Options o) {
        return switch (w) {
            case "W1", "W2", "W6" -> Events.keyed(n, o.keys > 0 ? o.keys : 10_000, 0, 42);
            case "W3" -> Events.keyed(n, o.keys > 0 ? o.keys : 100_000, 0, 43);
            case "W4" -> Events.keyed(n, o.keys > 0 ? o.keys : 10_000, 0.05, 44);
            case "Q5", "Q7", "Q8", "Q11" -> Events.nexmark(n, 45);
            default -> throw new IllegalArgumentException("unknown workload " + w + " (W1..W6, Q5, Q7, Q8, Q11)");
        };
    }

    static String title(String w) {
        return switch (w) {
            case "W1" -> "W1 keyed tumbling 1 s, count + sum";
            case "W2" -> "W2 keyed sliding 10 s every 1 s, count + sum";
            case "W3" -> "W3 keyed sessions, gap 1 s, count + sum";
            case "W4" -> "W4 tumbling 1 s, allowed lateness 5 s, 5% late, late side output";
            case "W6" -> "W6 as W1 from 16 splits with idleness 1 min, watermarks per event";
            case "Q5" -> "W5/q5 hot items: bids per auction, sliding 10 s every 2 s, top auction per window";
            case "Q7" -> "W5/q7 highest bid per tumbling 10 s window";
            case "Q8" -> "W5/q8 new sellers: persons joined with their auctions, tumbling 10 s window join";
            case "Q11" -> "W5/q11 bids per user session, gap 10 s";
            default -> w;
        };
    }

    /** Runs one engine on the events in {@link Shared}; fills Shared's digests; returns seconds of processing. */
    static double runEngine(String w, String engine, Events e, Options o) throws Exception {
        Shared.reset(e, o.smoke, w.equals("Q5"));
        Loops.Input in = new Loops.Input(e, w.equals("Q11") ? e.key2 : e.key, e.kind != null);
        long t0 = System.nanoTime();
        switch (engine) {
            case "dense" -> {
                switch (w) {
                    case "W1", "W6" -> Loops.tumblingDense(in, 1_000, 0, Shared.main, Shared.side);
                    case "W2" -> Loops.slidingDense(in, 10_000, 1_000, false, Shared.main);
                    case "W3" -> Loops.sessionsDense(in, 1_000, Shared.main);
                    case "W4" -> Loops.tumblingDense(in, 1_000, 5_000, Shared.main, Shared.side);
                    case "Q5" -> Loops.slidingDense(in, 10_000, 2_000, true, Shared.main);
                    case "Q7" -> Loops.maxBidDense(e, 10_000, Shared.main);
                    case "Q8" -> Loops.newSellersDense(e, 10_000, Shared.main);
                    case "Q11" -> Loops.sessionsDense(in, 10_000, Shared.main);
                    default -> throw new IllegalArgumentException(w);
                }
                return (System.nanoTime() - t0) / 1e9;
            }
            case "hash" -> {
                switch (w) {
                    case "W1", "W6" -> Loops.tumblingHash(in, 1_000, 0, Shared.main, Shared.side);
                    case "W2" -> Loops.slidingHash(in, 10_000, 1_000, false, Shared.main);
                    case "W3" -> Loops.sessionsHash(in, 1_000, Shared.main);
                    case "W4" -> Loops.tumblingHash(in, 1_000, 5_000, Shared.main, Shared.side);
                    case "Q5" -> Loops.slidingHash(in, 10_000, 2_000, true, Shared.main);
                    case "Q7" -> Loops.maxBidHash(e, 10_000, Shared.main);
                    case "Q8" -> Loops.newSellersHash(e, 10_000, Shared.main);
                    case "Q11" -> Loops.sessionsHash(in, 10_000, Shared.main);
                    default -> throw new IllegalArgumentException(w);
                }
                return (System.nanoTime() - t0) / 1e9;
            }
            case "tidemark" -> TidemarkJobs.run(w, o.parallelism, 0);
            case "cp-1s" -> TidemarkJobs.runCheckpointed(w, o.parallelism, 1000);
            case "flink" -> FlinkJobs.run(w, o.parallelism);
            case "runner" -> TidemarkJobs.runOnFlink(w, o.parallelism);
            default -> throw new IllegalArgumentException("unknown engine " + engine);
        }
        long wall = System.nanoTime() - t0;
        long start = Shared.sourceStartNanos;
        long end = Shared.sinkEndNanos;
        // frameworks: from the source's first read to the sink's end of input (start-up and shut-down excluded)
        return (start > 0 && end > start ? end - start : wall) / 1e9;
    }

    /** How the frameworks' records were made, for the report. */
    static String recordsNote(boolean madeBeforeTiming) {
        return madeBeforeTiming ? "framework records made before timing" : "framework records made by the sources while timed";
    }

    static void runWorkload(String w, Options o, Report report) throws Exception {
        int n = defaultEvents(w, o);
        long g0 = System.nanoTime();
        Events e = o.prepared(generate(w, n, o));
        report.println("");
        report.println(String.format(Locale.ROOT, "== %s — %s (generated in %.1f s, not timed; %s)", title(w), e.description,
                (System.nanoTime() - g0) / 1e9, recordsNote(e.hasRecords())));
        if (o.warmup) {
            Events warm = e.prefix(Math.min(n, 2_000_000));
            for (String engine : o.engines) {
                runEngine(w, engine, warm, o);
            }
        }
        List<Row> rows = new ArrayList<>();
        Digest reference = null;
        Digest referenceSide = null;
        for (int round = 1; round <= o.rounds; round++) {
            for (String engine : o.engines) {
                double seconds;
                Measure m = new Measure();
                try (m) {
                    seconds = runEngine(w, engine, e, o);
                }
                Digest main = Shared.main;
                Digest side = Shared.side;
                boolean match = true;
                if (reference == null) {
                    reference = main;
                    referenceSide = side;
                } else {
                    match = main.sameAs(reference) && side.sameAs(referenceSide);
                    if (!match && o.smoke) {
                        report.println("  " + engine + " differs; first results: " + main.kept.subList(0, Math.min(5, main.kept.size()))
                                + " vs " + reference.kept.subList(0, Math.min(5, reference.kept.size())));
                    }
                }
                Row row = new Row(w, engine, n, seconds, m.peakUsedMiB(), m.peakLiveMiB(), m.gcMillis, m.gcCount,
                        main.count(), side.count(), main + (side.count() > 0 ? " late " + side : ""), match, round);
                rows.add(row);
                report.rows.add(row);
                report.allMatch &= match;
            }
        }
        boolean rounds = o.rounds > 1;
        report.println(String.format(Locale.ROOT, "%-9s %s%12s %9s %10s %10s %8s %6s %11s %9s  %s",
                "engine", rounds ? "round " : "", "events/s", "time s", "peak MiB", "live MiB", "GC ms", "GCs", "results", "late", "check"));
        for (Row r : rows) {
            report.println(String.format(Locale.ROOT, "%-9s %s%,12.0f %9.2f %10.0f %10.0f %8d %6d %,11d %,9d  %s",
                    r.engine(), rounds ? String.format(Locale.ROOT, "%5d ", r.round()) : "", r.eventsPerSecond(), r.seconds(),
                    r.peakUsedMiB(), r.peakLiveMiB(), r.gcMillis(), r.gcCount(), r.results(), r.lateEvents(),
                    r.match() ? "same results" : "DIFFERENT RESULTS: VOID " + r.digest()));
        }
        if (rounds) {
            report.println(String.format(Locale.ROOT, "median of %d rounds (min – max):", o.rounds));
            for (String engine : o.engines) {
                double[] eps = rows.stream().filter(r -> r.engine().equals(engine)).mapToDouble(Row::eventsPerSecond).sorted().toArray();
                report.println(String.format(Locale.ROOT, "%-9s %,12.0f events/s  (%,.0f – %,.0f)", engine, median(eps), eps[0],
                        eps[eps.length - 1]));
            }
        }
        if (o.engines.contains("tidemark")) {
            StringBuilder sb = new StringBuilder(rounds ? "ratios (median over rounds of each round's ratio; min – max): " : "ratios: ");
            for (String other : List.of("cp-1s", "flink", "runner", "dense", "hash")) {
                if (!o.engines.contains(other)) {
                    continue;
                }
                double[] ratios = new double[o.rounds];
                for (int round = 1; round <= o.rounds; round++) {
                    ratios[round - 1] = other.equals("cp-1s") // the cost of checkpoints: with them over without
                            ? eventsPerSecond(rows, other, round) / eventsPerSecond(rows, "tidemark", round)
                            : eventsPerSecond(rows, "tidemark", round) / eventsPerSecond(rows, other, round);
                }
                java.util.Arrays.sort(ratios);
                String name = switch (other) {
                    case "flink" -> "Flink";
                    case "runner" -> "Flink (runner)";
                    default -> other + " loop";
                };
                String label = other.equals("cp-1s") ? "Tidemark with 1 s checkpoints/without" : "Tidemark/" + name;
                sb.append(String.format(Locale.ROOT, "%s %.2f", label, median(ratios)));
                if (rounds) {
                    sb.append(String.format(Locale.ROOT, " (%.2f – %.2f)", ratios[0], ratios[ratios.length - 1]));
                }
                sb.append("   ");
            }
            report.println(sb.toString().trim());
        }
    }

    private static double eventsPerSecond(List<Row> rows, String engine, int round) {
        return rows.stream().filter(r -> r.engine().equals(engine) && r.round() == round).findFirst().orElseThrow().eventsPerSecond();
    }

    /** The median of sorted values (the mean of the middle two for an even count). */
    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    // ------------------------------------------------------------------ latency

    static void latency(Options o, Report report) throws Exception {
        int n = (int) Math.min(Integer.MAX_VALUE - 8, o.rate * o.seconds);
        Events e = o.prepared(Events.keyed(n, o.keys > 0 ? o.keys : 10_000, 0, 42));
        report.println("");
        report.println(String.format(Locale.ROOT, "== latency: W1 on Tidemark at %,d events/s for %d s (%s)", o.rate, o.seconds, e.description));
        if (o.warmup) {
            Shared.reset(e.prefix(Math.min(n, 2_000_000)), false, false);
            TidemarkJobs.run("W1", o.parallelism, 0); // unpaced, to compile the hot path first
        }
        Shared.reset(e, false, false);
        long firstEnd = Loops.windowStart(Events.BASE_TIME, 1_000) + 1_000;
        LatencyProbe probe = new LatencyProbe(firstEnd - 1_000 * 3, 1_000, n / 100_000 + 16);
        Shared.latency = probe;
        TidemarkJobs.run("W1", o.parallelism, o.rate);
        var h = probe.histogram();
        report.println(String.format(Locale.ROOT,
                "watermark passes a window's end -> its result at the sink: p50 %.3f ms, p99 %.3f ms, p99.9 %.3f ms, max %.3f ms over %,d results",
                h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getValueAtPercentile(99.9) / 1e6,
                h.getMaxValue() / 1e6, h.getTotalCount()));
        report.rows.add(new Row("latency", "tidemark", n, h.getValueAtPercentile(50) / 1e9, 0, 0, 0, 0, h.getTotalCount(), 0,
                String.format(Locale.ROOT, "p50_ms=%.3f p99_ms=%.3f", h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6), true, 1));
    }

    // ------------------------------------------------------------------ growth

    static void growth(Options o, Report report) throws Exception {
        report.println("");
        report.println("== growth: W1 (tumbling 1 s, count + sum) as events and keys grow; " + recordsNote(!o.constructRecords));
        report.println(String.format(Locale.ROOT, "%-11s %9s %-9s %12s %9s %10s %10s %8s  %s",
                "events", "keys", "engine", "events/s", "time s", "peak MiB", "live MiB", "GC ms", "check"));
        int[][] cases = o.smoke
                ? new int[][] {{10_000, 1_000}, {20_000, 1_000}}
                : new int[][] {{1_000_000, 10_000}, {10_000_000, 10_000}, {50_000_000, 10_000},
                        {10_000_000, 1_000}, {10_000_000, 100_000}, {10_000_000, 1_000_000}};
        List<String> engines = new ArrayList<>(o.engines);
        engines.remove("flink"); // minutes per case; the throughput table has the Flink ratio
        engines.remove("runner");
        engines.remove("hash");
        for (int[] c : cases) {
            Events e = o.prepared(Events.keyed(c[0], c[1], 0, 46));
            Digest reference = null;
            for (String engine : engines) {
                Options x = new Options();
                x.smoke = o.smoke;
                x.parallelism = o.parallelism;
                if (o.warmup) {
                    runEngine("W1", engine, e.prefix(Math.min(c[0], 1_000_000)), x);
                }
                double seconds;
                Measure m = new Measure();
                try (m) {
                    seconds = runEngine("W1", engine, e, x);
                }
                boolean match = reference == null || Shared.main.sameAs(reference);
                if (reference == null) {
                    reference = Shared.main;
                }
                report.allMatch &= match;
                Row row = new Row("growth", engine, c[0], seconds, m.peakUsedMiB(), m.peakLiveMiB(), m.gcMillis, m.gcCount,
                        Shared.main.count(), c[1], Shared.main.toString(), match, 1);
                report.rows.add(row);
                report.println(String.format(Locale.ROOT, "%,11d %,9d %-9s %,12.0f %9.2f %10.0f %10.0f %8d  %s",
                        c[0], c[1], engine, row.eventsPerSecond(), seconds, m.peakUsedMiB(), m.peakLiveMiB(), m.gcMillis,
                        match ? "same results" : "DIFFERENT RESULTS: VOID"));
            }
        }
    }

    // ------------------------------------------------------------------ results files

    static void write(Options o, List<String> workloads, Report report) throws IOException {
        Files.createDirectories(o.out);
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmm"));
        List<String> parts = new ArrayList<>(workloads);
        if (o.latency) {
            parts.add("latency");
        }
        if (o.growth) {
            parts.add("growth");
        }
        String name = stamp + "-" + String.join("-", parts);
        Files.write(o.out.resolve(name + ".txt"), report.lines);
        StringBuilder json = new StringBuilder();
        json.append("{\n  \"machine\": \"").append(machine().replace("\\", "\\\\").replace("\"", "'")).append("\",\n");
        json.append("  \"cores\": ").append(Runtime.getRuntime().availableProcessors()).append(",\n");
        json.append("  \"jvm\": \"").append(System.getProperty("java.vm.name")).append(' ').append(System.getProperty("java.version")).append("\",\n");
        json.append("  \"date\": \"").append(LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)).append("\",\n");
        json.append("  \"records\": \"").append(recordsNote(!o.constructRecords)).append("\",\n");
        json.append("  \"runs\": [\n");
        for (int i = 0; i < report.rows.size(); i++) {
            Row r = report.rows.get(i);
            json.append(String.format(Locale.ROOT,
                    "    {\"workload\": \"%s\", \"engine\": \"%s\", \"events\": %d, \"seconds\": %.4f, \"eventsPerSecond\": %.0f, "
                            + "\"peakHeapMiB\": %.1f, \"peakLiveMiB\": %.1f, \"gcMillis\": %d, \"gcCount\": %d, \"results\": %d, "
                            + "\"late\": %d, \"digest\": \"%s\", \"sameResults\": %b, \"round\": %d}%s\n",
                    r.workload(), r.engine(), r.events(), r.seconds(), r.eventsPerSecond(), r.peakUsedMiB(), r.peakLiveMiB(),
                    r.gcMillis(), r.gcCount(), r.results(), r.lateEvents(), r.digest(), r.match(), r.round(),
                    i + 1 < report.rows.size() ? "," : ""));
        }
        json.append("  ]\n}\n");
        Files.writeString(o.out.resolve(name + ".json"), json.toString());
        System.out.println("written: " + o.out.resolve(name + ".txt") + " and .json");
    }
}
