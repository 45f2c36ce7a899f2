package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichMapFunction;
import io.tidemark.configuration.Configuration;
import io.tidemark.configuration.CoreOptions;
import io.tidemark.configuration.PipelineOptions;
import io.tidemark.configuration.RestartStrategyOptions;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A Tidemark job's configuration reaches Flink through the runner: Flink restarts the job with the
 * fixed-delay strategy configured (its functions see attempt 1), runs it at the configured
 * parallelism and reports the configured maximum parallelism.
 */
class ConfigurationOnFlinkTest {

    /** Fails in {@code open} on the first attempt; tags records with attempt, parallelism and maximum. */
    static final class FailsFirst extends RichMapFunction<Long, String> {
        @Override
        public void open(OpenContext ctx) {
            if (getRuntimeContext().getTaskInfo().getAttemptNumber() == 0) {
                throw new IllegalStateException("the first attempt fails");
            }
        }

        @Override
        public String map(Long v) {
            var t = getRuntimeContext().getTaskInfo();
            return v + "@" + t.getAttemptNumber() + " of " + t.getNumberOfParallelSubtasks() + " max " + t.getMaxNumberOfParallelSubtasks();
        }
    }

    @Test
    void restartStrategyParallelismAndMaximumGoToFlink() throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        // Flink restarts each failed region (here: each of the 2 subtasks' chains): 2 restarts
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 2);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(10));
        conf.set(CoreOptions.DEFAULT_PARALLELISM, 2);
        conf.set(PipelineOptions.MAX_PARALLELISM, 64);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setExecutor(FlinkRunner.executor(SharedMiniCluster.options()));
        String id = Collect.newId();
        env.fromSequence(1, 4).map(new FailsFirst()).addSink(Collect.sink(id));
        env.execute("configured on flink");
        assertThat(Collect.<String>take(id)).containsExactlyInAnyOrder("1@1 of 2 max 64", "2@1 of 2 max 64", "3@1 of 2 max 64",
                "4@1 of 2 max 64");
    }

    /** {@code executeAndCollect} and {@code executeAsync()}'s job id through the runner. */
    @Test
    void executeAndCollectOnFlink() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setExecutor(FlinkRunner.executor(SharedMiniCluster.options()));
        env.setParallelism(2);
        java.util.List<Long> all = new java.util.ArrayList<>();
        try (io.tidemark.util.CloseableIterator<Long> it = env.fromSequence(1, 100).map(x -> x * 2).executeAndCollect()) {
            it.forEachRemaining(all::add);
        }
        assertThat(all).hasSize(100).doesNotHaveDuplicates().allMatch(x -> x % 2 == 0);
        String id = Collect.newId();
        env.fromSequence(1, 3).addSink(Collect.sink(id));
        io.tidemark.core.execution.JobClient client = env.executeAsync();
        assertThat(client.getJobExecutionResult().getJobID()).isEqualTo(client.getJobID());
    }
}
