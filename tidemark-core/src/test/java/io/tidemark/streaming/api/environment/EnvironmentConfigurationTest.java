package io.tidemark.streaming.api.environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichMapFunction;
import io.tidemark.configuration.CheckpointingOptions;
import io.tidemark.configuration.Configuration;
import io.tidemark.configuration.CoreOptions;
import io.tidemark.configuration.PipelineOptions;
import io.tidemark.configuration.RestartStrategyOptions;
import io.tidemark.core.execution.CheckpointingMode;
import io.tidemark.core.execution.JobExecutionException;
import io.tidemark.runtime.state.hashmap.HashMapStateBackend;
import io.tidemark.testutils.CollectSink;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flink's configuration keys applied to an environment, the warning for the others, and restarts. */
class EnvironmentConfigurationTest {

    @TempDir
    Path dir;

    @Test
    void everyHonouredKeyChangesItsSetting() {
        Configuration conf = Configuration.fromMap(Map.of("parallelism.default", "3", "pipeline.auto-watermark-interval", "50 ms",
                "pipeline.max-parallelism", "64", "execution.checkpointing.interval", "2 s", "execution.checkpointing.mode",
                "AT_LEAST_ONCE", "execution.checkpointing.dir", dir.toString(), "execution.checkpointing.timeout", "1 min",
                "execution.checkpointing.max-concurrent-checkpoints", "2", "state.backend.type", "hashmap"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        assertThat(env.getParallelism()).isEqualTo(3);
        assertThat(env.getConfig().getAutoWatermarkInterval()).isEqualTo(50);
        assertThat(env.getConfig().getMaxParallelism()).isEqualTo(64);
        CheckpointConfig c = env.getCheckpointConfig();
        assertThat(c.getCheckpointInterval()).isEqualTo(2000);
        assertThat(c.getCheckpointingConsistencyMode()).isEqualTo(CheckpointingMode.AT_LEAST_ONCE);
        assertThat(c.getCheckpointStorage()).isEqualTo(dir.toString());
        assertThat(c.getCheckpointTimeout()).isEqualTo(60_000);
        assertThat(c.getMaxConcurrentCheckpoints()).isEqualTo(2);
        assertThat(env.getStateBackend()).isInstanceOf(HashMapStateBackend.class);
        assertThat(env.getConfiguration().toMap()).containsEntry("parallelism.default", "3");
    }

    @Test
    void configureLeavesWhatItDoesNotSet() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(4);
        Configuration conf = new Configuration();
        conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO);
        env.configure(conf);
        assertThat(env.getParallelism()).isEqualTo(4);
        assertThat(env.getConfig().getAutoWatermarkInterval()).isZero();
        assertThat(env.getCheckpointConfig().isCheckpointingEnabled()).isFalse();
    }

    @Test
    void aBadValueFailsNamingItsKey() {
        assertThatThrownBy(() -> StreamExecutionEnvironment.getExecutionEnvironment(
                Configuration.fromMap(Map.of("parallelism.default", "many")))).hasMessageContaining("parallelism.default");
        assertThatThrownBy(() -> StreamExecutionEnvironment.getExecutionEnvironment(
                Configuration.fromMap(Map.of("parallelism.default", "0")))).hasMessageContaining("parallelism.default");
        assertThatThrownBy(() -> StreamExecutionEnvironment.getExecutionEnvironment(
                Configuration.fromMap(Map.of("restart-strategy.type", "sometimes")))).hasMessageContaining("restart-strategy.type");
    }

