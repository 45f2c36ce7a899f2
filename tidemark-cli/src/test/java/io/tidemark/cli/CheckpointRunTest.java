package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tidemark run} with {@code checkpoint:}: a run killed with SIGKILL (a child JVM, {@code
 * destroyForcibly}) or stopped with SIGTERM at checkpoints and resumed ends with the results, late and
 * dead-letter files of a run without faults, byte for byte; {@code --fresh}; a damaged latest
 * checkpoint; a changed job file and a socket source refused. Each kill waits (bounded polls) for a
 * number of new checkpoints, drawn from a seeded random, so the kills fall at different points of the
 * input; the input is CSV with a header, out-of-order times, late records, bad lines and a time jump the
 * time guard holds, so the source's position, header and guard state all cross the restarts.
 */
class CheckpointRunTest {

    private static final int LINES = 30_000;

    @TempDir
    static Path shared;

    @TempDir
    Path dir;

    /** The fault-free run's outputs (one for the class). */
    private static Path expected;
    /** The fault-free run's summary: its counts and accounting. */
    private static List<String> expectedCounts;

    @BeforeAll
    static void faultFreeRun() throws IOException {
        Path dir = shared;
        Random r = new Random(17);
        List<String> lines = new ArrayList<>();
        lines.add("user,ts,amount");
        long t = 1_700_000_000_000L;
        for (int i = 0; i < LINES; i++) {
            t += r.nextInt(30);
            long ts = t - r.nextInt(2_500);
            if (i % 997 == 5) {
                lines.add("not,a,number,line");
            } else if (i % 4001 == 7) {
                lines.add("u1," + (ts + 400_000_000L) + ",1"); // far ahead: the time guard holds it, then rejects it
            } else {
                lines.add("u" + r.nextInt(30) + "," + ts + "," + r.nextInt(100));
            }
        }
        Files.write(dir.resolve("in.csv"), lines, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("plain.yaml"), job("plain", ""));
        CliHarness.Result plain = CliHarness.run("run", "--no-progress", dir.resolve("plain.yaml").toString());
        plain.assertOk();
        expected = dir.resolve("plain");
        expectedCounts = CliHarness.summaryCounts(plain.out());
        assertThat(expectedCounts).hasSize(5).last().asString().endsWith(": OK").contains("late + ").contains("1 header");
        assertThat(CliHarness.lines(expected.resolve("late.csv")).size()).isGreaterThan(100);
        assertThat(CliHarness.lines(expected.resolve("dead.jsonl")).size()).isGreaterThan(25);
    }



    private static String job(String out, String extra) {
        return String.join("\n",
                "source: {type: file, path: '" + shared.resolve("in.csv") + "'}",
                "event-time: {field: ts, max-future: 1d, confirmations: 3}",
                "watermark: {strategy: bounded, max-out-of-orderness: 1s, emit: per-event}",
                "key-by: [user]",
                "window: {type: tumbling, size: 1s}",
                "allowed-lateness: 300ms",
                "aggregate: [count, {sum: amount}]",
                "output:",
                "  results: {type: jsonl, path: " + out + "/results.jsonl}",
                "  late: {type: csv, path: " + out + "/late.csv}",
                "  dead-letter: {type: jsonl, path: " + out + "/dead.jsonl}",
                extra,
                "");
    }

    private Path checkpointedJob(String interval) throws IOException {
        Path job = dir.resolve("cp.yaml");
        Files.writeString(job, job("cp", "checkpoint: {dir: chk, interval: " + interval + ", retain: 2}"));
        return job;
    }

    private void assertSameOutputs() throws IOException {
        for (String f : List.of("results.jsonl", "late.csv", "dead.jsonl")) {
            assertThat(Files.readString(dir.resolve("cp").resolve(f))).as(f).isEqualTo(Files.readString(expected.resolve(f)));
        }
    }

