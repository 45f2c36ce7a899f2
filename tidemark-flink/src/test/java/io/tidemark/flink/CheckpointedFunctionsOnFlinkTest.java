package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.state.CheckpointListener;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.core.execution.JobClient;
import io.tidemark.runtime.state.FunctionInitializationContext;
import io.tidemark.runtime.state.FunctionSnapshotContext;
import io.tidemark.streaming.api.checkpoint.CheckpointedFunction;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tidemark's checkpoints on Flink: a program that enables checkpoints ({@code env.enableCheckpointing},
 * storage and state-recovery path in {@code env.getCheckpointConfig()}) gets Flink's, and its
 * checkpoint hooks are Flink's: a source that is a {@code CheckpointedFunction} (its count in
 * operator {@code ListState}, as in docs/checkpoints.md) and a split source with split state, each
 * paused half-way, checkpointed there, cancelled, and started again from the checkpoint, go on from
 * where they were (the second run emits exactly the second half); a sink that is a
 * {@code CheckpointListener} hears checkpoints complete. The functions run in this JVM's MiniCluster,
 * so the test talks to them through static fields.
 */
class CheckpointedFunctionsOnFlinkTest {

    static final int N = 200;
    static final CountDownLatch HALF = new CountDownLatch(2);
    static volatile boolean released;
    static final Queue<String> SEEN = new ConcurrentLinkedQueue<>();
    static final AtomicLong COMPLETED = new AtomicLong();

    /** Waits, outside the checkpoint lock, until the test releases the second half. */
    static void holdAtHalf(long next, java.util.function.BooleanSupplier running) {
        if (next == N / 2 && !released) {
            HALF.countDown();
            while (running.getAsBoolean() && !released) {
                LockSupport.parkNanos(1_000_000L); // a gate the test opens, not a wait for the engine
            }
        }
    }

    static final class Counting implements SourceFunction<Long>, CheckpointedFunction {
        private transient ListState<Long> state;
        private long next;
        private volatile boolean running = true;

        @Override
        public void initializeState(FunctionInitializationContext ctx) throws Exception {
            state = ctx.getOperatorStateStore().getListState(new ListStateDescriptor<>("next", Long.class));
            for (Long n : state.get()) {
                next = n;
            }
        }

        @Override
        public void snapshotState(FunctionSnapshotContext ctx) throws Exception {
            state.update(List.of(next));
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            while (running && next < N) {
                holdAtHalf(next, () -> running);
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

    static final class Positions implements SplitSourceFunction<Long> {
        private long next;
        private volatile boolean running = true;

        @Override
        public Map<String, ? extends Serializable> snapshotSplitState() {
            return Map.of("s", next);
        }

        @Override
        public void restoreSplitState(Map<String, ? extends Serializable> state) {
            next = (Long) state.get("s");
        }

        @Override
        public void run(SplitSourceContext<Long> ctx) {
            while (running && next < N) {
                holdAtHalf(next, () -> running);
                synchronized (ctx.getCheckpointLock()) {
                    ctx.collectWithTimestamp("s", next, next);
                    next++;
                }
            }
            ctx.splitFinished("s");
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    static final class Seen implements SinkFunction<String>, CheckpointListener {
        @Override
        public void invoke(String value, Context context) {
            SEEN.add(value);
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            COMPLETED.incrementAndGet();
        }
    }

    /** The job, with checkpoints as a Tidemark program asks for them: every 50 ms into {@code dir}, resuming from there. */
    static StreamExecutionEnvironment job(Path dir) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        env.enableCheckpointing(50);
        env.getCheckpointConfig().setCheckpointStorage(dir.toString()).setStateRecoveryPath(dir.toString());
        env.addSource(new Counting()).uid("counting").map(n -> "counting:" + n)
                .union(env.fromSource(new Positions(), WatermarkStrategy.<Long>forMonotonousTimestamps(), "positions").uid("positions")
                        .map(n -> "positions:" + n))
                .addSink(new Seen());
        return env;
    }

    static List<String> expected(int from) {
        return LongStream.range(from, N).boxed().flatMap(n -> java.util.stream.Stream.of("counting:" + n, "positions:" + n))
                .sorted().collect(Collectors.toList());
    }

    /** The number {@code n} of the latest complete {@code chk-<n>} under {@code dir}, 0 before the first. */
    static long latestNumber(Path dir) {
        return FlinkCheckpointing.latest(dir).map(p -> Long.parseLong(p.getFileName().toString().substring("chk-".length())))
                .orElse(0L);
    }

    @Test
    void sourcesWithOperatorAndSplitStateResumeFromTheCheckpoint(@TempDir Path dir) throws Exception {
        FlinkRunner.Options options = SharedMiniCluster.options(); // the checkpoints are the program's own
        StreamExecutionEnvironment first = job(dir);
        first.setExecutor(FlinkRunner.executor(options));
        JobClient running = first.executeAsync("first half");
        assertThat(HALF.await(60, TimeUnit.SECONDS)).as("both sources reached half-way").isTrue();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (SEEN.size() < N) {
            assertThat(System.nanoTime()).as("the first half reached the sink").isLessThan(deadline);
            LockSupport.parkNanos(5_000_000L);
        }
        // At most one checkpoint is in flight at a time, so the one after the next was triggered after
        // both sources stopped half-way: its positions are exactly N / 2.
        long wanted = latestNumber(dir) + 2;
        while (latestNumber(dir) < wanted || COMPLETED.get() == 0) {
            assertThat(System.nanoTime()).as("a checkpoint taken while both sources wait half-way").isLessThan(deadline);
            LockSupport.parkNanos(5_000_000L);
        }
        running.cancel();
        assertThat(SEEN.stream().sorted().collect(Collectors.toList())).isEqualTo(
                LongStream.range(0, N / 2).boxed().flatMap(n -> java.util.stream.Stream.of("counting:" + n, "positions:" + n))
                        .sorted().collect(Collectors.toList()));

        SEEN.clear();
        released = true;
        FlinkRunner.execute(job(dir), "second half", options);
        assertThat(SEEN.stream().sorted().collect(Collectors.toList())).as("the second run goes on from the checkpoint")
                .isEqualTo(expected(N / 2));
    }
}