    @Test
    void keysNotHonouredAreListedOnceInAWarning() throws Exception {
        Configuration conf = Configuration.fromMap(Map.of("parallelism.default", "2"));
        conf.setString("taskmanager.memory.process.size", "1 gb");
        conf.setString("my.job.threshold", "7");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "exponential-delay");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        CollectSink<Long> sink = new CollectSink<>();
        env.fromSequence(1, 4).addSink(sink);
        List<String> warnings = stderrOf(() -> env.execute("warned")).stream().filter(l -> l.contains("does not honour")).toList();
        assertThat(warnings).containsExactly("tidemark: job 'warned': the embedded engine does not honour these configuration keys "
                + "(ignored): taskmanager.memory.process.size, my.job.threshold, restart-strategy.type=exponential-delay");
        assertThat(sink.values()).containsExactlyInAnyOrder(1L, 2L, 3L, 4L);
    }

    /** Fails in {@code open} on every attempt before {@code succeedAt}; tags records with the attempt. */
    static final class FailsUntil extends RichMapFunction<Long, String> {
        private final int succeedAt;

        FailsUntil(int succeedAt) {
            this.succeedAt = succeedAt;
        }

        @Override
        public void open(OpenContext ctx) {
            if (getRuntimeContext().getTaskInfo().getAttemptNumber() < succeedAt) {
                throw new IllegalStateException("attempt " + getRuntimeContext().getTaskInfo().getAttemptNumber() + " fails");
            }
        }

        @Override
        public String map(Long v) {
            return v + "@" + getRuntimeContext().getTaskInfo().getAttemptNumber();
        }
    }

    private static StreamExecutionEnvironment restarting(int attempts) {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, attempts);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ZERO);
        conf.set(CoreOptions.DEFAULT_PARALLELISM, 2);
        return StreamExecutionEnvironment.getExecutionEnvironment(conf);
    }

    @Test
    void fixedDelayRestartsTheJobAsItsNextAttempt() throws Exception {
        StreamExecutionEnvironment env = restarting(2);
        CollectSink<String> sink = new CollectSink<>();
        env.fromSequence(1, 4).map(new FailsUntil(2)).addSink(sink);
        stderrOf(() -> env.execute("restarts"));
        assertThat(sink.values()).containsExactlyInAnyOrder("1@2", "2@2", "3@2", "4@2");
    }

    @Test
    void fixedDelayRestartsFromTheCheckpointDirectory() throws Exception {
        StreamExecutionEnvironment env = restarting(1);
        env.configure(Configuration.fromMap(Map.of(CheckpointingOptions.CHECKPOINTING_INTERVAL.key(), "1 h",
                CheckpointingOptions.CHECKPOINTS_DIRECTORY.key(), dir.toString())));
        CollectSink<String> sink = new CollectSink<>();
        env.fromSequence(1, 4).map(new FailsUntil(1)).addSink(sink);
        stderrOf(() -> env.execute("restarts with checkpoints"));
        assertThat(sink.values()).containsExactlyInAnyOrder("1@1", "2@1", "3@1", "4@1");
    }

    /**
     * Emits 1 to 10, its position in checkpoints; on the first attempt it waits after 5 until a
     * checkpoint (holding position 5) completed.
     */
    static final class CheckpointedNumbers extends io.tidemark.streaming.api.functions.source.RichSourceFunction<Long>
            implements io.tidemark.streaming.api.checkpoint.CheckpointedFunction, io.tidemark.api.common.state.CheckpointListener {
        private transient io.tidemark.api.common.state.ListState<Long> state;
        private transient long next;
        private transient volatile boolean checkpointed;
        private volatile boolean running = true;

        @Override
        public void initializeState(io.tidemark.runtime.state.FunctionInitializationContext context) throws Exception {
            state = context.getOperatorStateStore().getListState(
                    new io.tidemark.api.common.state.ListStateDescriptor<>("next", Long.class));
            next = 1;
            for (Long n : state.get()) {
                next = n;
            }
        }

        @Override
        public void snapshotState(io.tidemark.runtime.state.FunctionSnapshotContext context) throws Exception {
            state.clear();
            state.add(next);
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            checkpointed = true;
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            while (running && next <= 10) {
                if (next == 6 && getRuntimeContext().getTaskInfo().getAttemptNumber() == 0 && !checkpointed) {
                    Thread.onSpinWait(); // until a checkpoint holding position 6 completed
                    continue;
                }
                synchronized (ctx.getCheckpointLock()) {
                    ctx.collect(next++);
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Fails at 6 (the first number after the checkpoint) on the first attempt. */
    static final class FailsAtSix extends RichMapFunction<Long, Long> {
        @Override
        public Long map(Long v) {
            if (v == 6 && getRuntimeContext().getTaskInfo().getAttemptNumber() == 0) {
                throw new IllegalStateException("six");
            }
            return v;
        }
    }

    /**
     * The restart resumes from the checkpoint taken after 5: every number comes once (a restart from
     * the beginning would bring 1 to 5 twice).
     */
    @Test
    void aRestartResumesFromTheLatestCheckpoint() throws Exception {
        StreamExecutionEnvironment env = restarting(1);
        env.setParallelism(1);
        env.configure(Configuration.fromMap(Map.of(CheckpointingOptions.CHECKPOINTING_INTERVAL.key(), "20 ms",
                CheckpointingOptions.CHECKPOINTS_DIRECTORY.key(), dir.toString())));
        CollectSink<Long> sink = new CollectSink<>();
        env.addSource(new CheckpointedNumbers()).map(new FailsAtSix()).addSink(sink);
        stderrOf(() -> env.execute("resumes"));
        assertThat(sink.values()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
    }

    @Test
    void afterTheLastAttemptAFailureFailsTheJob() {
        StreamExecutionEnvironment env = restarting(1);
        env.fromSequence(1, 4).map(new FailsUntil(2)).addSink(new CollectSink<>());
        assertThatThrownBy(() -> stderrOf(() -> env.execute("gives up"))).isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("attempt 1 fails");
    }

    interface Run {
        void run() throws Exception;
    }

    private static List<String> stderrOf(Run run) throws Exception {
        PrintStream before = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            run.run();
        } finally {
            System.setErr(before);
        }
        return Arrays.asList(bytes.toString(StandardCharsets.UTF_8).split("\n"));
    }
}
