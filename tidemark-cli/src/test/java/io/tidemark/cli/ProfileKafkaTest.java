package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tidemark profile} and {@code tune} on a Kafka topic of the local broker: each partition a split. */
class ProfileKafkaTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static LocalKafkaBroker broker;

    @TempDir
    Path dir;

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

    static String job(String topic, String emit) {
        return String.join("\n",
                "name: kafka-profile",
                "source: {type: kafka, bootstrap-servers: '" + broker.bootstrapServers() + "', topic: " + topic
                        + ", group-id: " + topic + "-group, stop-at: latest}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 2s, emit: " + emit + "}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 10s}",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                "");
    }

    @Test
    void eachPartitionIsASplitWhoseDisorderIsMeasured() throws Exception {
        broker.createTopic("profiled", 2);
        long t0 = System.currentTimeMillis() / 10_000 * 10_000 - 600_000;
        // partition 0 in order; partition 1 with every fifth record 3 s behind its predecessor
        for (int i = 0; i < 50; i++) {
            broker.send("profiled", 0, null, null, CliHarness.order("u0", t0 + i * 1_000L, "1"));
            broker.send("profiled", 1, null, null, CliHarness.order("u1", t0 + i * 1_000L - (i % 5 == 4 ? 4_000 : 0), "1"));
        }
        broker.send("profiled", 1, null, null, "{not json");
        broker.flush();
        Path job = CliHarness.write(dir, "job.yaml", job("profiled", "periodic"));
        JsonNode p = JSON.readTree(CliHarness.run("profile", job.toString(), "--json").assertOk().out());
        assertThat(p.at("/reading/lines").asLong()).isEqualTo(101);
        assertThat(p.at("/reading/records").asLong()).isEqualTo(100);
        assertThat(p.at("/reading/deadLetters/unparsable").asLong()).isEqualTo(1);
        List<String> splits = new ArrayList<>();
        p.get("splits").forEach(s -> splits.add(s.get("split").asText() + " max " + s.at("/disorder/maxMs").asLong()
                + " behind " + Math.round(s.at("/disorder/aboveZeroShare").asDouble() * s.get("records").asLong())));
        // every fifth record of partition 1 is written 4 s early in event time: 3 s behind the record before it
        assertThat(splits).containsExactlyInAnyOrder("profiled-0 max 0 behind 0", "profiled-1 max 3000 behind 10");
        assertThat(p.at("/reading/clock").asText()).contains("Kafka");
        assertThat(p.get("delay")).as("the Kafka timestamps are the arrival times").isNotNull();
        // profiling commits nothing to the group
        assertThat(broker.admin().listConsumerGroupOffsets("profiled-group").partitionsToOffsetAndMetadata().get()).isEmpty();
    }

    @Test
    void onOnePartitionTuneCountsTheLateRecordsOfARun() throws Exception {
        broker.createTopic("tuned", 1);
        long t0 = System.currentTimeMillis() / 10_000 * 10_000 - 600_000;
        for (int i = 0; i < 60; i++) {
            long behind = i % 7 == 6 ? 6_000 : i % 7 == 3 ? 2_500 : 0;
            broker.send("tuned", 0, null, null, CliHarness.order("u" + (i % 3), t0 + i * 1_000L - behind, "1"));
        }
        broker.flush();
        Path job = CliHarness.write(dir, "job.yaml", job("tuned", "per-event"));
        JsonNode t = JSON.readTree(CliHarness.run("tune", job.toString(), "--bounds", "2s", "--json").assertOk().out());
        String summary = CliHarness.run("run", job.toString()).assertOk().out();
        long runLate = TuneMatchesRunTest.runCounts(summary)[0];
        assertThat(runLate).isPositive();
        assertThat(t.at("/candidates/0/late").asLong()).isEqualTo(runLate);
    }
}
