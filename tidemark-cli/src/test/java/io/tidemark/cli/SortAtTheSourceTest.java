package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.END;
import static io.tidemark.cli.CliHarness.job;
import static io.tidemark.cli.CliHarness.lines;
import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.result;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code source.sort.buffer}: the worked example of docs/job-file.md. Event times (s) 7 3 10 8 15 2 12
 * 21 16 30 with a 5 s buffer leave the source as 3 7 8 10 12 15 16 21 30; 2 is older than 10, which had
 * left: late. With {@code strategy: monotonous} the watermark is one below the last record out, so the
 * windows after it find nothing late.
 */
class SortAtTheSourceTest {

    @TempDir
    Path dir;

    @Test
    void aSortedSourceFeedsTheWindowsInOrderAndSendsTheStragglerToTheLateOutput() throws Exception {
        long[] seconds = {7, 3, 10, 8, 15, 2, 12, 21, 16, 30};
        String[] lines = new String[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            lines[i] = order("u1", seconds[i] * 1000, "1");
        }
        write(dir, "orders.jsonl", lines);
        Path job = job(dir, "strategy: monotonous\nemit: per-event", "type: tumbling\nsize: 10s");
        java.nio.file.Files.writeString(job, java.nio.file.Files.readString(job)
                .replace("  path: orders.jsonl\n", "  path: orders.jsonl\n  sort: {buffer: 5s}\n"));

        CliHarness.Result r = run("run", job.toString()).assertOk();

        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactly(
                result("u1", 0, 10000, 3, "3", "1", "1", "1", "ON_TIME", 1, 9999),
                result("u1", 10000, 20000, 4, "4", "1", "1", "1", "ON_TIME", 1, 20999),
                result("u1", 20000, 30000, 1, "1", "1", "1", "1", "ON_TIME", 1, 29999),
                result("u1", 30000, 40000, 1, "1", "1", "1", "1", "ON_TIME", 1, END));
        assertThat(lines(dir.resolve("out/late.jsonl"))).containsExactly(order("u1", 2000, "1"));
        assertThat(r.out()).contains("accounted          10 lines read = 9 in window results + 1 late + 0 dead letters: OK");
    }

    @Test
    void withoutTheSortTheSameInputLosesRecordsToLateness() throws Exception {
        long[] seconds = {7, 3, 10, 8, 15, 2, 12, 21, 16, 30};
        String[] lines = new String[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            lines[i] = order("u1", seconds[i] * 1000, "1");
        }
        write(dir, "orders.jsonl", lines);
        Path job = job(dir, "strategy: monotonous\nemit: per-event", "type: tumbling\nsize: 10s");
        run("run", job.toString()).assertOk();
        // the watermark follows the largest time: 8 and 2 come after [0, 10 s) fired at 9999, 16 after [10 s, 20 s) at 20999
        assertThat(lines(dir.resolve("out/late.jsonl"))).containsExactly(order("u1", 8000, "1"), order("u1", 2000, "1"),
                order("u1", 16000, "1"));
    }
}
