package io.tidemark.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.connector.kafka.sink.KafkaSink;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.sink.SinkWriterOperator;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * The exactly-once Kafka sink under the embedded engine's sink protocol (docs/checkpoints.md), driven
 * through its operator against the real broker: a transaction per checkpoint, visible to
 * {@code read_committed} readers when the checkpoint completes; after a crash, a restore commits
 * what the completed checkpoint prepared and aborts what was written after it.
 */
class KafkaSinkCheckpointTest {

    static OneInputOperatorTestHarness<String, Void> harness(KafkaSink<String> sink) {
        return new OneInputOperatorTestHarness<>(new SinkWriterOperator<>(sink));
    }

    static List<String> committed(String topic) {
        return SharedBroker.get().readCommitted(topic).stream().map(ConsumerRecord::value).sorted().toList();
    }

    @Test
    void eachCheckpointsRecordsBecomeVisibleWhenItCompletes() throws Exception {
        String topic = SharedBroker.topic("eos-cp", 2);
        OneInputOperatorTestHarness<String, Void> h = harness(KafkaSinkTest.exactlyOnce(topic, "eos-cp"));
        h.open();
        h.processElement("a");
        h.processElement("b");
        h.snapshot(1);
        h.processElement("c");
        assertThat(committed(topic)).isEmpty();
        h.notifyCheckpointComplete(1);
        assertThat(committed(topic)).containsExactly("a", "b");
        h.endInput();
        assertThat(committed(topic)).containsExactly("a", "b", "c");
        h.close();
    }

    @Test
    void aRestoreCommitsWhatTheCheckpointPreparedAndAbortsWhatCameAfter() throws Exception {
        String topic = SharedBroker.topic("eos-crash", 2);
        OneInputOperatorTestHarness<String, Void> crashed = harness(KafkaSinkTest.exactlyOnce(topic, "eos-crash"));
        crashed.open();
        crashed.processElement("a");
        crashed.snapshot(1);
        crashed.processElement("b");
        StateSnapshot s2 = crashed.snapshot(2);
        crashed.processElement("c"); // after the last checkpoint: the crash loses it, the replay writes it again
        // the process dies: checkpoint 2 was written but its completion never reached the sink;
        // its producers are left as they are (transactions open on the broker)
        assertThat(committed(topic)).isEmpty();

        OneInputOperatorTestHarness<String, Void> restored = harness(KafkaSinkTest.exactlyOnce(topic, "eos-crash"));
        restored.setup().initializeState(s2, 2).open();
        assertThat(committed(topic)).containsExactly("a", "b");
        restored.processElement("c");
        restored.endInput();
        assertThat(committed(topic)).as("c once: the crashed attempt's transaction aborted").containsExactly("a", "b", "c");
        restored.close();
        crashed.close(); // its producers were fenced by the restore: closing them changes nothing
        assertThat(committed(topic)).containsExactly("a", "b", "c");
    }
}
