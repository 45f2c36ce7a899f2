package io.tidemark.flink.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.serialization.SimpleStringSchema;
import io.tidemark.connector.base.DeliveryGuarantee;
import io.tidemark.connector.jdbc.Databases;
import io.tidemark.connector.jdbc.JdbcConnectionOptions;
import io.tidemark.connector.jdbc.JdbcPipelines;
import io.tidemark.connector.jdbc.JdbcSink;
import io.tidemark.connector.jdbc.JdbcTable;
import io.tidemark.connector.jdbc.SqlType;
import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import io.tidemark.connector.kafka.sink.KafkaRecordSerializationSchema;
import io.tidemark.connector.kafka.sink.KafkaSink;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.core.execution.JobClient;
import io.tidemark.flink.FlinkCheckpointing;
import io.tidemark.flink.FlinkRunner;
import io.tidemark.flink.SharedMiniCluster;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Flink engine's checkpoints: a Kafka → windows → Kafka and JDBC job on Flink with checkpoints into
 * a directory, cancelled while running and started again with the same directory, writes for a
 * {@code read_committed} reader exactly the windows of its input, each once: Flink's KafkaSource resumes
 * from the checkpoint's offsets, the open windows come back from it, the exactly-once Kafka sink commits
 * each checkpoint's transaction once (those begun after it are aborted), and the JDBC sink's upserts
 * (flushed at each checkpoint) leave one row per window in PostgreSQL and in H2.
 */
class FlinkCheckpointRecoveryTest {

    static final int PARTITIONS = 2;
    static final int PER_PARTITION = 300;
    /** The broker of the test class running (this one's, or {@link KillNineOnFlinkTest}'s). */
    static LocalKafkaBroker broker;

    @BeforeAll
    static void start() {
        broker = LocalKafkaBroker.start();
    }

    @AfterAll
    static void stop() {
        if (broker != null) {
            broker.close();
        }
    }

