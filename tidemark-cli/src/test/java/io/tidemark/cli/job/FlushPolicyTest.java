package io.tidemark.cli.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.BuiltIn;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.WindowResult;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command's flush policy, on a clock driven by hand: a record reaches its file within 200 ms, in whole lines. */
class FlushPolicyTest {

    static final long MS = 1_000_000L;

    @Test
    void aRecordReachesItsFileOnceItHasWaited200Ms(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("in.jsonl"), "");
        Path jobFile = dir.resolve("job.yaml");
        Files.writeString(jobFile, "source: {type: file, path: in.jsonl}\nevent-time: {field: t}\nwatermark: {strategy: none}\n"
                + "window: {type: tumbling, size: 1s}\n"
                + "output: {results: {type: jsonl, path: r.jsonl}, dead-letter: {type: csv, path: d.csv}}\n");
        JobConfig job = JobConfigLoader.load(jobFile, BuiltIn.catalog());
        AtomicLong now = new AtomicLong(1_000 * MS);
        RunContext run = new RunContext(job, System.err, now::get);
        run.open(new PrintStream(PrintStream.nullOutputStream()));
        Path results = dir.resolve("r.jsonl");
        Path dead = dir.resolve("d.csv");
        assertThat(Files.readAllLines(dead)).containsExactly("reason,detail,file,line,text,bytes"); // the header at once

        run.result(new WindowResult(List.of(), 0, 1000, 1, new BigDecimal[] {BigDecimal.ONE}, "ON_TIME", 1, 999, List.of()));
        now.addAndGet(100 * MS);
        run.dead(new DeadLetter("unparsable", "x", "in.jsonl", 7, "{"));
        run.flushDue();
        assertThat(Files.size(results)).as("waited 100 ms: still buffered").isZero();

        now.addAndGet(100 * MS);
        run.flushDue();
        assertThat(Files.readAllLines(results)).singleElement().asString().startsWith("{\"key\": {}, \"window_start\": 0");
        assertThat(Files.readAllLines(dead)).as("its record has waited 100 ms").hasSize(1);

        now.addAndGet(100 * MS);
        run.flushDue();
        assertThat(Files.readAllLines(dead)).hasSize(2).last().asString().startsWith("unparsable,x,in.jsonl,7,{");
        run.commit();
    }
}
