package io.tidemark.cli.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.BuiltIn;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.data.WindowResult;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * At parallelism > 1 each window subtask sends its results down a link of its own, and the links' frames
 * interleave at the command in any order: a subtask's result at a later watermark may arrive before another
 * subtask's late re-firing of a window that this watermark has already cleaned up. The summary counts each
 * window once all the same (found on a 4-subtask run on a Flink cluster: "4981 windows" for 4939, the
 * accounting MISMATCH).
 */
class ParallelLinksCountTest {

    private static WindowResult result(String key, long start, long end, long count, String timing, long watermark) {
        return new WindowResult(List.of(key), start, end, count, new BigDecimal[] {BigDecimal.valueOf(count)}, timing, 0, watermark, List.of());
    }

    @Test
    void aLateReFiringOnOneLinkAfterAHigherWatermarkOnAnotherReplacesItsRow(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("in.jsonl"), "");
        Path jobFile = dir.resolve("job.yaml");
        Files.writeString(jobFile, "source: {type: file, path: in.jsonl}\nevent-time: {field: t}\n"
                + "watermark: {strategy: bounded, max-out-of-orderness: 0s}\nkey-by: [k]\n"
                + "window: {type: tumbling, size: 1s}\nallowed-lateness: 300ms\n"
                + "output: {results: {type: jsonl, path: r.jsonl}}\n");
        JobConfig job = JobConfigLoader.load(jobFile, BuiltIn.catalog());
        RunContext run = new RunContext(job, System.err);
        run.open(new PrintStream(PrintStream.nullOutputStream()));
        RunServer.Handler first = run.linked(Frames.Role.RESULTS, 0, -1, null);
        RunServer.Handler second = run.linked(Frames.Role.RESULTS, 1, -1, null);

        first.result(result("a", 0, 1000, 2, "ON_TIME", 999));
        second.result(result("b", 5000, 6000, 1, "ON_TIME", 5999)); // [0, 1000) is cleaned up at 1299 — on the other link
        first.result(result("a", 0, 1000, 3, "LATE", 1100)); // sent before b's, received after: replaces a's row

        RunReport.Counts c = run.stats.counts(false);
        assertThat(c.windows()).isEqualTo(2);
        assertThat(c.inWindows()).isEqualTo(3 + 1);
        run.abort();
    }
}
