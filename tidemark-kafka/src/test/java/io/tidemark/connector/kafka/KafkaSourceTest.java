package io.tidemark.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.serialization.SimpleStringSchema;
import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.KafkaSourceOptions;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.connector.kafka.source.reader.KafkaSourceReader;
import io.tidemark.connector.kafka.source.split.KafkaPartitionSplit;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.testutils.CollectSink;
import io.tidemark.util.Collector;
import java.io.Serializable;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** The Kafka source on the embedded engine against a real broker: what it reads, where it starts and stops, what it commits. */
@SuppressWarnings("deprecation") // OffsetResetStrategy, as Flink names it
class KafkaSourceTest {

    static final long T0 = 1_700_000_000_000L;

    /** A record as read: its value, partition, offset and the timestamp the stream gave it. */
    record Read(String value, int partition, long offset, long timestamp) implements Serializable {}

    /** Writes {@code perPartition} records to each partition: value "p<i>-<n>", timestamp T0 + n seconds. */
    static void fill(String topic, int partitions, int perPartition, int from) {
        LocalKafkaBroker b = SharedBroker.get();
        for (int p = 0; p < partitions; p++) {
            for (int n = from; n < from + perPartition; n++) {
                b.send(topic, p, T0 + n * 1000L, "k" + n, "p" + p + "-" + n);
            }
        }
        b.flush();
    }

    static KafkaSource<Read> source(String topic, String group, OffsetsInitializer start, OffsetsInitializer stop) {
        var builder = KafkaSource.<Read>builder()
                .setBootstrapServers(SharedBroker.get().bootstrapServers())
                .setTopics(topic)
                .setStartingOffsets(start)
                .setDeserializer((r, out) -> out.collect(new Read(new String(r.value()), r.partition(), r.offset(), -1)));
        if (group != null) {
            builder.setGroupId(group);
        }
        if (stop != null) {
            builder.setBounded(stop);
        }
        return builder.build();
    }

    /** Stamps each record with the timestamp the stream carries. */
    static final class Stamp extends ProcessFunction<Read, Read> {
        @Override
        public void processElement(Read r, Context ctx, Collector<Read> out) {
            out.collect(new Read(r.value(), r.partition(), r.offset(), ctx.timestamp()));
        }
    }

    static List<Read> run(KafkaSource<Read> source, int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        CollectSink<Read> sink = new CollectSink<>();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka").process(new Stamp()).addSink(sink);
        env.execute("kafka source test");
        return sink.values();
    }

    @Test
    void aBoundedSourceReadsEveryRecordOnceWithItsKafkaTimestampAndCommitsTheOffsets() throws Exception {
        String topic = SharedBroker.topic("read", 3);
        fill(topic, 3, 40, 0);
        List<Read> read = run(source(topic, "g-read", OffsetsInitializer.earliest(), OffsetsInitializer.latest()), 1);

        assertThat(read).hasSize(120);
        assertThat(read.stream().map(Read::value).collect(Collectors.toSet())).hasSize(120);
        for (Read r : read) {
            long n = Long.parseLong(r.value().substring(r.value().indexOf('-') + 1));
            assertThat(r.timestamp()).as("the Kafka timestamp is the record's timestamp").isEqualTo(T0 + n * 1000L);
            assertThat(r.offset()).isEqualTo(n);
        }
        // each partition in offset order
        for (int p = 0; p < 3; p++) {
            int partition = p;
            assertThat(read.stream().filter(r -> r.partition() == partition).map(Read::offset).collect(Collectors.toList()))
                    .isSorted();
        }
        Map<TopicPartition, OffsetAndMetadata> committed = SharedBroker.get().admin()
                .listConsumerGroupOffsets("g-read").partitionsToOffsetAndMetadata().get();
        assertThat(committed).hasSize(3);
        committed.values().forEach(o -> assertThat(o.offset()).isEqualTo(40));
    }

    @Test
    void partitionsAreSpreadOverSubtasksAndEachIsReadByOne() throws Exception {
        String topic = SharedBroker.topic("spread", 4);
        fill(topic, 4, 25, 0);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        CollectSink<Read> sink = new CollectSink<>();
        env.fromSource(source(topic, null, OffsetsInitializer.earliest(), OffsetsInitializer.latest()),
                WatermarkStrategy.noWatermarks(), "kafka").addSink(sink);
        var client = env.executeAsync("spread");
        JobExecutionResult result = client.getJobExecutionResult();

        assertThat(sink.values()).hasSize(100);
        assertThat(sink.values().stream().map(Read::value).collect(Collectors.toSet())).hasSize(100);
        List<Set<String>> splitsPerSubtask = new ArrayList<>();
        for (SubtaskMetrics sm : client.getMetrics()) {
            OperatorMetrics m = (OperatorMetrics) sm;
            if (!m.splitWatermarks().isEmpty()) {
                splitsPerSubtask.add(m.splitWatermarks().keySet());
                for (String split : m.splitWatermarks().keySet()) {
                    int partition = Integer.parseInt(split.substring(split.lastIndexOf('-') + 1));
                    assertThat(KafkaSourceReader.owner(new TopicPartition(topic, partition), 2))
                            .isEqualTo(m.getSubtaskIndex());
                }
            }
        }
        assertThat(splitsPerSubtask).hasSize(2).allMatch(s -> s.size() == 2);
        Set<String> all = new HashSet<>();
        splitsPerSubtask.forEach(all::addAll);
        assertThat(all).hasSize(4);
    }