    private long checkpoints() throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve("chk"))) {
            return s.filter(p -> p.getFileName().toString().matches("chk-\\d+") && Files.exists(p.resolve("_metadata"))).count();
        } catch (java.nio.file.NoSuchFileException e) {
            return 0;
        }
    }

    private long latestCheckpoint() {
        return ChildCli.latestCheckpoint(dir.resolve("chk"));
    }

    @Test
    void killedWithSigkillFiveTimesThenResumedEqualsTheFaultFreeRun() throws Exception {
        Path job = checkpointedJob("50ms");
        Random r = new Random(42);
        int kills = 0;
        for (int i = 0; i < 5; i++) {
            long target = latestCheckpoint() + 1 + r.nextInt(6);
            Path err = dir.resolve("kill-" + i + ".err");
            Process p = ChildCli.start(err, List.of("-Xmx256m"), "run", "-q", "--no-progress", job.toString());
            boolean reached = ChildCli.await(Duration.ofSeconds(60), () -> latestCheckpoint() >= target || !p.isAlive());
            if (p.isAlive()) {
                p.destroyForcibly();
                kills++;
            }
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(reached).as(Files.readString(err)).isTrue();
            if (i > 0 && kills > 0) {
                assertThat(Files.readString(err)).contains("tidemark: resuming from checkpoint");
            }
        }
        assertThat(kills).as("kills that hit a running job").isGreaterThanOrEqualTo(3);
        CliHarness.Result last = CliHarness.run("run", "--no-progress", job.toString());
        last.assertOk();
        assertSameOutputs();
        // the summary counts the whole job, across the kills: the fault-free run's numbers
        assertThat(CliHarness.summaryCounts(last.out())).isEqualTo(expectedCounts);
        assertThat(last.out()).containsPattern("checkpoints +resumed from checkpoint \\d+: the counts are the whole job's");
        assertThat(Files.readString(dir.resolve("cp/late.csv"))).startsWith("user,ts,amount\n");
        // the job finished: running it again resumes nothing
        CliHarness.Result again = CliHarness.run("run", job.toString());
        assertThat(again.exitCode()).isZero();
        assertThat(again.err()).contains("the job already finished").contains("--fresh");
        assertSameOutputs();
    }

    @Test
    void sigtermStopsAtACheckpointAndTheNextRunResumesFromIt() throws Exception {
        Path job = checkpointedJob("50ms");
        Path err = dir.resolve("stop.err");
        Process p = ChildCli.start(err, List.of("-Xmx256m"), "run", "--no-progress", job.toString());
        assertThat(ChildCli.await(Duration.ofSeconds(60), () -> {
            try {
                return checkpoints() >= 2 || !p.isAlive();
            } catch (IOException e) {
                return false;
            }
        })).isTrue();
        p.toHandle().destroy(); // SIGTERM (Process.destroy would also close our end of its standard out, the summary)
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String stopped = Files.readString(err);
        if (p.exitValue() != 0) { // 0: the input was read before the signal came
            assertThat(p.exitValue()).as(stopped).isEqualTo(143);
            assertThat(stopped).contains("a checkpoint is taken and kept").containsPattern("stopped at checkpoint \\d+ in ");
            // the stopped run's summary: the counts as of its checkpoint, the records in it named
            String summary = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(summary).as(stopped).containsPattern(
                    "accounted +\\d+ lines read = \\d+ in window results \\+ \\d+ late \\+ \\d+ dead letters \\+ 1 header( \\+ \\d+ held by "
                            + "the time guard)? \\+ \\d+ in open windows: OK as of checkpoint \\d+");
            long linesAtStop = Long.parseLong(summary.replaceAll("(?s).*lines read +(\\d+).*", "$1"));
            assertThat(linesAtStop).isLessThan(LINES + 1);
            CliHarness.Result resumed = CliHarness.run("run", "--no-progress", job.toString());
            resumed.assertOk();
            assertThat(CliHarness.summaryCounts(resumed.out())).isEqualTo(expectedCounts);
            assertThat(resumed.err()).containsPattern("resuming from checkpoint \\d+ in .*chk \\(taken ")
                    .containsPattern("the source resumes after line [\\d,]+ \\(byte [\\d,]+\\) of file .*in.csv");
            assertThat(resumed.out()).contains("checkpoints        resumed from checkpoint");
        }
        assertSameOutputs();

        CliHarness.Result fresh = CliHarness.run("run", "-q", "--fresh", job.toString());
        fresh.assertOk();
        assertThat(fresh.err()).contains("--fresh: the job starts from the beginning").contains("set aside in");
        assertSameOutputs();
        try (Stream<Path> s = Files.list(dir.resolve("chk"))) {
            assertThat(s.map(x -> x.getFileName().toString()).filter(n -> n.startsWith("set-aside-")).count()).isEqualTo(1);
        }
    }

    @Test
    void aDamagedLatestCheckpointIsSkippedForTheOneBefore() throws Exception {
        Path job = checkpointedJob("50ms");
        Path err = dir.resolve("kill.err");
        Process p = ChildCli.start(err, List.of("-Xmx256m"), "run", "-q", "--no-progress", job.toString());
        ChildCli.await(Duration.ofSeconds(60), () -> {
            try {
                return checkpoints() >= 2 || !p.isAlive();
            } catch (IOException e) {
                return false;
            }
        });
        p.destroyForcibly();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        long latest = 0;
        try (Stream<Path> s = Files.list(dir.resolve("chk"))) {
            for (Path c : s.filter(x -> x.getFileName().toString().matches("chk-\\d+") && Files.exists(x.resolve("_metadata"))).toList()) {
                latest = Math.max(latest, Long.parseLong(c.getFileName().toString().substring(4)));
            }
        }
        if (latest == 0) {
            return; // the input was read before two checkpoints: nothing to damage (not with this input's size)
        }
        Path chk = dir.resolve("chk").resolve("chk-" + latest);
        Path victim;
        try (Stream<Path> s = Files.list(chk)) {
            victim = s.filter(x -> !x.getFileName().toString().equals("_metadata")).findFirst().orElseThrow();
        }
        try (RandomAccessFile f = new RandomAccessFile(victim.toFile(), "rw")) {
            f.seek(f.length() / 2);
            int b = f.read();
            f.seek(f.length() / 2);
            f.write(b ^ 0xff);
        }
        CliHarness.Result resumed = CliHarness.run("run", "--no-progress", job.toString());
        resumed.assertOk();
        assertThat(resumed.err()).contains("tidemark: skipping checkpoint " + latest + " in ").contains("trying the one before");
        // falling back past a committed checkpoint repeats what it committed: every result is there, none lost
        for (String f : List.of("results.jsonl", "late.csv", "dead.jsonl")) {
            assertThat(new HashSet<>(CliHarness.lines(dir.resolve("cp").resolve(f))))
                    .as(f).isEqualTo(new HashSet<>(CliHarness.lines(expected.resolve(f))));
        }
    }

    @Test
    void aChangedJobFileAndASocketSourceAreRefused() throws Exception {
        Path job = checkpointedJob("50ms");
        Files.createDirectories(dir.resolve("chk"));
        CliHarness.run("run", "-q", job.toString()).assertOk();
        Files.delete(dir.resolve("chk").resolve(latestName()).resolve("_metadata")); // the finished one: resume the one before
        Files.writeString(job, Files.readString(job).replace("size: 1s", "size: 2s"));
        CliHarness.Result changed = CliHarness.run("run", job.toString());
        assertThat(changed.exitCode()).as(changed.err()).isEqualTo(Main.USAGE);
        assertThat(changed.err()).contains("checkpoint.dir").contains("window.size was 1s, is now 2s").contains("--fresh")
                .doesNotContain("Exception");

        Files.writeString(dir.resolve("socket.yaml"), String.join("\n",
                "source: {type: socket, host: 127.0.0.1, port: 9}",
                "event-time: {field: ts}",
                "watermark: {strategy: bounded, max-out-of-orderness: 1s}",
                "window: {type: tumbling, size: 1s}",
                "checkpoint: {dir: chk2}", ""));
        CliHarness.Result socket = CliHarness.run("run", dir.resolve("socket.yaml").toString());
        assertThat(socket.exitCode()).isEqualTo(Main.USAGE);
        assertThat(socket.err()).contains("checkpoint.dir").contains("cannot be read again");

        Files.writeString(dir.resolve("inside.yaml"), job("chk3/out", "checkpoint: {dir: chk3}"));
        CliHarness.Result inside = CliHarness.run("run", dir.resolve("inside.yaml").toString());
        assertThat(inside.exitCode()).isEqualTo(Main.USAGE);
        assertThat(inside.err()).contains("checkpoint.dir").contains("holds output.results");
    }

    private String latestName() throws IOException {
        return "chk-" + latestCheckpoint();
    }
}
