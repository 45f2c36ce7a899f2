package io.tidemark.runtime;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.core.execution.JobExecutionException;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A program whose job runs out of memory for real, run by {@link FatalErrorTest} in a JVM with a small
 * heap: {@code state} fills the heap with window state (a window that never fires, keeping every
 * element); {@code exhaust} has the source take every last byte of the heap into a static field
 * (memory the engine can never give back) before it throws the {@link OutOfMemoryError}, so that
 * whatever the engine allocates while failing fails too. Prints the failure and exits 3 when
 * {@code execute} throws, as a user program would.
 */
public final class FatalErrorJob {

    static final List<long[]> HOARD = new ArrayList<>();

    /** Emits 0, 1, 2, … with timestamp 0; in {@code exhaust} mode takes the whole heap at record 1000. */
    static final class Flood implements SourceFunction<Long> {
        private final boolean exhaust;
        private volatile boolean running = true;

        Flood(boolean exhaust) {
            this.exhaust = exhaust;
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            long i = 0;
            while (running) {
                if (exhaust && i == 1000) {
                    exhaustHeap();
                }
                ctx.collectWithTimestamp(i++, 0);
            }
        }

        /** Keeps allocating, ever smaller, until not even the smallest array fits; then throws. */
        private static void exhaustHeap() {
            int size = 1 << 20;
            while (true) {
                try {
                    HOARD.add(new long[size]);
                } catch (OutOfMemoryError e) {
                    if (size == 1) {
                        throw e;
                    }
                    size /= 2;
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Keeps every element of a window. */
    static final class KeepAll implements AggregateFunction<Long, List<Long>, Integer> {
        @Override
        public List<Long> createAccumulator() {
            return new ArrayList<>();
        }

        @Override
        public List<Long> add(Long value, List<Long> acc) {
            acc.add(value);
            return acc;
        }

        @Override
        public Integer getResult(List<Long> acc) {
            return acc.size();
        }

        @Override
        public List<Long> merge(List<Long> a, List<Long> b) {
            a.addAll(b);
            return a;
        }
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.addSource(new Flood(args[0].equals("exhaust")), "flood")
                .assignTimestampsAndWatermarks(WatermarkStrategy.noWatermarks())
                .keyBy(v -> v % 4)
                .window(TumblingEventTimeWindows.of(Duration.ofDays(1)))
                .aggregate(new KeepAll())
                .print();
        try {
            env.execute("fatal-" + args[0]);
            System.exit(0);
        } catch (JobExecutionException e) {
            System.err.println("JOB FAILED: " + e.getMessage());
            System.exit(3);
        }
    }
}
