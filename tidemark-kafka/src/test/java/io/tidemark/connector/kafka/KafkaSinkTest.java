package io.tidemark.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.serialization.SimpleStringSchema;
import io.tidemark.connector.base.DeliveryGuarantee;
import io.tidemark.connector.kafka.sink.KafkaRecordSerializationSchema;
import io.tidemark.connector.kafka.sink.KafkaSink;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** The Kafka sink on the embedded engine against a real broker. */
class KafkaSinkTest {

    static final long T0 = 1_700_000_000_000L;

    @Test
    void writesEachRecordWithItsKeyValueAndEventTimestamp() throws Exception {
        String topic = SharedBroker.topic("sink", 3);
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            words.add("w" + (i % 7) + ":" + i);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        KafkaSink<String> sink = KafkaSink.<String>builder()
                .setBootstrapServers(SharedBroker.get().bootstrapServers())
                .setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)
                .setRecordSerializer(KafkaRecordSerializationSchema.<String>builder()
                        .setTopic(topic)
                        .setKeySerializationSchema(w -> w.substring(0, w.indexOf(':')).getBytes(StandardCharsets.UTF_8))
                        .setValueSerializationSchema(new SimpleStringSchema())
                        .build())
                .build();
        env.fromCollection(words)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps()
                        .withTimestampAssigner((w, t) -> T0 + Long.parseLong(w.substring(w.indexOf(':') + 1))))
                .rebalance()
                .sinkTo(sink);
        env.execute("sink");

        List<ConsumerRecord<String, String>> written = SharedBroker.get().readAll(topic);
        assertThat(written).extracting(ConsumerRecord::value).containsExactlyInAnyOrderElementsOf(words);
        for (ConsumerRecord<String, String> r : written) {
            assertThat(r.key()).isEqualTo(r.value().substring(0, r.value().indexOf(':')));
            assertThat(r.timestamp()).isEqualTo(T0 + Long.parseLong(r.value().substring(r.value().indexOf(':') + 1)));
        }
        // one key, one partition (Kafka's choice by key)
        for (int k = 0; k < 7; k++) {
            String key = "w" + k;
            assertThat(written.stream().filter(r -> r.key().equals(key)).map(ConsumerRecord::partition).distinct()).hasSize(1);
        }
    }

    @Test
    void aTopicSelectorRoutesEachRecord() throws Exception {
        String even = SharedBroker.topic("even", 1);
        String odd = SharedBroker.topic("odd", 1);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        env.fromElements(1L, 2L, 3L, 4L, 5L)
                .sinkTo(KafkaSink.<Long>builder()
                        .setBootstrapServers(SharedBroker.get().bootstrapServers())
                        .setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)
                        .setRecordSerializer(KafkaRecordSerializationSchema.<Long>builder()
                                .setTopicSelector(n -> n % 2 == 0 ? even : odd)
                                .setValueSerializationSchema(n -> Long.toString(n).getBytes(StandardCharsets.UTF_8))
                                .build())
                        .build());
        env.execute("route");
        assertThat(SharedBroker.get().readAll(even)).extracting(ConsumerRecord::value).containsExactly("2", "4");
        assertThat(SharedBroker.get().readAll(odd)).extracting(ConsumerRecord::value).containsExactly("1", "3", "5");
    }

    @Test
    void unreachableBrokersFailTheJobNamingBootstrapServers() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        env.fromElements("a", "b").sinkTo(KafkaSink.<String>builder()
                .setBootstrapServers("127.0.0.1:" + port)
                .setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)
                .setProperty("max.block.ms", "1000")
                .setRecordSerializer(KafkaRecordSerializationSchema.<String>builder()
                        .setTopic("nowhere").setValueSerializationSchema(new SimpleStringSchema()).build())
                .build());
        assertThatThrownBy(() -> env.execute("unreachable sink"))
                .satisfies(e -> assertThat(KafkaSourceTest.causes(e)).anyMatch(c -> c instanceof KafkaBrokersUnreachableException
                        && c.getMessage().contains("127.0.0.1:" + port)));
    }

    @Test
    void exactlyOnceNeedsATransactionalIdPrefix() {
        var builder = KafkaSink.<String>builder().setBootstrapServers("127.0.0.1:1");
        assertThatThrownBy(builder::build).hasMessageContaining("record serializer");
        builder.setRecordSerializer(KafkaRecordSerializationSchema.<String>builder()
                .setTopic("t").setValueSerializationSchema(new SimpleStringSchema()).build());
        builder.setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE);
        assertThatThrownBy(builder::build).hasMessageContaining("transactional id prefix");
        assertThat(builder.setTransactionalIdPrefix("p").build().getDeliveryGuarantee()).isEqualTo(DeliveryGuarantee.EXACTLY_ONCE);
    }

    static KafkaSink<String> exactlyOnce(String topic, String prefix) {
        return KafkaSink.<String>builder()
                .setBootstrapServers(SharedBroker.get().bootstrapServers())
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setTransactionalIdPrefix(prefix)
                .setRecordSerializer(KafkaRecordSerializationSchema.<String>builder()
                        .setTopic(topic).setValueSerializationSchema(new SimpleStringSchema()).build())
                .build();
    }

    @Test
    void exactlyOnceCommitsAtTheEndAndAFailedRunLeavesNothingForReadCommittedReaders() throws Exception {
        String topic = SharedBroker.topic("eos", 2);
        StreamExecutionEnvironment failing = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        failing.fromSequence(0, 999).map(n -> {
            if (n == 900) {
                throw new IllegalStateException("boom at " + n);
            }
            return "f" + n;
        }).sinkTo(exactlyOnce(topic, "eos-sink"));
        assertThatThrownBy(() -> failing.execute("fails")).hasStackTraceContaining("boom at 900");
        assertThat(SharedBroker.get().readCommitted(topic)).isEmpty();

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            expected.add("r" + i);
        }
        env.fromCollection(expected).rebalance().sinkTo(exactlyOnce(topic, "eos-sink"));
        env.execute("commits");
        assertThat(SharedBroker.get().readCommitted(topic)).extracting(ConsumerRecord::value)
                .containsExactlyInAnyOrderElementsOf(expected);
    }
}
