package io.tidemark.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.serialization.SimpleStringSchema;
import io.tidemark.connector.base.DeliveryGuarantee;
import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import io.tidemark.connector.kafka.sink.KafkaRecordSerializationSchema;
import io.tidemark.connector.kafka.sink.KafkaSink;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.core.execution.JobClient;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The broker goes away in the middle of a run and comes back: the source and the sink reconnect and
 * the job finishes; at least once, every input record is in the output topic (duplicates, if any, are
 * counted) and the group's offsets are committed to the end.
 */
class BrokerRestartTest {

    static final int PER_PARTITION = 1500;
    static final int HALT_AT = 600;
    static final CountDownLatch REACHED = new CountDownLatch(1);
    static final CountDownLatch RELEASE = new CountDownLatch(1);
    static final AtomicLong SEEN = new AtomicLong();

    /** Passes records on; at the {@value #HALT_AT}th it signals and waits until the test lets it go on. */
    static final class Gate implements MapFunction<String, String> {
        @Override
        public String map(String value) throws Exception {
            if (SEEN.incrementAndGet() == HALT_AT) {
                REACHED.countDown();
                if (!RELEASE.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never released the gate");
                }
            }
            return value;
        }
    }

    @Test
    void aBrokerRestartMidRunLosesNothing() throws Exception {
        LocalKafkaBroker broker = SharedBroker.get();
        String in = SharedBroker.topic("restart-in", 2);
        String out = SharedBroker.topic("restart-out", 2);
        Set<String> ids = new HashSet<>();
        for (int p = 0; p < 2; p++) {
            for (int n = 0; n < PER_PARTITION; n++) {
                String id = p + "-" + n;
                ids.add(id);
                broker.send(in, p, null, null, id);
            }
        }
        broker.flush();

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        KafkaSource<String> source = KafkaSource.<String>builder()
                .setBootstrapServers(broker.bootstrapServers())
                .setTopics(in)
                .setGroupId("g-restart")
                .setBounded(OffsetsInitializer.latest())
                .setValueOnlyDeserializer(new SimpleStringSchema())
                // small fetches, so that most of the input is still on the broker when it goes away
                .setProperty("max.poll.records", "50")
                .setProperty("max.partition.fetch.bytes", "1024")
                .setProperty("fetch.max.bytes", "2048")
                .setProperty("commit.offsets.interval.ms", "100")
                .build();
        KafkaSink<String> sink = KafkaSink.<String>builder()
                .setBootstrapServers(broker.bootstrapServers())
                .setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)
                .setRecordSerializer(KafkaRecordSerializationSchema.<String>builder()
                        .setTopic(out)
                        .setValueSerializationSchema(new SimpleStringSchema())
                        .build())
                .build();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "kafka-in").map(new Gate()).sinkTo(sink);
        JobClient job = env.executeAsync("restart");

        assertThat(REACHED.await(60, TimeUnit.SECONDS)).as("the job reached record " + HALT_AT).isTrue();
        broker.stop();
        RELEASE.countDown(); // the job goes on against a broker that is not there, until it is back
        broker.startAgain();
        job.getJobExecutionResult();

        List<ConsumerRecord<String, String>> written = broker.readAll(out);
        Set<String> distinct = new HashSet<>();
        for (ConsumerRecord<String, String> r : written) {
            distinct.add(r.value());
        }
        long duplicates = written.size() - distinct.size();
        System.out.println("broker restart: " + ids.size() + " records in, " + written.size() + " written, "
                + duplicates + " duplicates");
        assertThat(distinct).as("nothing lost").isEqualTo(ids);
        assertThat(written.size()).isEqualTo(ids.size() + duplicates);
        Map<TopicPartition, OffsetAndMetadata> committed = broker.admin().listConsumerGroupOffsets("g-restart")
                .partitionsToOffsetAndMetadata().get();
        assertThat(committed.values()).hasSize(2).allMatch(o -> o.offset() == PER_PARTITION);
    }
}
