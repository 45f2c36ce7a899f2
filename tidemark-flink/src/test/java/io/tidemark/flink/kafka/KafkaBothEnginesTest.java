package io.tidemark.flink.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.serialization.SimpleStringSchema;
import io.tidemark.connector.base.DeliveryGuarantee;
import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import io.tidemark.connector.kafka.sink.KafkaRecordSerializationSchema;
import io.tidemark.connector.kafka.sink.KafkaSink;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.flink.FlinkRunner;
import io.tidemark.flink.FlinkTranslator;
import io.tidemark.flink.SharedMiniCluster;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One Kafka pipeline, one topic, both engines: the embedded engine with Tidemark's KafkaSource and
 * KafkaSink, and Flink, where the runner puts Flink's own KafkaSource and KafkaSink in their place.
 * The topic's partitions are each in order within the bound but minutes apart from each other, so only
 * per-partition watermarks get every record on time: both engines must (Flink's are Flink's own).
 */
class KafkaBothEnginesTest {

    static final int PARTITIONS = 4;
    static final int PER_PARTITION = 400;
    static LocalKafkaBroker broker;
    static String input;

    @BeforeAll
    static void start() {
        broker = LocalKafkaBroker.start();
        input = "orders";
        broker.createTopic(input, PARTITIONS);
        for (int p = 0; p < PARTITIONS; p++) {
            for (int n = 0; n < PER_PARTITION; n++) {
                long ts = 1_700_000_000_000L + n * 500L + p * 60_000L - ((n * 7L + p) % 5) * 400L; // up to 2 s out of order
                broker.send(input, p, ts, null, "u" + (n % 5) + "," + ts + "," + (n % 13));
            }
        }
        broker.flush();
    }

    @AfterAll
    static void stop() {
        if (broker != null) {
            broker.close();
        }
    }

    /** user, count and sum of a window, as text: "user,start,count,sum". */
    static final class CountSum implements AggregateFunction<String[], long[], long[]> {
        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(String[] order, long[] acc) {
            acc[0]++;
            acc[1] += Long.parseLong(order[2]);
            return acc;
        }

        @Override
        public long[] getResult(long[] acc) {
            return acc;
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }

    static final class Describe extends ProcessWindowFunction<long[], String, String, TimeWindow> {
        @Override
        public void process(String user, Context ctx, Iterable<long[]> results, Collector<String> out) {
            long[] r = results.iterator().next();
            out.collect(user + "," + ctx.window().getStart() + "," + r[0] + "," + r[1]);
        }
    }

    static final OutputTag<String[]> LATE = new OutputTag<>("late") {};

    /** The pipeline: Kafka → per-user 10 s windows → Kafka; late records (none expected) to a second topic. */
    static void build(StreamExecutionEnvironment env, String group, String output, String late) {
        build(env, group, output, late, s -> s);
    }

    /** The pipeline with the watermark strategy changed by {@code strategy} (alignment). */
    static void build(StreamExecutionEnvironment env, String group, String output, String late,
            java.util.function.UnaryOperator<WatermarkStrategy<String[]>> strategy) {
        env.setParallelism(2);
        KafkaSource<String[]> source = KafkaSource.<String[]>builder()
                .setBootstrapServers(broker.bootstrapServers())
                .setTopics(input)
                .setGroupId(group)
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setBounded(OffsetsInitializer.latest())
                .setDeserializer((r, out) -> out.collect(new String(r.value(), StandardCharsets.UTF_8).split(",")))
                .build();
        SingleOutputStreamOperator<String> windows = env
                .fromSource(source, strategy.apply(WatermarkStrategy.<String[]>forBoundedOutOfOrderness(Duration.ofSeconds(3))
                        .withTimestampAssigner((o, kafkaTs) -> Long.parseLong(o[1]))), "orders")
                .keyBy(o -> o[0])
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .sideOutputLateData(LATE)
                .aggregate(new CountSum(), new Describe())
                .name("windows");
        windows.sinkTo(sink(output, s -> s.substring(0, s.indexOf(',')))).name("results");
        windows.getSideOutput(LATE).map(o -> String.join(",", o)).sinkTo(sink(late, s -> s.substring(0, s.indexOf(','))))
                .name("late");
    }

