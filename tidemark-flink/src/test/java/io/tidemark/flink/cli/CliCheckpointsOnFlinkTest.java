package io.tidemark.flink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.Main;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tidemark run --engine flink} with {@code checkpoint:}: Flink's checkpoints in
 * {@code checkpoint.dir/flink/}; a run stopped with SIGTERM (a child JVM) once a checkpoint completed
 * cancels the Flink job and names the checkpoint Flink kept; the next run says which checkpoint it
 * resumes from, and ends with the results, late and dead-letter files of a fault-free run (on the
 * embedded engine, without checkpoints). Run again, the finished job resumes nothing; the embedded
 * engine refuses Flink's checkpoints. The input is CSV with a header, out-of-order
 * times, late records and bad lines, so the source's position, the windows and the staged outputs all
 * cross the restart; it is replayed (processing time from its arrival column) with periodic watermark
 * emission, so the periodic emission's schedule on the replayed clock crosses it too (before it was
 * kept, the resumed run emitted at other replayed times: other windows' watermarks, other late records). The results of one watermark come in each engine's own order of keys, so they are
 * compared as lines; the late and dead-letter files byte for byte.
 */
class CliCheckpointsOnFlinkTest {

    private static final int LINES = 60_000;

    @TempDir
    Path dir;

    /** Sliding windows, counts and maxima per user; results, late records and dead letters to files under {@code out}. */
    private String job(String out, String extra) {
        return """
                source: {type: file, path: '%s', arrival-time-field: arrival}
                event-time: {field: ts, max-future: 1d}
                watermark: {strategy: bounded, max-out-of-orderness: 500ms, emit: periodic, interval: 200ms}
                key-by: [user]
                window: {type: sliding, size: 2s, slide: 1s}
                allowed-lateness: 300ms
                aggregate: [count, {max: amount}]
                output:
                  results: {type: jsonl, path: %s/results.jsonl}
                  late: {type: csv, path: %s/late.csv}
                  dead-letter: {type: jsonl, path: %s/dead.jsonl}
                %s
                """.formatted(dir.resolve("in.csv"), out, out, out, extra);
    }

    /**
     * A header, then users' amounts arriving 0–30 ms apart (the arrival column: replay mode) at event times
     * up to 2.5 s before their arrival, and a bad line every 997.
     */
    private void input() throws IOException {
        Random r = new Random(23);
        long[] t = {1_700_000_000_000L};
        Stream<String> body = java.util.stream.IntStream.range(0, LINES).mapToObj(i -> {
            t[0] += r.nextInt(30);
            return i % 997 == 5 ? "not,a,number,line"
                    : "u" + r.nextInt(30) + "," + (t[0] - r.nextInt(2_500)) + "," + r.nextInt(100) + "," + t[0];
        });
        Files.write(dir.resolve("in.csv"), (Iterable<String>) Stream.concat(Stream.of("user,ts,amount,arrival"), body)::iterator,
                StandardCharsets.UTF_8);
    }

    /** The newest completed Flink checkpoint's number ({@code flink/<job id>/chk-<n>/_metadata}) under {@code chk}; 0 if none. */
    static long latestCheckpoint(Path chk) {
        try (Stream<Path> s = Files.walk(chk.resolve("flink"), 3)) {
            return s.filter(p -> p.getFileName().toString().equals("_metadata"))
                    .mapToLong(p -> Long.parseLong(p.getParent().getFileName().toString().substring(4))).max().orElse(0);
        } catch (IOException | java.io.UncheckedIOException e) {
            return 0; // not made yet, or changing under the walk
        }
    }

