package io.tidemark.connector.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.serialization.SimpleStringEncoder;
import io.tidemark.configuration.MemorySize;
import io.tidemark.connector.file.sink.FileSink;
import io.tidemark.connector.file.src.FileSource;
import io.tidemark.connector.file.src.reader.TextLineInputFormat;
import io.tidemark.core.fs.Path;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.filesystem.OutputFileConfig;
import io.tidemark.streaming.api.functions.sink.filesystem.bucketassigners.BasePathBucketAssigner;
import io.tidemark.streaming.api.functions.sink.filesystem.rollingpolicies.DefaultRollingPolicy;
import io.tidemark.testutils.CollectSink;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The text file source and the row-format file sink on the embedded engine. */
class FileSourceAndSinkTest {

    @TempDir
    java.nio.file.Path dir;

    @Test
    void readsEveryLineOfEveryVisibleFileInOrderPerFile() throws Exception {
        java.nio.file.Path in = Files.createDirectories(dir.resolve("in/sub"));
        Files.writeString(dir.resolve("in/a.txt"), "a1\na2\r\na3");
        Files.writeString(in.resolve("b.txt"), "b1\n\nb3\n");
        Files.writeString(dir.resolve("in/.hidden"), "no\n");
        Files.writeString(dir.resolve("in/_SUCCESS"), "no\n");
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(dir.resolve("in/c.txt.gz")))) {
            gz.write("c1\nc2\n".getBytes(StandardCharsets.UTF_8));
        }
        for (int parallelism : new int[] {1, 3}) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
            CollectSink<String> sink = new CollectSink<>();
            FileSource<String> source = FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path(dir.resolve("in").toString()))
                    .build();
            env.fromSource(source, WatermarkStrategy.noWatermarks(), "file").addSink(sink);
            env.execute();
            List<String> got = sink.values();
            assertThat(got).containsExactlyInAnyOrder("a1", "a2", "a3", "b1", "", "b3", "c1", "c2");
            assertThat(got.stream().filter(s -> s.startsWith("a")).collect(Collectors.toList()))
                    .as("a file's lines in order").containsExactly("a1", "a2", "a3");
        }
    }

    @Test
    void aMissingPathFailsTheJobNamingIt() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSource(FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path(dir.resolve("nope").toString())).build(),
                WatermarkStrategy.noWatermarks(), "file").addSink(new CollectSink<>());
        assertThatThrownBy(env::execute).hasStackTraceContaining("nope does not exist");
    }

    private List<java.nio.file.Path> files(java.nio.file.Path root) throws Exception {
        try (Stream<java.nio.file.Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void writesPartFilesNamedAsFlinksAndCommitsThemAtTheEndOfInput() throws Exception {
        java.nio.file.Path out = dir.resolve("out");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            lines.add("line " + i);
        }
        env.fromCollection(lines).rebalance().sinkTo(FileSink.forRowFormat(new Path(out.toString()), new SimpleStringEncoder<String>())
                .withBucketAssigner(new BasePathBucketAssigner<>())
                .withRollingPolicy(DefaultRollingPolicy.builder().withMaxPartSize(MemorySize.parse("100b")).build())
                .withOutputFileConfig(OutputFileConfig.builder().withPartSuffix(".txt").build())
                .build());
        env.execute();
        List<java.nio.file.Path> parts = files(out);
        assertThat(parts).allSatisfy(p -> assertThat(p.getFileName().toString())
                .matches("part-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9]+\\.txt"));
        // two subtasks, each rolling after 100 bytes (about 13 lines): several parts, two ids
        assertThat(parts.stream().map(p -> p.getFileName().toString().substring(5, 41)).distinct()).hasSize(2);
        assertThat(parts.size()).isGreaterThan(4);
        List<String> written = new ArrayList<>();
        for (java.nio.file.Path p : parts) {
            written.addAll(Files.readAllLines(p));
            assertThat(Files.size(p)).as("a part rolls once it is over 100 bytes").isLessThan(100 + 10);
        }
        assertThat(written).containsExactlyInAnyOrderElementsOf(lines);
    }

    @Test
    void theDefaultBucketIsTheHourOfWriting() throws Exception {
        java.nio.file.Path out = dir.resolve("hourly");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromData("x", "y").sinkTo(FileSink.forRowFormat(new Path(out.toString()), new SimpleStringEncoder<String>()).build());
        env.execute();
        List<java.nio.file.Path> parts = files(out);
        assertThat(parts).hasSize(1);
        assertThat(out.relativize(parts.get(0)).getParent().toString()).matches("\\d{4}-\\d{2}-\\d{2}--\\d{2}");
        assertThat(Files.readAllLines(parts.get(0))).containsExactly("x", "y");
    }
}
