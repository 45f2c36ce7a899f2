package io.tidemark.flink.examples.original.users;

import java.time.Duration;
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A Flink 2 user's job configured through a {@code Configuration}: parallelism, maximum parallelism,
 * the watermark interval and a fixed-delay restart strategy given to {@code getExecutionEnvironment},
 * a checkpoint timeout given to {@code configure}, and a job option of its own read back. Its map fails
 * when it opens on the first attempt, so the job runs again as attempt 1.
 */
public class ConfiguredJob {

    static final ConfigOption<Integer> FIRST = ConfigOptions.key("job.first").intType().defaultValue(1);
    static final ConfigOption<Duration> TIMEOUT = ConfigOptions.key("execution.checkpointing.timeout").durationType()
            .noDefaultValue();

    /** Fails on the first attempt; reports its subtask on the next. */
    static final class Flaky extends RichMapFunction<Long, String> {
        @Override
        public void open(OpenContext openContext) {
            TaskInfo task = getRuntimeContext().getTaskInfo();
            if (task.getAttemptNumber() == 0) {
                throw new IllegalStateException("the first attempt fails");
            }
            System.out.println("open subtask " + (task.getIndexOfThisSubtask() + 1) + " of " + task.getNumberOfParallelSubtasks()
                    + ", attempt " + task.getAttemptNumber() + ", max " + task.getMaxNumberOfParallelSubtasks());
        }

        @Override
        public String map(Long value) {
            return "n " + value;
        }
    }

    public static void main(String[] args) throws Exception {
        Configuration conf = new Configuration();
        conf.set(CoreOptions.DEFAULT_PARALLELISM, 2);
        conf.set(PipelineOptions.MAX_PARALLELISM, 64);
        conf.setString("pipeline.auto-watermark-interval", "50 ms");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 2);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(10));
        conf.set(FIRST, 3);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        Configuration more = new Configuration();
        more.set(TIMEOUT, Duration.ofMinutes(2));
        env.configure(more);
        System.out.println("parallelism " + env.getParallelism() + ", max " + env.getConfig().getMaxParallelism()
                + ", watermarks every " + env.getConfig().getAutoWatermarkInterval() + " ms, checkpoint timeout "
                + more.get(CheckpointingOptions.CHECKPOINTING_TIMEOUT) + ", first " + conf.get(FIRST) + ", "
                + conf.getString("restart-strategy.fixed-delay.delay", "?") + " between attempts");
        env.fromSequence(conf.get(FIRST), 6).map(new Flaky()).name("flaky").print().setParallelism(1);
        env.execute("configured");
    }
}
