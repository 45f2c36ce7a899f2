package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.END;
import static io.tidemark.cli.CliHarness.lines;
import static io.tidemark.cli.CliHarness.result;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code watermark.idle-advance} in replay mode: the recording has a 98 s gap after the record that
 * arrived at 2 000; with {@code idle-advance: 30s} the check the replay fires before the record that
 * ends the gap finds the split quiet for 98 s and moves the watermark from 999 (2 000 − bound 1 s − 1) to
 * 98 999, so [0, 10 s) fires with the two records it has, and the straggler (event time 5 000, arriving
 * at 100 000) is late. Without it, the watermark waits at 999 and the window takes the straggler at the
 * end. The same on every run: the replayed clock decides.
 */
class QuietInputTest {

    @TempDir
    Path dir;

    static String line(long eventTime, long arrival) {
        return "{\"userId\":\"u1\",\"eventTime\":" + eventTime + ",\"amount\":1,\"arrival\":" + arrival + "}";
    }

    Path job(String idleAdvance) throws Exception {
        write(dir, "orders.jsonl", line(1_000, 1_000), line(2_000, 2_000), line(5_000, 100_000));
        Path job = CliHarness.job(dir, "strategy: bounded\nmax-out-of-orderness: 1s" + idleAdvance, "type: tumbling\nsize: 10s");
        Files.writeString(job, Files.readString(job, StandardCharsets.UTF_8)
                .replace("  path: orders.jsonl\n", "  path: orders.jsonl\n  arrival-time-field: arrival\n"), StandardCharsets.UTF_8);
        return job;
    }

    @Test
    void aGapInTheRecordingFiresTheWindowBeforeTheRecordThatEndsIt() throws Exception {
        Path job = job("\nidle-advance: 30s");
        run("run", job.toString()).assertOk();
        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactly(
                result("u1", 0, 10000, 2, "2", "1", "1", "1", "ON_TIME", 1, 98999));
        assertThat(lines(dir.resolve("out/late.jsonl"))).containsExactly(line(5_000, 100_000));
        // replayed: the same again
        run("run", job.toString()).assertOk();
        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactly(
                result("u1", 0, 10000, 2, "2", "1", "1", "1", "ON_TIME", 1, 98999));
    }

    @Test
    void withoutItTheWindowWaitsForTheEndOfTheInput() throws Exception {
        run("run", job("").toString()).assertOk();
        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactly(
                result("u1", 0, 10000, 3, "3", "1", "1", "1", "ON_TIME", 1, END));
        assertThat(lines(dir.resolve("out/late.jsonl"))).isEmpty();
    }
}
