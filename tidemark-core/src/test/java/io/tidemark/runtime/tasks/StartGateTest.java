package io.tidemark.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.ParallelSourceFunction;
import io.tidemark.testutils.CollectSink;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;

/**
 * No task runs user code before every task thread of the job has started: the thread that starts the
 * job allocates while starting threads, so a source that ran at once (and, say, filled the heap) could
 * fail the caller of {@code execute} instead of the job.
 */
class StartGateTest {

    /** Per job: the sources that have not counted yet (none ends before all have counted). */
    private static final Map<String, CountDownLatch> COUNTING = new ConcurrentHashMap<>();

    /** Emits, once, how many of its job's task threads are alive when its {@code run} begins. */
    static final class CountingSource implements ParallelSourceFunction<Integer> {
        private final String job;

        CountingSource(String job) {
            this.job = job;
        }

        @Override
        public void run(SourceContext<Integer> ctx) throws InterruptedException {
            String prefix = job + ":";
            int alive = 0;
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith(prefix)) {
                    alive++;
                }
            }
            ctx.collect(alive);
            CountDownLatch counting = COUNTING.get(job);
            counting.countDown();
            counting.await(60, TimeUnit.SECONDS); // a bound for a broken engine, not a sleep
        }

        @Override
        public void cancel() {
        }
    }

    @RepeatedTest(5)
    void everyTaskThreadRunsBeforeAnySourceBegins() throws Exception {
        String job = "start-gate-" + System.nanoTime();
        int parallelism = 4;
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        CollectSink<Integer> sink = new CollectSink<>();
        COUNTING.put(job, new CountDownLatch(parallelism));
        env.addSource(new CountingSource(job), "counting source").rebalance().map(v -> v).addSink(sink);
        env.execute(job);
        // 4 source tasks and 4 map-and-sink tasks
        assertThat(sink.values()).hasSize(parallelism).allSatisfy(alive -> assertThat(alive).isGreaterThanOrEqualTo(2 * parallelism));
    }
}
