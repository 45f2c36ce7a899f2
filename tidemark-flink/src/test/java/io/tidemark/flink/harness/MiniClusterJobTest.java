package io.tidemark.flink.harness;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.legacy.SinkFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A Flink user's pipeline test in the manner of Flink's testing guide: a job run on the test's cluster,
 * its results gathered by a sink into a static list. The same file with Flink's imports runs on Flink
 * 2.3's MiniCluster in tidemark-flink's tests.
 */
class MiniClusterJobTest {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(2)
                    .build());

    /** Adds one. */
    static class Increment implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            return value + 1;
        }
    }

    /** Gathers what reaches it, from every parallel subtask. */
    static class CollectSink implements SinkFunction<Long> {
        static final List<Long> VALUES = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void invoke(Long value, Context context) {
            VALUES.add(value);
        }
    }

    @Test
    void incrementPipeline() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        assertThat(env.getParallelism()).isEqualTo(2);
        assertThat(MINI_CLUSTER.isRunning()).isTrue();
        assertThat(MINI_CLUSTER.getNumberSlots()).isEqualTo(2);
        CollectSink.VALUES.clear();

        env.fromData(1L, 21L, 22L).map(new Increment()).addSink(new CollectSink());
        env.execute("increment");

        assertThat(CollectSink.VALUES).containsExactlyInAnyOrder(2L, 22L, 23L);
    }
}
