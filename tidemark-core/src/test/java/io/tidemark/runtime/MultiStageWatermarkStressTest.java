package io.tidemark.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.RichSourceFunction;
import io.tidemark.streaming.api.functions.source.ParallelSourceFunction;
import io.tidemark.testutils.CollectSink;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

/**
 * Watermarks relayed stage by stage through several exchanges, with parallel sources that emit
 * records, rising watermarks and (in half the runs) idle marks at random, on many threads. In every
 * subtask of every stage: watermarks never decrease, the final watermark is Long.MAX_VALUE, and every
 * record arrives exactly once. Without idleness no record ever arrives behind a watermark (each source
 * only emits records above its last watermark, and every stage takes the minimum); with idleness that
 * is allowed, because an input that comes back from idle may be behind the others.
 */
class MultiStageWatermarkStressTest {

    static final int PER_SOURCE = 20_000;

    /** Emits increasing timestamps with random watermarks (always below the next record) and idle marks. */
    static final class RandomSource extends RichSourceFunction<long[]> implements ParallelSourceFunction<long[]> {
        private final long seed;
        private final boolean idleMarks;
        private volatile boolean running = true;

        RandomSource(long seed, boolean idleMarks) {
            this.seed = seed;
            this.idleMarks = idleMarks;
        }

        @Override
        public void run(SourceContext<long[]> ctx) {
            int me = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            Random r = new Random(seed + me);
            long ts = r.nextInt(1000);
            for (int i = 0; i < PER_SOURCE && running; i++) {
                ts += r.nextInt(5);
                ctx.collectWithTimestamp(new long[] {me, i, ts, r.nextInt(50)}, ts);
                int dice = r.nextInt(100);
                if (dice < 10) {
                    ctx.emitWatermark(new Watermark(ts - 1));
                } else if (dice == 10 && idleMarks) {
                    ctx.markAsTemporarilyIdle();
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Checks the invariants in every subtask it runs in, and passes records on. */
    static final class Checker extends AbstractStreamOperator<long[], long[]> {
        static final List<String> VIOLATIONS = new CopyOnWriteArrayList<>();
        static final java.util.concurrent.atomic.AtomicLong BEHIND = new java.util.concurrent.atomic.AtomicLong();
        static final Map<String, Long> FINAL_WATERMARKS = new ConcurrentHashMap<>();
        private final String stage;

        Checker(String stage) {
            this.stage = stage;
        }

        @Override
        public void processElement(StreamRecord<long[]> record) {
            if (record.getTimestamp() <= currentWatermark) {
                BEHIND.incrementAndGet();
            }
            output.collect(record);
        }

        @Override
        public void processWatermark(Watermark watermark) throws Exception {
            if (watermark.getTimestamp() <= currentWatermark) {
                VIOLATIONS.add(stage + ": watermark went from " + currentWatermark + " to " + watermark.getTimestamp());
            }
            super.processWatermark(watermark);
            FINAL_WATERMARKS.put(stage + "-" + context.getSubtaskIndex(), currentWatermark);
        }
    }

    @RepeatedTest(4)
    void watermarksRelayThroughEveryStageInOrder(RepetitionInfo repetition) throws Exception {
        boolean idleMarks = repetition.getCurrentRepetition() % 2 == 0;
        Checker.VIOLATIONS.clear();
        Checker.BEHIND.set(0);
        Checker.FINAL_WATERMARKS.clear();
        Random r = new Random();
        int p1 = 1 + r.nextInt(3);
        int p2 = 1 + r.nextInt(3);
        int p3 = 1 + r.nextInt(3);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(p1);
        CollectSink<long[]> sink = new CollectSink<>();
        env.addSource(new RandomSource(r.nextLong(), idleMarks))
                .transform("stage1", () -> new Checker("stage1"))
                .keyBy(v -> v[3])
                .transform("stage2", () -> new Checker("stage2")).setParallelism(p2)
                .rebalance()
                .transform("stage3", () -> new Checker("stage3")).setParallelism(p3)
                .broadcast()
                .transform("stage4", () -> new Checker("stage4")).setParallelism(2)
                .addSink(sink);
        env.execute("relay");
        assertThat(Checker.VIOLATIONS).isEmpty();
        if (!idleMarks) {
            assertThat(Checker.BEHIND.get()).as("records behind a watermark").isZero();
        }
        assertThat(Checker.FINAL_WATERMARKS).hasSize(p1 + p2 + p3 + 2).allSatisfy((k, v) -> assertThat(v).isEqualTo(Long.MAX_VALUE));
        assertThat(sink.values()).hasSize(PER_SOURCE * p1 * 2); // broadcast to the 2 subtasks of stage 4
    }
}