    static KafkaSink<String> sink(String topic, java.util.function.Function<String, String> key) {
        return KafkaSink.<String>builder()
                .setBootstrapServers(broker.bootstrapServers())
                .setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)
                .setRecordSerializer(KafkaRecordSerializationSchema.<String>builder()
                        .setTopic(topic)
                        .setKeySerializationSchema(s -> s.substring(0, s.indexOf(',')).getBytes(StandardCharsets.UTF_8))
                        .setValueSerializationSchema(new SimpleStringSchema())
                        .build())
                .build();
    }

    static List<String> values(String topic) {
        return broker.readAll(topic).stream().map(ConsumerRecord::value).sorted().collect(Collectors.toList());
    }

    @Test
    void bothEnginesWriteTheSameWindowsFromTheSameTopicAndCommitTheGroupsOffsets() throws Exception {
        for (String t : List.of("out-tidemark", "late-tidemark", "out-flink", "late-flink")) {
            broker.createTopic(t, 2);
        }
        StreamExecutionEnvironment tidemark = StreamExecutionEnvironment.getExecutionEnvironment();
        build(tidemark, "g-tidemark", "out-tidemark", "late-tidemark");
        JobExecutionResult embedded = tidemark.execute("kafka on tidemark");

        StreamExecutionEnvironment onFlink = StreamExecutionEnvironment.getExecutionEnvironment();
        build(onFlink, "g-flink", "out-flink", "late-flink");
        FlinkRunner.Result flink = FlinkRunner.execute(onFlink, "kafka on flink", SharedMiniCluster.options());

        List<String> a = values("out-tidemark");
        List<String> b = values("out-flink");
        assertThat(a).isNotEmpty().isEqualTo(b);
        long total = a.stream().mapToLong(s -> Long.parseLong(s.split(",")[2])).sum();
        assertThat(total).as("every record in a window").isEqualTo((long) PARTITIONS * PER_PARTITION);
        assertThat(values("late-tidemark")).isEmpty();
        assertThat(values("late-flink")).isEmpty();
        // both engines count what the source read
        assertThat(embedded.getCounter("orders", "numRecordsOut")).isEqualTo(PARTITIONS * PER_PARTITION);
        assertThat(flink.getOperatorCounters().get("orders").get("numRecordsOut")).isEqualTo(PARTITIONS * PER_PARTITION);
        // the embedded source commits its offsets at the end (Flink's commits follow Flink's rules: docs/kafka.md)
        assertThat(committed("g-tidemark")).hasSize(PARTITIONS).allSatisfy((tp, o) -> assertThat(o.offset()).isEqualTo(PER_PARTITION));
    }

