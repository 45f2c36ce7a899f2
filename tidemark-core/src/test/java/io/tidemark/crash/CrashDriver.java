package io.tidemark.crash;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The kill -9 test: runs {@link CrashJob} over a generated file once without faults, then again with
 * checkpoints, killing its JVM with SIGKILL at a random point of its progress {@code kills} times and
 * restarting it each time, and finally lets it run to the end; then compares the committed results and
 * late records with the fault-free run's: none lost, none duplicated. Exits 1 on any difference.
 *
 * <p>Arguments (all optional): {@code --kills N} (10), {@code --seed S} (1), {@code --lines L} (100000),
 * {@code --parallelism P} (1), {@code --work DIR} (a temporary directory), {@code --source file} (the
 * job's source, {@link CrashJob#source}: {@code file} so far).
 */
public final class CrashDriver {

    /** What a crash run found. */
    public record Report(int kills, int killedMidRun, long results, long late, List<String> lost, List<String> duplicated) {
        public boolean ok() {
            return lost.isEmpty() && duplicated.isEmpty();
        }
    }

    private CrashDriver() {}

    public static void main(String[] args) throws Exception {
        int kills = 10;
        long seed = 1;
        int lines = 100_000;
        int parallelism = 1;
        Path work = null;
        String source = "file";
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--kills" -> kills = Integer.parseInt(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                case "--lines" -> lines = Integer.parseInt(args[i + 1]);
                case "--parallelism" -> parallelism = Integer.parseInt(args[i + 1]);
                case "--work" -> work = Paths.get(args[i + 1]);
                case "--source" -> source = args[i + 1];
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (work == null) {
            work = Files.createTempDirectory("tidemark-crash");
        }
        Report r = run(work, kills, seed, lines, parallelism, source);
        System.out.println("kills: " + r.kills() + " (" + r.killedMidRun() + " while running); committed results: " + r.results()
                + ", late records: " + r.late() + "; lost: " + r.lost().size() + ", duplicated: " + r.duplicated().size());
        if (!r.ok()) {
            System.out.println("lost: " + r.lost().subList(0, Math.min(10, r.lost().size())));
            System.out.println("duplicated or different: " + r.duplicated().subList(0, Math.min(10, r.duplicated().size())));
            System.exit(1);
        }
    }

    public static Report run(Path work, int kills, long seed, int lines, int parallelism) throws Exception {
        return run(work, kills, seed, lines, parallelism, "file");
    }

    /** The kill -9 test with the job reading through source {@code source} ({@link CrashJob#source}). */
    public static Report run(Path work, int kills, long seed, int lines, int parallelism, String source) throws Exception {
        Path input = work.resolve("input.csv");
        writeInput(input, lines, seed);
        Path clean = work.resolve("clean");
        Path out = work.resolve("out");
        Path checkpoints = work.resolve("checkpoints");
        if (child(input, clean, "-", parallelism, source).waitFor() != 0) {
            throw new IllegalStateException("the fault-free run failed");
        }
        Random random = new Random(seed);
        int progressLines = lines / CrashJob.PROGRESS_EVERY;
        int midRun = 0;
        for (int i = 0; i < kills; i++) {
            Process p = child(input, out, checkpoints.toString(), parallelism, source);
            int killAfter = random.nextInt(progressLines + 1);
            try (BufferedReader progress = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                int seen = 0;
                while (seen < killAfter && progress.readLine() != null) {
                    seen++;
                }
                if (p.isAlive()) {
                    p.destroyForcibly(); // SIGKILL: no shutdown hook, no flush, no close
                    midRun++;
                }
            }
            p.waitFor(60, TimeUnit.SECONDS);
        }
        Process last = child(input, out, checkpoints.toString(), parallelism, source);
        last.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        if (last.waitFor() != 0) {
            throw new IllegalStateException("the last run failed (exit " + last.exitValue() + ")");
        }
        List<String> expectedResults = committed(clean.resolve("results"));
        List<String> expectedLate = committed(clean.resolve("late"));
        List<String> results = committed(out.resolve("results"));
        List<String> late = committed(out.resolve("late"));
        List<String> lost = new ArrayList<>(difference(expectedResults, results));
        lost.addAll(difference(expectedLate, late));
        List<String> extra = new ArrayList<>(difference(results, expectedResults));
        extra.addAll(difference(late, expectedLate));
        return new Report(kills, midRun, results.size(), late.size(), lost, extra);
    }

    /** A JVM running {@link CrashJob}; its standard error goes to this one's. */
    private static Process child(Path input, Path out, String checkpoints, int parallelism, String source) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder b = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), CrashJob.class.getName(),
                input.toString(), out.toString(), checkpoints, String.valueOf(parallelism), source);
        b.redirectError(ProcessBuilder.Redirect.INHERIT);
        return b.start();
    }

    /** Lines {@code key,timestamp}: ten keys, time rising with jitter, one in fifty records 3 s behind (late). */
    static void writeInput(Path file, int lines, long seed) throws IOException {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            long ts = i * 10L + r.nextInt(300) - (r.nextInt(50) == 0 ? 3000 : 0);
            sb.append('k').append(r.nextInt(10)).append(',').append(ts).append('\n');
        }
        Files.createDirectories(file.getParent());
        Files.writeString(file, sb);
    }

    /** Every line of the committed part files under {@code dir}, sorted. */
    static List<String> committed(Path dir) throws IOException {
        List<String> all = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return all;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files.filter(f -> f.getFileName().toString().endsWith(".part"))::iterator) {
                all.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
            }
        }
        all.sort(null);
        return all;
    }

    /** The elements of {@code a} not matched one for one in {@code b} (both sorted). */
    static List<String> difference(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>();
        int j = 0;
        for (String x : a) {
            while (j < b.size() && b.get(j).compareTo(x) < 0) {
                j++;
            }
            if (j < b.size() && b.get(j).equals(x)) {
                j++;
            } else {
                out.add(x);
            }
        }
        return out;
    }
}
