package io.tidemark.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.serialization.SimpleStringEncoder;
import io.tidemark.configuration.MemorySize;
import io.tidemark.connector.file.sink.FileSink;
import io.tidemark.core.fs.Path;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.filesystem.bucketassigners.BasePathBucketAssigner;
import io.tidemark.streaming.api.functions.sink.filesystem.rollingpolicies.DefaultRollingPolicy;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The row-format FileSink in a job with checkpoints on the embedded engine: a run cancelled after two
 * checkpoints (the crash) has committed a part of the input, each line at most once; the restarted run,
 * restored from the latest checkpoint, ends with every line committed exactly once and no in-progress
 * file left. The source is paced by the test, so the checkpoints fall while the job runs.
 */
class FileSinkCheckpointRecoveryTest {

    @TempDir
    java.nio.file.Path dir;

    private StreamExecutionEnvironment job(java.nio.file.Path in, java.nio.file.Path out, java.nio.file.Path checkpoints, String run) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.enableCheckpointing(3_600_000L); // checkpoints are triggered by the test
        env.getCheckpointConfig().setCheckpointStorage(checkpoints.toString()).setStateRecoveryPath(checkpoints.toString())
                .setCheckpointTimeout(20_000);
        env.fromSource(new PacedSource(in, run), WatermarkStrategy.noWatermarks(), "lines")
                .rebalance()
                .sinkTo(FileSink.forRowFormat(new Path(out.toString()), new SimpleStringEncoder<String>())
                        .withBucketAssigner(new BasePathBucketAssigner<>())
                        .withRollingPolicy(DefaultRollingPolicy.builder().withMaxPartSize(MemorySize.parse("3kb")).build())
                        .build())
                .setParallelism(2);
        return env;
    }

    private static List<String> committedLines(java.nio.file.Path out) throws Exception {
        List<String> lines = new ArrayList<>();
        try (Stream<java.nio.file.Path> s = Files.walk(out)) {
            for (java.nio.file.Path p : s.filter(Files::isRegularFile).collect(Collectors.toList())) {
                if (!p.getFileName().toString().startsWith(".")) {
                    lines.addAll(Files.readAllLines(p));
                }
            }
        }
        lines.sort(null);
        return lines;
    }

    private static long inProgress(java.nio.file.Path out) throws Exception {
        try (Stream<java.nio.file.Path> s = Files.walk(out)) {
            return s.filter(p -> p.getFileName().toString().contains(".inprogress.")).count();
        }
    }

    @Test
    void aCancelledJobRestoredFromItsCheckpointCommitsEveryLineExactlyOnce() throws Exception {
        List<String> input = IntStream.range(0, 5 * PacedSource.CHUNK).mapToObj(i -> String.format("line %05d", i))
                .collect(Collectors.toList());
        java.nio.file.Path in = dir.resolve("in.txt");
        Files.write(in, input);
        java.nio.file.Path out = dir.resolve("out");
        java.nio.file.Path checkpoints = dir.resolve("checkpoints");
        String run = "filesink-" + System.nanoTime();

        LocalJob first = (LocalJob) job(in, out, checkpoints, run).executeAsync("first");
        PacedSource.permits(run).release(1);
        first.triggerCheckpoint().get(30, TimeUnit.SECONDS);
        PacedSource.permits(run).release(1);
        first.triggerCheckpoint().get(30, TimeUnit.SECONDS);
        PacedSource.permits(run).release(1); // emitted after the last checkpoint: not committed
        first.cancel();
        List<String> atCrash = committedLines(out);
        assertThat(atCrash).doesNotHaveDuplicates().isSubsetOf(input).hasSizeLessThan(input.size());

        PacedSource.permits(run).drainPermits();
        PacedSource.permits(run).release(1_000_000);
        LocalJob second = (LocalJob) job(in, out, checkpoints, run).executeAsync("second");
        second.getJobExecutionResult();
        assertThat(second.getRestoredCheckpointId()).isPositive();
        assertThat(committedLines(out)).isEqualTo(input);
        assertThat(inProgress(out)).as("uncommitted parts discarded").isZero();
    }
}
