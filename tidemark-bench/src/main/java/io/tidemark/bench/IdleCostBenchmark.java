package io.tidemark.bench;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.core.execution.JobClient;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * What a stalled pipeline costs: a parallel keyed window job whose sources have nothing to read sits
 * idle for a few seconds of wall time; prints the CPU time its threads used (periodic watermark checks
 * every 200 ms, idle flushes, timer waits). Asserts nothing.
 */
public final class IdleCostBenchmark {

    private IdleCostBenchmark() {}

    /** Announces its split, then waits without emitting until cancelled. */
    static final class Silent implements SplitSourceFunction<long[]> {
        private transient volatile CountDownLatch stop;

        @Override
        public void run(SplitSourceContext<long[]> ctx) throws InterruptedException {
            stop = new CountDownLatch(1);
            ctx.announceSplit("split-" + ctx.getIndexOfThisSubtask());
            stop.await();
        }

        @Override
        public void cancel() {
            CountDownLatch s = stop;
            if (s != null) {
                s.countDown();
            }
        }
    }

    static final class Discard implements SinkFunction<long[]> {
        @Override
        public void invoke(long[] value, Context context) {}
    }

    public static void main(String[] args) throws Exception {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 5;
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        env.fromSource(new Silent(), WatermarkStrategy.<long[]>forBoundedOutOfOrderness(Duration.ofSeconds(2))
                        .withTimestampAssigner((e, t) -> e[1]).withIdleness(Duration.ofSeconds(1)), "silent")
                .keyBy(e -> e[0])
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .reduce((a, b) -> a)
                .addSink(new Discard());
        JobClient job = env.executeAsync("idle-cost");
        Thread.sleep(1000); // let it settle
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long before = jobCpuNanos(threads);
        long start = System.nanoTime();
        Thread.sleep(seconds * 1000);
        long cpu = jobCpuNanos(threads) - before;
        long wall = System.nanoTime() - start;
        int count = (int) Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("idle-cost")).count();
        job.cancel();
        System.out.printf(Locale.ROOT, "idle job, %d threads, %.1f s of wall time: %.1f ms of CPU (%.3f%% of one core)%n",
                count, wall / 1e9, cpu / 1e6, 100.0 * cpu / wall);
    }

    private static long jobCpuNanos(ThreadMXBean mx) {
        long sum = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("idle-cost")) {
                long c = mx.getThreadCpuTime(t.getId());
                if (c > 0) {
                    sum += c;
                }
            }
        }
        return sum;
    }
}
