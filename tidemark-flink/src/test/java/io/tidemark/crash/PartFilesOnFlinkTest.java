package io.tidemark.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.flink.FlinkRunner;
import io.tidemark.flink.SharedMiniCluster;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A committing Sink V2 file output (the kill -9 test's {@link PartFileSink}: pending files renamed into
 * place by its committer) with checkpoints, on both engines: on Flink it runs as itself on Flink's Sink
 * V2, Flink's checkpoints driving its commits, and leaves the same committed lines as on the embedded
 * engine, with no pending file behind.
 */
class PartFilesOnFlinkTest {

    static void build(StreamExecutionEnvironment env, List<String> input, Path out, Path checkpoints) {
        env.setParallelism(2);
        env.enableCheckpointing(50);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints.toString());
        env.fromCollection(input).rebalance().map(s -> s.toUpperCase()).sinkTo(new PartFileSink(out));
    }

    @Test
    void theSameCommittedFilesOnFlinkAsEmbedded(@TempDir Path dir) throws Exception {
        List<String> input = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            input.add("k" + (i % 7) + "," + i);
        }
        StreamExecutionEnvironment embedded = StreamExecutionEnvironment.getExecutionEnvironment();
        build(embedded, input, dir.resolve("embedded"), dir.resolve("embedded-checkpoints"));
        embedded.execute("part files, embedded");
        StreamExecutionEnvironment flink = StreamExecutionEnvironment.getExecutionEnvironment();
        build(flink, input, dir.resolve("flink"), dir.resolve("flink-checkpoints"));
        FlinkRunner.execute(flink, "part files, flink", SharedMiniCluster.options());

        List<String> expected = input.stream().map(String::toUpperCase).sorted().toList();
        assertThat(CrashDriver.committed(dir.resolve("embedded"))).isEqualTo(expected);
        assertThat(CrashDriver.committed(dir.resolve("flink"))).isEqualTo(expected);
        try (Stream<Path> files = Files.list(dir.resolve("flink"))) {
            assertThat(files.map(f -> f.getFileName().toString())).noneMatch(n -> n.endsWith(".pending"));
        }
    }
}
