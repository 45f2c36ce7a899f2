package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay mode ({@code arrival-time-field}) with the default periodic watermark emission and checkpoints
 * every 200 ms: the command (a child JVM) stopped twice with SIGTERM and resumed each time ends with the
 * results, late and dead-letter files of a run that was never stopped, byte for byte. The attack's
 * runs differed in 5 of 6 tries (6,304 against 6,292 result lines, another late set): the resumed
 * source's periodic emission started over from its first record's arrival instead of going on at the
 * replayed times the stopped run had scheduled. The stops fall where the child happens to be after a
 * number of checkpoints; {@code ReplayCheckpointTest} (tidemark-core) stops the engine at chosen ones.
 */
class ReplayResumeTest {

    @TempDir
    Path dir;

    private String job(String out, String extra) {
        return String.join("\n",
                "source: {type: file, path: in.jsonl, arrival-time-field: arrival}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 1s}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 1s}",
                "aggregate: [count, {sum: amount}]",
                "output:",
                "  results: {type: jsonl, path: " + out + "/results.jsonl}",
                "  late: {type: jsonl, path: " + out + "/late.jsonl}",
                "  dead-letter: {type: jsonl, path: " + out + "/dead.jsonl}",
                extra,
                "");
    }

    @Test
    void stoppedTwiceWithSigtermAndResumedEqualsTheRunNeverStopped() throws Exception {
        CliHarness.run("generate", "--seed", "7", "--rate", "250", "--duration", "6m", "--very-late-fraction", "0.02",
                "--malformed", "0.001", "-o", dir.resolve("in.jsonl").toString()).assertOk();
        Files.writeString(dir.resolve("plain.yaml"), job("plain", ""));
        CliHarness.run("run", "--no-progress", dir.resolve("plain.yaml").toString()).assertOk();
        assertThat(CliHarness.lines(dir.resolve("plain/results.jsonl")).size()).isGreaterThan(3_000);
        assertThat(CliHarness.lines(dir.resolve("plain/late.jsonl")).size()).isGreaterThan(100);

        Path job = dir.resolve("cp.yaml");
        Files.writeString(job, job("cp", "checkpoint: {dir: chk, interval: 200ms}"));
        int stops = 0;
        for (int i = 0; i < 2; i++) {
            long target = ChildCli.latestCheckpoint(dir.resolve("chk")) + 2;
            Path err = dir.resolve("stop-" + i + ".err");
            Process p = ChildCli.start(err, List.of("-Xmx256m"), "run", "-q", "--no-progress", job.toString());
            boolean reached = ChildCli.await(Duration.ofSeconds(120),
                    () -> ChildCli.latestCheckpoint(dir.resolve("chk")) >= target || !p.isAlive());
            assertThat(reached).as(Files.readString(err)).isTrue();
            p.toHandle().destroy(); // SIGTERM: a checkpoint is taken, the job cancelled
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            if (p.exitValue() == 143) {
                stops++;
            } else {
                assertThat(p.exitValue()).as(Files.readString(err)).isZero(); // the input was read before the signal
            }
        }
        assertThat(stops).as("stops that fell while the job ran").isPositive();
        CliHarness.Result last = CliHarness.run("run", "--no-progress", job.toString());
        last.assertOk();
        for (String f : List.of("results.jsonl", "late.jsonl", "dead.jsonl")) {
            assertThat(Files.readString(dir.resolve("cp").resolve(f))).as(f)
                    .isEqualTo(Files.readString(dir.resolve("plain").resolve(f)));
        }
    }
}
