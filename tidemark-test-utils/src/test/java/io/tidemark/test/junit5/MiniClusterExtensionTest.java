package io.tidemark.test.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.runtime.testutils.MiniClusterResourceConfiguration;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.util.TestStreamEnvironment;
import org.junit.jupiter.api.Test;

/** The extension's context: set for the class or for each test, and gone after. */
class MiniClusterExtensionTest {

    private static final MiniClusterResourceConfiguration TWO_BY_THREE = new MiniClusterResourceConfiguration.Builder()
            .setNumberTaskManagers(2).setNumberSlotsPerTaskManager(3).build();

    @Test
    void perClassTheEnvironmentHasTheSlotsUntilAfterAll() {
        MiniClusterExtension ext = new MiniClusterExtension(TWO_BY_THREE);
        assertThat(StreamExecutionEnvironment.getExecutionEnvironment().getParallelism()).isEqualTo(1);

        ext.beforeAll(null);
        ext.beforeEach(null);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        assertThat(env).isInstanceOf(TestStreamEnvironment.class);
        assertThat(env.getParallelism()).isEqualTo(6);
        ext.afterEach(null);
        assertThat(StreamExecutionEnvironment.getExecutionEnvironment().getParallelism()).isEqualTo(6);

        ext.afterAll(null);
        assertThat(ext.isRunning()).isFalse();
        assertThat(StreamExecutionEnvironment.getExecutionEnvironment()).isNotInstanceOf(TestStreamEnvironment.class);
        assertThat(StreamExecutionEnvironment.getExecutionEnvironment().getParallelism()).isEqualTo(1);
    }

    @Test
    void perTestTheContextLastsOneTest() {
        MiniClusterExtension ext = new MiniClusterExtension();
        ext.beforeEach(null);
        assertThat(ext.isRunning()).isTrue();
        assertThat(StreamExecutionEnvironment.getExecutionEnvironment()).isInstanceOf(TestStreamEnvironment.class);
        ext.afterEach(null);
        assertThat(ext.isRunning()).isFalse();
        assertThat(StreamExecutionEnvironment.getExecutionEnvironment()).isNotInstanceOf(TestStreamEnvironment.class);
    }
}
