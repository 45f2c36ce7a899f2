package io.tidemark.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.JobStatus;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import io.tidemark.core.execution.JobExecutionException;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.ParallelSourceFunction;
import io.tidemark.testutils.CollectSink;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A failing user function fails the job with the original exception, named; nothing keeps running. */
class FailureAndCancelTest {

    /** Emits 0, 1, 2, … until cancelled; parallel. Counts down a latch after {@code signalAfter} records. */
    static final class Endless implements ParallelSourceFunction<Long> {
        /** Re-armed by each test that waits for it (parallel copies of the source share it). */
        static volatile CountDownLatch started = new CountDownLatch(1);
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) {
            long i = 0;
            while (running) {
                ctx.collect(i++);
                if (i == 1000) {
                    started.countDown();
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    static final class Boom implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            if (value == 5_000) {
                throw new IllegalStateException("boom at " + value);
            }
            return value;
        }
    }

    private static long threadsOf(String jobName) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(jobName)).count();
    }

    private static String describeThreadsOf(String jobName) {
        StringBuilder sb = new StringBuilder();
        Thread.getAllStackTraces().forEach((t, stack) -> {
            if (t.getName().startsWith(jobName)) {
                sb.append(t.getName()).append(' ').append(t.getState()).append('\n');
                for (StackTraceElement e : stack) {
                    sb.append("    at ").append(e).append('\n');
                }
            }
        });
        return sb.toString();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void aFailingFunctionFailsTheJobWithTheOriginalExceptionAndLeavesNoThreads(int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        env.addSource(new Endless()).rebalance().map(new Boom()).name("exploding map").keyBy(v -> v % 7)
                .map(v -> v).addSink(new CollectSink<>());
        String job = "fails-" + parallelism;
        assertThatThrownBy(() -> env.execute(job))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("exploding map")
                .hasMessageContaining("subtask")
                .cause().isInstanceOf(IllegalStateException.class).hasMessage("boom at 5000");
        assertThat(threadsOf(job)).as(() -> "threads left: " + describeThreadsOf(job)).isZero();
    }

    @Test
    void cancelStopsEveryThreadAndMetricsAreReadableWhileRunning() throws Exception {
        Endless.started = new CountDownLatch(2); // both parallel copies emitted 1000 records
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        env.addSource(new Endless()).name("endless").keyBy(v -> v % 3).map(v -> v).name("keyed map")
                .addSink(new CollectSink<>());
        JobClient client = env.executeAsync("cancel-me");
        assertThat(Endless.started.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(client.getJobStatus()).isEqualTo(JobStatus.RUNNING);
        List<SubtaskMetrics> live = client.getMetrics();
        assertThat(live).extracting(SubtaskMetrics::getOperatorName).contains("endless", "keyed map");
        long sourceOut = live.stream().filter(m -> m.getOperatorName().equals("endless"))
                .mapToLong(m -> m.snapshot().get(SubtaskMetrics.NUM_RECORDS_OUT)).sum();
        assertThat(sourceOut).isGreaterThanOrEqualTo(1000);
        assertThat(live.stream().filter(m -> m.getOperatorName().equals("keyed map")).count()).isEqualTo(2);
        client.cancel();
        assertThat(client.awaitTermination(Duration.ofSeconds(30))).isTrue();
        assertThat(client.getJobStatus()).isEqualTo(JobStatus.CANCELED);
        assertThat(threadsOf("cancel-me")).isZero();
        assertThatThrownBy(client::getJobExecutionResult).isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("cancelled");
    }

    @Test
    void aNonSerializableFunctionIsNamedWhenRunningInParallel() {
        Object notSerializable = new Object();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        env.fromElements(1L, 2L, 3L).map(v -> v + notSerializable.hashCode()).name("captures an Object")
                .addSink(new CollectSink<>());
        assertThatThrownBy(() -> env.execute("not serializable"))
                .hasMessageContaining("captures an Object")
                .hasMessageContaining("serializable");
    }
}