    /** {@code tidemark run --no-progress --engine flink JOB} in a child JVM (the test's class path), its standard err and out to files. */
    static Process startOnFlink(Path job, Path err, Path out) throws IOException {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "run", "--no-progress", "--engine", "flink",
                job.toString());
        return new ProcessBuilder(cmd).redirectError(err.toFile()).redirectOutput(out.toFile()).start();
    }

    @Test
    void stoppedOnFlinkThenResumedEqualsTheFaultFreeRun() throws Exception {
        input();
        Files.writeString(dir.resolve("plain.yaml"), job("plain", ""));
        CliOnFlinkTest.Run plain = CliOnFlinkTest.cli("run", "--no-progress", dir.resolve("plain.yaml").toString());
        assertThat(CliOnFlinkTest.lines(dir.resolve("plain/late.csv")).size()).isGreaterThan(100);
        assertThat(CliOnFlinkTest.lines(dir.resolve("plain/dead.jsonl")).size()).isGreaterThan(25);
        Path job = dir.resolve("cp.yaml");
        Files.writeString(job, job("cp", "checkpoint: {dir: chk, interval: 30ms, retain: 2}"));

        Path err = dir.resolve("stop.err");
        Process p = startOnFlink(job, err, dir.resolve("stop.out"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (p.isAlive() && latestCheckpoint(dir.resolve("chk")) < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20); // a bounded poll on the child's checkpoints
        }
        assertThat(latestCheckpoint(dir.resolve("chk"))).as(Files.readString(err)).isPositive();
        p.destroy(); // SIGTERM
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String stopped = Files.readString(err);
        boolean midway = p.exitValue() != 0; // 0: the input was read before the signal came
        if (midway) {
            assertThat(p.exitValue()).as(stopped).isEqualTo(143);
            assertThat(stopped).contains("cancelling the Flink job")
                    .containsPattern("stopped at checkpoint \\d+ in .*chk/flink: the next tidemark run resumes from it");
            assertThat(Files.readString(dir.resolve("stop.out"))).as(stopped).containsPattern("accounted .*: OK as of checkpoint \\d+");
            CliOnFlinkTest.Run resumed = CliOnFlinkTest.cli("run", "--no-progress", "--engine", "flink", job.toString());
            assertThat(resumed.err()).containsPattern("resuming from checkpoint \\d+ in .*chk/flink/[0-9a-f]{32}/chk-\\d+ \\(taken ");
            assertThat(resumed.out()).contains("checkpoints        resumed from checkpoint");
            // the counters are in Flink's checkpoints too: the resumed run's summary counts the whole job
            assertThat(counts(resumed.out())).hasSize(5).isEqualTo(counts(plain.out()));
        }
        // the results of one watermark fire in an engine's own order of keys: the same lines, each once
        assertThat(CliOnFlinkTest.lines(dir.resolve("cp/results.jsonl")))
                .containsExactlyInAnyOrderElementsOf(CliOnFlinkTest.lines(dir.resolve("plain/results.jsonl")));
        for (String f : List.of("late.csv", "dead.jsonl")) {
            assertThat(Files.readString(dir.resolve("cp").resolve(f))).as(f).isEqualTo(Files.readString(dir.resolve("plain").resolve(f)));
        }
        // the job finished: running it again resumes nothing; the embedded engine does not take Flink's checkpoints
        assertThat(CliOnFlinkTest.cli("run", "--engine", "flink", job.toString()).err()).contains("the job already finished on Flink")
                .contains("--fresh");
        java.io.ByteArrayOutputStream embeddedErr = new java.io.ByteArrayOutputStream();
        try (java.io.PrintStream o = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
                java.io.PrintStream e = new java.io.PrintStream(embeddedErr, true, StandardCharsets.UTF_8)) {
            assertThat(Main.execute(new String[] {"run", job.toString()}, o, e)).isEqualTo(2);
        }
        assertThat(embeddedErr.toString(StandardCharsets.UTF_8)).contains("were taken on the Flink engine")
                .contains("--engine flink").contains("--fresh");
        assertThat(midway).as("the stop fell while the job ran:\n" + stopped).isTrue();
    }

    /** A summary's rows that count (lines read, window results, late records, dead letters) and its accounting. */
    private static List<String> counts(String summary) {
        return summary.lines().filter(l -> l.matches("  (lines read|window results|late records|dead letters|accounted) .*")).toList();
    }
}