    /** Orders of 4 users, each partition in order within 1.2 s (the bound is 3 s: nothing late); returns what was sent. */
    static List<String[]> produce(String topic, int from, int to) {
        List<String[]> sent = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            for (int n = from; n < to; n++) {
                long ts = T0 + n * 300L - ((n * 7L + p) % 4) * 400L;
                String[] order = {"u" + ((n + p) % 4), Long.toString(ts), Integer.toString(n % 11)};
                broker.send(topic, p, ts, null, String.join(",", order));
                sent.add(order);
            }
        }
        broker.flush();
        return sent;
    }

    static final long T0 = 1_700_000_000_000L;

    /**
     * A record a minute after everything on each partition: the watermark passes every window of the
     * orders, which thus all fire on an unbounded source; its own window stays open.
     */
    static void close(String topic) {
        for (int p = 0; p < PARTITIONS; p++) {
            long ts = T0 + PER_PARTITION * 300L + 60_000L;
            broker.send(topic, p, ts, null, "zz," + ts + ",0");
        }
        broker.flush();
    }

    /** The windows of {@code orders} as the job writes them ("user,start,count,sum"), computed here by hand. */
    static List<String> windows(List<String[]> orders) {
        Map<String, long[]> w = new TreeMap<>();
        for (String[] o : orders) {
            long ts = Long.parseLong(o[1]);
            long[] cs = w.computeIfAbsent(o[0] + "," + (ts - ts % 5000), k -> new long[2]);
            cs[0]++;
            cs[1] += Long.parseLong(o[2]);
        }
        return w.entrySet().stream().map(e -> e.getKey() + "," + e.getValue()[0] + "," + e.getValue()[1]).sorted()
                .collect(Collectors.toList());
    }

    /** Rows (user, window start) → count, sum: a result written again lands on its own row. */
    static JdbcTable<String> table(String name) {
        return JdbcTable.<String>builder(name)
                .key("user_id", SqlType.TEXT, s -> s.split(",")[0])
                .key("window_start", SqlType.BIGINT, s -> Long.parseLong(s.split(",")[1]))
                .column("count", SqlType.BIGINT, s -> Long.parseLong(s.split(",")[2]))
                .column("sum", SqlType.BIGINT, s -> Long.parseLong(s.split(",")[3]))
                .build();
    }

    static List<String> rows(JdbcConnectionOptions db, String table) throws Exception {
        try (Connection c = db.connect()) {
            return JdbcPipelines.rows(c, table, "user_id, window_start").stream()
                    .map(r -> r.stream().map(String::valueOf).collect(Collectors.joining(","))).sorted()
                    .collect(Collectors.toList());
        }
    }

    /**
     * Per user and 5 s window: "user,start,count,sum", to Kafka topic {@code output} exactly once, and
     * upserted into table {@code output} of each database; uids pin the state.
     */
    static StreamExecutionEnvironment job(String bootstrap, String input, String output, List<JdbcConnectionOptions> databases) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        KafkaSource<String[]> source = KafkaSource.<String[]>builder()
                .setBootstrapServers(bootstrap)
                .setTopics(input)
                .setGroupId("g-" + output)
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setDeserializer((r, out) -> out.collect(new String(r.value(), StandardCharsets.UTF_8).split(",")))
                .build();
        SingleOutputStreamOperator<String> windows = env
                .fromSource(source, WatermarkStrategy.<String[]>forBoundedOutOfOrderness(Duration.ofSeconds(3))
                        .withTimestampAssigner((o, kafkaTs) -> Long.parseLong(o[1])), "orders").uid("orders")
                .keyBy(o -> o[0])
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .aggregate(new KafkaBothEnginesTest.CountSum(), new KafkaBothEnginesTest.Describe()).name("windows").uid("windows");
        for (int i = 0; i < databases.size(); i++) {
            windows.addSink(JdbcSink.<String>builder().table(table(output)).connection(databases.get(i)).build())
                    .name("table-" + i).uid("table-" + i);
        }
        windows.sinkTo(KafkaSink.<String>builder()
                        .setBootstrapServers(bootstrap)
                        .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                        .setTransactionalIdPrefix("tx-" + output)
                        .setRecordSerializer(KafkaRecordSerializationSchema.<String>builder()
                                .setTopic(output)
                                .setValueSerializationSchema(new SimpleStringSchema())
                                .build())
                        .build())
                .name("results").uid("results");
        return env;
    }

    static Map<Integer, Long> groupOffsets(String group) {
        try {
            Map<Integer, Long> out = new TreeMap<>();
            broker.admin().listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get()
                    .forEach((tp, o) -> out.put(tp.partition(), o.offset()));
            return out;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static List<String> committed(String topic) {
        return broker.readCommitted(topic).stream().map(ConsumerRecord::value).sorted().collect(Collectors.toList());
    }

    @Test
    void aJobCancelledMidRunAndStartedAgainFromItsCheckpointWritesEachResultOnce(@TempDir Path dir) throws Exception {
        String input = "cp-orders";
        String output = "cp_results";
        List<JdbcConnectionOptions> databases = List.of(Databases.postgres(), Databases.h2(dir));
        broker.createTopic(input, PARTITIONS);
        broker.createTopic(output, 2);
        List<String[]> orders = produce(input, 0, PER_PARTITION / 2);
        FlinkCheckpointing checkpoints = FlinkCheckpointing.of(dir.resolve("checkpoints"), Duration.ofMillis(100), 2);
        FlinkRunner.Options cluster = SharedMiniCluster.options().withCheckpointing(checkpoints);

        // first run: more input arrives while it runs; cancelled once it checkpointed past that
        StreamExecutionEnvironment first = job(broker.bootstrapServers(), input, output, databases);
        first.setExecutor(FlinkRunner.executor(cluster));
        assertThat(checkpoints.restoreFrom()).isEmpty();
        JobClient running = first.executeAsync("checkpointed, first run");
        await("a first checkpoint", running, () -> FlinkCheckpointing.latest(checkpoints.dir()).isPresent());
        Path beforeMore = FlinkCheckpointing.latest(checkpoints.dir()).orElseThrow();
        orders.addAll(produce(input, PER_PARTITION / 2, PER_PARTITION));
        close(input);
        await("a checkpoint after more input", running, () -> !FlinkCheckpointing.latest(checkpoints.dir()).orElseThrow().equals(beforeMore));
        running.cancel();
        List<String> beforeRestart = committed(output);

        // second run: the same job from the latest retained checkpoint
        Path restored = checkpoints.restoreFrom().orElseThrow();
        StreamExecutionEnvironment second = job(broker.bootstrapServers(), input, output, databases);
        second.setExecutor(FlinkRunner.executor(cluster));
        JobClient again = second.executeAsync("checkpointed, second run");
        List<String> expected = windows(orders);
        assertThat(expected).hasSizeGreaterThan(50);
        await("every window committed", again, () -> committed(output).size() >= expected.size());
        // one more checkpoint after that: anything written twice would be committed by now
        Path complete = FlinkCheckpointing.latest(checkpoints.dir()).orElseThrow();
        await("one more checkpoint", again, () -> !FlinkCheckpointing.latest(checkpoints.dir()).orElseThrow().equals(complete));
        // Flink's source commits the checkpointed offsets to the group when a checkpoint completes
        await("the group's offsets at the end of the input", again, () -> groupOffsets("g-" + output).values().stream()
                .filter(o -> o == PER_PARTITION + 1).count() == PARTITIONS);
        again.cancel();

        assertThat(committed(output)).as("0 lost, 0 duplicated").isEqualTo(expected);
        assertThat(rows(databases.get(0), output)).as("PostgreSQL").isEqualTo(expected);
        assertThat(rows(databases.get(1), output)).as("H2").isEqualTo(expected);
        assertThat(expected).containsAll(beforeRestart);
        assertThat(restored.getParent().getFileName()).as("a checkpoint of the first run")
                .isNotEqualTo(FlinkCheckpointing.latest(checkpoints.dir()).orElseThrow().getParent().getFileName());
    }

    /** Waits (bounded) until {@code condition} holds while {@code job} runs; fails with the job's failure if it ends. */
    static void await(String what, JobClient job, BooleanSupplier condition) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (job.getJobStatus() != io.tidemark.api.common.JobStatus.RUNNING && job.getJobStatus() != io.tidemark.api.common.JobStatus.CREATED) {
                job.getJobExecutionResult(); // throws the job's failure
                throw new AssertionError("the job ended before " + what);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "; job " + job.getJobStatus());
            }
            LockSupport.parkNanos(5_000_000L);
        }
    }
}