    @Test
    void startingOffsetsLatestCommittedTimestampAndSpecified() throws Exception {
        String topic = SharedBroker.topic("start", 2);
        fill(topic, 2, 10, 0);
        // latest, bounded by latest: nothing
        assertThat(run(source(topic, null, OffsetsInitializer.latest(), OffsetsInitializer.latest()), 1)).isEmpty();
        // a first run commits 10 per partition; more records arrive; committed offsets read only those
        run(source(topic, "g-start", OffsetsInitializer.earliest(), OffsetsInitializer.latest()), 1);
        fill(topic, 2, 5, 10);
        List<Read> resumed = run(source(topic, "g-start", OffsetsInitializer.committedOffsets(), OffsetsInitializer.latest()), 1);
        assertThat(resumed).hasSize(10).allMatch(r -> r.offset() >= 10);
        // a group that never committed: NONE fails, EARLIEST reads everything
        assertThatThrownBy(() -> run(source(topic, "g-new", OffsetsInitializer.committedOffsets(), OffsetsInitializer.latest()), 1))
                .hasStackTraceContaining("no committed offset");
        assertThat(run(source(topic, "g-new2", OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST),
                OffsetsInitializer.latest()), 1)).hasSize(30);
        // from a timestamp: record n has timestamp T0 + n s
        assertThat(run(source(topic, null, OffsetsInitializer.timestamp(T0 + 12_000), OffsetsInitializer.latest()), 1))
                .hasSize(6).allMatch(r -> r.offset() >= 12);
        // given offsets, stopping at given offsets
        TopicPartition p0 = new TopicPartition(topic, 0);
        TopicPartition p1 = new TopicPartition(topic, 1);
        List<Read> slice = run(source(topic, null, OffsetsInitializer.offsets(Map.of(p0, 3L, p1, 7L)),
                OffsetsInitializer.offsets(Map.of(p0, 5L, p1, 8L))), 1);
        assertThat(slice).extracting(Read::value).containsExactlyInAnyOrder("p0-3", "p0-4", "p1-7");
    }

    @Test
    void aTopicPatternReadsEveryMatchingTopic() throws Exception {
        String a = SharedBroker.topic("pattern-a", 1);
        String b = SharedBroker.topic("pattern-b", 2);
        SharedBroker.topic("other", 1);
        fill(a, 1, 3, 0);
        fill(b, 2, 3, 0);
        KafkaSource<String> source = KafkaSource.<String>builder()
                .setBootstrapServers(SharedBroker.get().bootstrapServers())
                .setTopicPattern(Pattern.compile("pattern-(a|b)-\\d+"))
                .setBounded(OffsetsInitializer.latest())
                .setValueOnlyDeserializer(new SimpleStringSchema())
                .build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        CollectSink<String> sink = new CollectSink<>();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka").addSink(sink);
        env.execute("pattern");
        assertThat(sink.values()).hasSize(9);
    }

    @Test
    void theSplitStateIsEachPartitionsNextOffsetAndARestoredSourceResumesThere() throws Exception {
        String topic = SharedBroker.topic("state", 2);
        fill(topic, 2, 6, 0);
        KafkaSource<Read> first = source(topic, null, OffsetsInitializer.earliest(), OffsetsInitializer.latest());
        run(first, 1);
        Map<String, KafkaPartitionSplit> state = first.snapshotSplitState();
        assertThat(state).containsOnlyKeys(topic + "-0", topic + "-1");
        assertThat(state.values()).allMatch(s -> s.startingOffset() == 6 && s.isFinished());

        fill(topic, 2, 3, 6);
        KafkaSource<Read> second = source(topic, null, OffsetsInitializer.earliest(), OffsetsInitializer.latest());
        Map<String, KafkaPartitionSplit> resumeFrom = Map.of(topic + "-0", state.get(topic + "-0").withStartingOffset(6),
                topic + "-1", state.get(topic + "-1").withStartingOffset(6));
        second.restoreSplitState(resumeFrom);
        assertThat(run(second, 1)).hasSize(6).allMatch(r -> r.offset() >= 6);
    }

    static io.tidemark.runtime.state.FunctionSnapshotContext checkpoint(long id) {
        return new io.tidemark.runtime.state.FunctionSnapshotContext() {
            @Override
            public long getCheckpointId() {
                return id;
            }

            @Override
            public long getCheckpointTimestamp() {
                return id;
            }
        };
    }

    static Map<Integer, Long> committedOffsets(String group) throws Exception {
        Map<Integer, Long> out = new java.util.TreeMap<>();
        SharedBroker.get().admin().listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get()
                .forEach((tp, o) -> out.put(tp.partition(), o.offset()));
        return out;
    }

    @Test
    void withCheckpointsTheGroupGetsTheOffsetsOfTheLastCompletedCheckpoint() throws Exception {
        String topic = SharedBroker.topic("cp-commit", 2);
        fill(topic, 2, 6, 0);
        KafkaSource<Read> source = KafkaSource.<Read>builder()
                .setBootstrapServers(SharedBroker.get().bootstrapServers())
                .setTopics(topic)
                .setGroupId("g-cp-commit")
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setProperty(KafkaSourceOptions.COMMIT_OFFSETS_INTERVAL_MS, "3600000")
                .setDeserializer((r, out) -> out.collect(new Read(new String(r.value()), r.partition(), r.offset(), -1)))
                .build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        CollectSink<Read> sink = new CollectSink<>();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka").addSink(sink);
        io.tidemark.core.execution.JobClient job = env.executeAsync("commit on checkpoints");
        try {
            SharedBroker.await("12 records read", java.time.Duration.ofSeconds(60), () -> sink.values().size() == 12);
            source.snapshotState(checkpoint(1)); // what the engine calls at a barrier: positions 6 and 6
            fill(topic, 2, 3, 6);
            SharedBroker.await("18 records read", java.time.Duration.ofSeconds(60), () -> sink.values().size() == 18);
            assertThat(committedOffsets("g-cp-commit")).isEmpty();
            source.notifyCheckpointComplete(1);
            SharedBroker.await("checkpoint 1's offsets committed", java.time.Duration.ofSeconds(60),
                    () -> Map.of(0, 6L, 1, 6L).equals(uncheckedOffsets("g-cp-commit")));
        } finally {
            job.cancel();
        }
    }

    static Map<Integer, Long> uncheckedOffsets(String group) {
        try {
            return committedOffsets(group);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void unreachableBrokersFailTheJobNamingBootstrapServers() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        KafkaSource<String> source = KafkaSource.<String>builder()
                .setBootstrapServers("127.0.0.1:" + port)
                .setTopics("nowhere")
                .setProperty("default.api.timeout.ms", "1500")
                .setValueOnlyDeserializer(new SimpleStringSchema())
                .build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka").addSink(new CollectSink<>());
        assertThatThrownBy(() -> env.execute("unreachable"))
                .satisfies(e -> assertThat(causes(e)).anyMatch(c -> c instanceof KafkaBrokersUnreachableException
                        && c.getMessage().contains("127.0.0.1:" + port) && c.getMessage().contains("bootstrap.servers")));
    }

    @Test
    void aTopicThatDoesNotExistFailsNamingIt() {
        KafkaSource<String> source = KafkaSource.<String>builder()
                .setBootstrapServers(SharedBroker.get().bootstrapServers())
                .setTopics("no-such-topic")
                .setProperty("default.api.timeout.ms", "3000")
                .setValueOnlyDeserializer(new SimpleStringSchema())
                .build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka").addSink(new CollectSink<>());
        assertThatThrownBy(() -> env.execute("missing topic")).hasStackTraceContaining("no-such-topic");
    }

    @Test
    void aRecordTheDeserializerRejectsFailsTheJobNamingTopicPartitionAndOffset() throws Exception {
        String topic = SharedBroker.topic("reject", 1);
        fill(topic, 1, 5, 0);
        KafkaSource<Long> source = KafkaSource.<Long>builder()
                .setBootstrapServers(SharedBroker.get().bootstrapServers())
                .setTopics(topic)
                .setBounded(OffsetsInitializer.latest())
                .setDeserializer((r, out) -> {
                    String v = new String(r.value());
                    if (v.endsWith("-3")) {
                        throw new java.io.IOException("not a number: " + v);
                    }
                    out.collect((long) v.length());
                })
                .build();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka").addSink(new CollectSink<>());
        assertThatThrownBy(() -> env.execute("reject"))
                .hasStackTraceContaining("topic " + topic + ", partition 0, offset 3")
                .hasStackTraceContaining("not a number: p0-3");
    }

    @Test
    void theBuilderRefusesWhatCannotWork() {
        var base = KafkaSource.<String>builder().setValueOnlyDeserializer(new SimpleStringSchema());
        assertThatThrownBy(base::build).hasMessageContaining("bootstrap.servers");
        base.setBootstrapServers("127.0.0.1:1");
        assertThatThrownBy(base::build).hasMessageContaining("setTopics");
        base.setTopics("t");
        assertThatThrownBy(() -> base.setTopicPattern(Pattern.compile("x"))).hasMessageContaining("already reads topics [t]");
        base.setStartingOffsets(OffsetsInitializer.committedOffsets());
        assertThatThrownBy(base::build).hasMessageContaining("group id");
        base.setGroupId("g").setProperty(KafkaSourceOptions.PARTITION_DISCOVERY_INTERVAL_MS, "soon");
        assertThatThrownBy(base::build).hasMessageContaining("partition.discovery.interval.ms");
    }

    static List<Throwable> causes(Throwable t) {
        List<Throwable> all = new ArrayList<>();
        for (Throwable c = t; c != null && !all.contains(c); c = c.getCause()) {
            all.add(c);
        }
        return all;
    }
}