    /**
     * Watermark alignment (drift 20 s) on the topic whose partitions are a minute apart from each other:
     * the embedded source pauses the partitions ahead (the consumer's pause), Flink's own KafkaSource gets
     * Flink's own alignment; both give the windows of the unaligned run.
     */
    @Test
    void alignedKafkaSourcesGiveTheUnalignedWindowsOnBothEngines() throws Exception {
        for (String t : List.of("plain", "plain-late", "aligned-tidemark", "aligned-late-tidemark", "aligned-flink", "aligned-late-flink")) {
            broker.createTopic(t, 2);
        }
        java.util.function.UnaryOperator<WatermarkStrategy<String[]>> aligned =
                s -> s.withWatermarkAlignment("orders", Duration.ofSeconds(20), Duration.ofMillis(100));
        StreamExecutionEnvironment plain = StreamExecutionEnvironment.getExecutionEnvironment();
        build(plain, "g-plain", "plain", "plain-late");
        plain.execute("kafka unaligned");
        StreamExecutionEnvironment tidemark = StreamExecutionEnvironment.getExecutionEnvironment();
        build(tidemark, "g-aligned-tidemark", "aligned-tidemark", "aligned-late-tidemark", aligned);
        tidemark.execute("kafka aligned on tidemark");
        StreamExecutionEnvironment onFlink = StreamExecutionEnvironment.getExecutionEnvironment();
        build(onFlink, "g-aligned-flink", "aligned-flink", "aligned-late-flink", aligned);
        FlinkRunner.execute(onFlink, "kafka aligned on flink", SharedMiniCluster.options());

        assertThat(values("plain")).isNotEmpty();
        assertThat(values("aligned-tidemark")).isEqualTo(values("plain"));
        assertThat(values("aligned-flink")).isEqualTo(values("plain"));
        assertThat(values("aligned-late-tidemark")).isEmpty();
        assertThat(values("aligned-late-flink")).isEmpty();

        // the runner hands the alignment to Flink's KafkaSource
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        build(env, "g-plan-aligned", "plan-out", "plan-late", aligned);
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        FlinkTranslator.translate(env, flink);
        List<org.apache.flink.api.common.eventtime.WatermarkAlignmentParams> params = flink.getTransformations().stream()
                .flatMap(t -> t.getTransitivePredecessors().stream()).distinct()
                .filter(t -> t instanceof org.apache.flink.streaming.api.transformations.SourceTransformation)
                .map(t -> ((org.apache.flink.streaming.api.transformations.SourceTransformation<?, ?, ?>) t).getWatermarkStrategy()
                        .getAlignmentParameters())
                .collect(Collectors.toList());
        assertThat(params).hasSize(1);
        assertThat(params.get(0).getWatermarkGroup()).isEqualTo("orders");
        assertThat(params.get(0).getMaxAllowedWatermarkDrift()).isEqualTo(20_000L);
        assertThat(params.get(0).getUpdateInterval()).isEqualTo(100L);
    }

