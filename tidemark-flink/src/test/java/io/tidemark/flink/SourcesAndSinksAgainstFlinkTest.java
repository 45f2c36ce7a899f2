package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.serialization.SimpleStringEncoder;
import io.tidemark.api.common.typeinfo.Types;
import io.tidemark.connector.datagen.source.DataGeneratorSource;
import io.tidemark.connector.file.sink.FileSink;
import io.tidemark.connector.file.src.FileSource;
import io.tidemark.connector.file.src.reader.TextLineInputFormat;
import io.tidemark.core.fs.Path;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core API's sources and sinks against Flink 2.3's own: {@code DataGeneratorSource},
 * {@code fromSequence}, the text {@code FileSource}, the row-format {@code FileSink} (part file names,
 * what is committed), and {@code print} prefixes. Each Tidemark program runs on the embedded engine
 * and through the Flink runner; the Flink program uses Flink's classes.
 */
class SourcesAndSinksAgainstFlinkTest {

    @TempDir
    java.nio.file.Path dir;

    @Test
    void dataGeneratorSourceAndFromSequenceGiveFlinksRecords() throws Exception {
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment f = FlinkRunner.environment(SharedMiniCluster.options());
        f.setParallelism(1);
        List<String> flink = new ArrayList<>();
        f.fromSource(new org.apache.flink.connector.datagen.source.DataGeneratorSource<>(i -> "rec-" + (i * 7 % 5), 12,
                        org.apache.flink.api.common.typeinfo.Types.STRING),
                org.apache.flink.api.common.eventtime.WatermarkStrategy.noWatermarks(), "Generator Source")
                .executeAndCollect(100).forEach(flink::add);
        List<Long> flinkSequence = f.fromSequence(-2, 9).executeAndCollect(100);

        for (boolean onFlink : new boolean[] {false, true}) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            String gen = Collect.newId();
            String seq = Collect.newId();
            env.fromSource(new DataGeneratorSource<>(i -> "rec-" + (i * 7 % 5), 12, Types.STRING),
                    WatermarkStrategy.noWatermarks(), "Generator Source").addSink(Collect.sink(gen));
            env.fromSequence(-2, 9).addSink(Collect.sink(seq));
            if (onFlink) {
                FlinkRunner.execute(env, "sources", SharedMiniCluster.options());
            } else {
                env.execute();
            }
            assertThat(Collect.<String>take(gen)).isEqualTo(flink).hasSize(12);
            assertThat(Collect.<Long>take(seq)).isEqualTo(flinkSequence).hasSize(12);
        }
    }

    private static List<java.nio.file.Path> files(java.nio.file.Path root) throws Exception {
        try (Stream<java.nio.file.Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
        }
    }

    /** The part file names with their random ids replaced by {@code <id>}, relative to {@code root}. */
    private static List<String> shapes(java.nio.file.Path root) throws Exception {
        List<String> out = new ArrayList<>();
        for (java.nio.file.Path p : files(root)) {
            out.add(root.relativize(p).toString().replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>")
                    .replaceAll("\\d{4}-\\d{2}-\\d{2}--\\d{2}", "<hour>"));
        }
        out.sort(null);
        return out;
    }

    private static List<String> lines(java.nio.file.Path root) throws Exception {
        List<String> all = new ArrayList<>();
        for (java.nio.file.Path p : files(root)) {
            all.addAll(Files.readAllLines(p));
        }
        all.sort(null);
        return all;
    }

    @Test
    void fileSourceAndRowFormatFileSinkAsFlinks() throws Exception {
        java.nio.file.Path in = Files.createDirectories(dir.resolve("in"));
        Files.writeString(in.resolve("a.txt"), "alpha\nbeta\r\ngamma");
        Files.writeString(in.resolve("b.txt"), "delta\n\nepsilon\n");
        Files.writeString(in.resolve(".hidden"), "never\n");

        java.nio.file.Path flinkOut = dir.resolve("flink-out");
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment f = FlinkRunner.environment(SharedMiniCluster.options());
        f.setParallelism(1);
        f.fromSource(org.apache.flink.connector.file.src.FileSource.forRecordStreamFormat(
                                new org.apache.flink.connector.file.src.reader.TextLineInputFormat(),
                                new org.apache.flink.core.fs.Path(in.toString())).build(),
                        org.apache.flink.api.common.eventtime.WatermarkStrategy.noWatermarks(), "files")
                .map(s -> "line:" + s)
                .sinkTo(org.apache.flink.connector.file.sink.FileSink.forRowFormat(
                        new org.apache.flink.core.fs.Path(flinkOut.toString()),
                        new org.apache.flink.api.common.serialization.SimpleStringEncoder<String>()).build());
        f.execute("flink files");

        for (boolean onFlink : new boolean[] {false, true}) {
            java.nio.file.Path out = dir.resolve(onFlink ? "runner-out" : "embedded-out");
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.fromSource(FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path(in.toString())).build(),
                            WatermarkStrategy.noWatermarks(), "files")
                    .map(s -> "line:" + s)
                    .sinkTo(FileSink.forRowFormat(new Path(out.toString()), new SimpleStringEncoder<String>()).build());
            if (onFlink) {
                FlinkRunner.execute(env, "files", SharedMiniCluster.options());
            } else {
                env.execute();
            }
            String engine = onFlink ? "the Flink runner" : "the embedded engine";
            assertThat(lines(out)).as(engine).isEqualTo(lines(flinkOut))
                    .contains("line:alpha", "line:", "line:epsilon").doesNotContain("line:never");
            assertThat(shapes(out)).as(engine + ": committed part files named as Flink's").isEqualTo(shapes(flinkOut));
        }
    }

    /** The runner puts Flink's own FileSink in place, so Flink's two-phase commit applies under Flink's checkpoints. */
    @Test
    void theRunnerPutsFlinksOwnFileSinkInPlace() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromData("a", "b").sinkTo(FileSink.forRowFormat(new Path(dir.resolve("plan").toString()), new SimpleStringEncoder<String>()).build());
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        FlinkTranslator.translate(env, flink);
        assertThat(flink.getTransformations().stream()
                .filter(t -> t instanceof org.apache.flink.streaming.api.transformations.SinkTransformation)
                .map(t -> ((org.apache.flink.streaming.api.transformations.SinkTransformation<?, ?>) t).getSink().getClass().getName()))
                .containsExactly("org.apache.flink.connector.file.sink.FileSink");
    }

    @Test
    void printPrefixesAsFlinks() throws Exception {
        PrintStream before = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            org.apache.flink.streaming.api.environment.StreamExecutionEnvironment f = FlinkRunner.environment(SharedMiniCluster.options());
            f.fromData("first").print();
            f.fromData("second").print("id");
            f.fromData(1, 2, 3, 4).rebalance().print("many").setParallelism(2);
            f.fromData(5, 6, 7, 8).rebalance().print().setParallelism(2);
            f.execute("flink print");
        } finally {
            System.setOut(before);
        }
        List<String> flink = new ArrayList<>(Arrays.asList(bytes.toString(StandardCharsets.UTF_8).split("\n")));
        bytes.reset();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.fromData("first").print();
            env.fromData("second").print("id");
            env.fromData(1, 2, 3, 4).rebalance().print("many").setParallelism(2);
            env.fromData(5, 6, 7, 8).rebalance().print().setParallelism(2);
            env.execute();
        } finally {
            System.setOut(before);
        }
        List<String> tidemark = new ArrayList<>(Arrays.asList(bytes.toString(StandardCharsets.UTF_8).split("\n")));
        // which subtask gets which record is up to round robin; the prefixes and their shapes must agree
        List<String> shapeFlink = flink.stream().map(l -> l.replaceAll("[12](?=> )", "N").replaceAll("\\d$", "x")).sorted().toList();
        List<String> shapeOurs = tidemark.stream().map(l -> l.replaceAll("[12](?=> )", "N").replaceAll("\\d$", "x")).sorted().toList();
        assertThat(shapeOurs).isEqualTo(shapeFlink).contains("first", "id> second", "many:N> x", "N> x");
    }
}