    /**
     * Each partition sorted in a 300 ms buffer ({@code fromSource(source, strategy, name, buffer, lateTag)}) with a
     * monotonous watermark after it: the records older than one their partition let go are the
     * source's late output, every other record is in a window (none late there). On Flink the sorted source
     * runs as Tidemark's own KafkaSource in a split source; both engines write the same windows and the same
     * late records, which are exactly the partitions' own stragglers (computed here from the topic's data).
     */
    @Test
    void sortedKafkaSourcesGiveTheSameWindowsAndLateRecordsOnBothEngines() throws Exception {
        for (String t : List.of("sorted-tidemark", "sorted-late-tidemark", "sorted-flink", "sorted-late-flink")) {
            broker.createTopic(t, 2);
        }
        StreamExecutionEnvironment tidemark = StreamExecutionEnvironment.getExecutionEnvironment();
        buildSorted(tidemark, "g-sorted-tidemark", "sorted-tidemark", "sorted-late-tidemark");
        tidemark.execute("sorted kafka on tidemark");
        StreamExecutionEnvironment onFlink = StreamExecutionEnvironment.getExecutionEnvironment();
        buildSorted(onFlink, "g-sorted-flink", "sorted-flink", "sorted-late-flink");
        FlinkRunner.execute(onFlink, "sorted kafka on flink", SharedMiniCluster.options());

        // the stragglers: per partition, in order, a record older than the last one a 300 ms buffer let go
        List<String> stragglers = new java.util.ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            java.util.PriorityQueue<Long> held = new java.util.PriorityQueue<>();
            long max = Long.MIN_VALUE;
            long last = Long.MIN_VALUE;
            for (int n = 0; n < PER_PARTITION; n++) {
                long ts = 1_700_000_000_000L + n * 500L + p * 60_000L - ((n * 7L + p) % 5) * 400L;
                if (ts < last) {
                    stragglers.add("u" + (n % 5) + "," + ts + "," + (n % 13));
                    continue;
                }
                held.add(ts);
                max = Math.max(max, ts);
                while (!held.isEmpty() && held.peek() <= max - 300) {
                    last = held.poll();
                }
            }
        }
        stragglers.sort(null);
        assertThat(stragglers).isNotEmpty();
        assertThat(values("sorted-late-tidemark")).isEqualTo(stragglers);
        assertThat(values("sorted-late-flink")).isEqualTo(stragglers);
        List<String> a = values("sorted-tidemark");
        assertThat(values("sorted-flink")).isNotEmpty().isEqualTo(a);
        long total = a.stream().mapToLong(s -> Long.parseLong(s.split(",")[2])).sum();
        assertThat(total).as("every record not late at the source in a window").isEqualTo((long) PARTITIONS * PER_PARTITION - stragglers.size());
    }

    /** Kafka, each partition sorted (300 ms) → monotonous watermark → per-user 10 s windows → Kafka; the source's late records to a second topic. */
    static void buildSorted(StreamExecutionEnvironment env, String group, String output, String late) {
        env.setParallelism(2);
        KafkaSource<String[]> source = KafkaSource.<String[]>builder()
                .setBootstrapServers(broker.bootstrapServers())
                .setTopics(input)
                .setGroupId(group)
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setBounded(OffsetsInitializer.latest())
                .setDeserializer((r, out) -> out.collect(new String(r.value(), StandardCharsets.UTF_8).split(",")))
                .build();
        OutputTag<String[]> sourceLate = new OutputTag<>("source-late") {};
        SingleOutputStreamOperator<String[]> read = env.fromSource(source, WatermarkStrategy.<String[]>forMonotonousTimestamps()
                .withTimestampAssigner((o, kafkaTs) -> Long.parseLong(o[1])), "orders", Duration.ofMillis(300), sourceLate);
        SingleOutputStreamOperator<String> windows = read
                .keyBy(o -> o[0])
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .sideOutputLateData(LATE)
                .aggregate(new CountSum(), new Describe())
                .name("windows");
        windows.sinkTo(sink(output, s -> s.substring(0, s.indexOf(',')))).name("results");
        windows.getSideOutput(LATE).union(read.getSideOutput(sourceLate)).map(o -> String.join(",", o))
                .sinkTo(sink(late, s -> s.substring(0, s.indexOf(',')))).name("late");
    }

    @Test
    void theRunnerPutsFlinksOwnKafkaSourceAndSinkInPlace() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        build(env, "g-plan", "plan-out", "plan-late");
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        FlinkTranslator.translate(env, flink);
        List<String> kinds = flink.getTransformations().stream()
                .flatMap(t -> t.getTransitivePredecessors().stream())
                .distinct()
                .map(t -> t instanceof org.apache.flink.streaming.api.transformations.SourceTransformation
                        ? "source:" + ((org.apache.flink.streaming.api.transformations.SourceTransformation<?, ?, ?>) t)
                                .getSource().getClass().getName()
                        : t instanceof org.apache.flink.streaming.api.transformations.SinkTransformation
                                ? "sink:" + ((org.apache.flink.streaming.api.transformations.SinkTransformation<?, ?>) t)
                                        .getSink().getClass().getName()
                                : "other")
                .collect(Collectors.toList());
        assertThat(kinds).contains("source:org.apache.flink.connector.kafka.source.KafkaSource",
                "sink:org.apache.flink.connector.kafka.sink.KafkaSink");
        assertThat(kinds.stream().filter(k -> k.startsWith("sink:"))).hasSize(2);
    }

    @Test
    void aKafkaJobFileGivesTheSameResultsOnFlinkAsEmbedded(@TempDir Path dir) throws Exception {
        String job = String.join("\n",
                "name: kafka-job",
                "source:",
                "  type: kafka",
                "  bootstrap-servers: " + broker.bootstrapServers(),
                "  topic: " + input,
                "  stop-at: latest",
                "  format: csv",
                "  columns: [userId, eventTime, amount]",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 3s}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 10s}",
                "aggregate: [count, {sum: amount}]",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: csv, path: out/late.csv}",
                "  dead-letter: {type: jsonl, path: out/dead.jsonl}",
                "");
        Path embedded = Files.createDirectories(dir.resolve("embedded"));
        Path flink = Files.createDirectories(dir.resolve("flink"));
        Files.writeString(embedded.resolve("job.yaml"), job);
        Files.writeString(flink.resolve("job.yaml"), job);
        assertThat(cli("run", embedded.resolve("job.yaml").toString())).contains("accounted").contains(": OK");
        assertThat(cli("run", "--engine", "flink", flink.resolve("job.yaml").toString())).contains("accounted").contains(": OK");
        // the same windows (each firing's watermark aside: it depends on how the partitions interleave)
        assertThat(withoutWatermarks(flink.resolve("out/results.jsonl"))).isNotEmpty()
                .isEqualTo(withoutWatermarks(embedded.resolve("out/results.jsonl")));
        assertThat(Files.readAllLines(flink.resolve("out/dead.jsonl"))).isEmpty();
    }

    /** {@code watermark.alignment} in a Kafka job file: the unaligned windows, on both engines. */
    @Test
    void anAlignedKafkaJobFileGivesTheUnalignedWindowsOnBothEngines(@TempDir Path dir) throws Exception {
        String plain = String.join("\n",
                "name: kafka-aligned",
                "source:",
                "  type: kafka",
                "  bootstrap-servers: " + broker.bootstrapServers(),
                "  topic: " + input,
                "  stop-at: latest",
                "  format: csv",
                "  columns: [userId, eventTime, amount]",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 3s}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 10s}",
                "aggregate: [count, {sum: amount}]",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: csv, path: out/late.csv}",
                "");
        String aligned = plain.replace("max-out-of-orderness: 3s}",
                "max-out-of-orderness: 3s, alignment: {max-drift: 20s, update-interval: 100ms}}");
        assertThat(aligned).isNotEqualTo(plain);
        List<Path> runs = new java.util.ArrayList<>();
        for (String engine : List.of("plain", "embedded", "flink")) {
            Path d = Files.createDirectories(dir.resolve(engine));
            Files.writeString(d.resolve("job.yaml"), engine.equals("plain") ? plain : aligned);
            assertThat(engine.equals("flink") ? cli("run", "--engine", "flink", d.resolve("job.yaml").toString())
                    : cli("run", d.resolve("job.yaml").toString())).contains(": OK");
            runs.add(d);
        }
        List<String> expected = withoutWatermarks(runs.get(0).resolve("out/results.jsonl"));
        assertThat(expected).isNotEmpty();
        assertThat(withoutWatermarks(runs.get(1).resolve("out/results.jsonl"))).isEqualTo(expected);
        assertThat(withoutWatermarks(runs.get(2).resolve("out/results.jsonl"))).isEqualTo(expected);
        for (Path run : runs) { // the header line only
            assertThat(Files.readAllLines(run.resolve("out/late.csv"))).allMatch(l -> l.equals("userId,eventTime,amount"));
        }
    }

    static String cli(String... args) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code;
        try (java.io.PrintStream o = new java.io.PrintStream(out, true, StandardCharsets.UTF_8);
                java.io.PrintStream e = new java.io.PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = io.tidemark.cli.Main.execute(args, o, e);
        }
        assertThat(code).as("exit code; stderr:\n" + err.toString(StandardCharsets.UTF_8)).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    static List<String> withoutWatermarks(Path results) throws java.io.IOException {
        return Files.readAllLines(results).stream().map(l -> l.replaceAll(", \"watermark\": -?\\d+", "")).sorted()
                .collect(Collectors.toList());
    }

    static Map<TopicPartition, OffsetAndMetadata> committed(String group) throws Exception {
        return broker.admin().listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
    }
}
