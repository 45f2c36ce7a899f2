package io.tidemark.semantics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tidemark.core.execution.JobExecutionException;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.time.ManualClock;
import io.tidemark.util.Collector;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A failing user function fails the job with the original exception, names the operator, and leaves no threads. */
class FailureTest {

    private static void assertNoThreadsOf(String jobName) {
        assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName)
                .noneMatch(n -> n.contains(jobName));
    }

    @Test
    void anExceptionInAUserFunctionFailsTheJobWithTheOriginalCause() {
        String job = "failing-" + UUID.randomUUID();
        IllegalStateException boom = new IllegalStateException("boom");
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        env.addSource(new ScriptedSource<Long>().record(1L).record(2L).record(3L))
                .map(v -> {
                    if (v == 2L) {
                        throw boom;
                    }
                    return v;
                })
                .addSink(new CollectSink<>());
        Throwable t = catchThrowable(() -> env.execute(job));
        assertThat(t).isInstanceOf(JobExecutionException.class).hasCause(boom);
        assertThat(t.getCause()).isSameAs(boom);
        assertThat(t.getMessage()).contains("'Map'").contains("subtask 0");
        assertNoThreadsOf(job);
    }

    /** Timers on a non-keyed stream are unsupported: the job fails with UnsupportedOperationException. */
    @Test
    void timersOnANonKeyedProcessFunctionFailTheJob() {
        String job = "non-keyed-timers-" + UUID.randomUUID();
        StreamExecutionEnvironment env = Sem.perEvent(new ManualClock());
        env.addSource(new ScriptedSource<Long>().record(1L, 1))
                .process(new ProcessFunction<Long, Long>() {
                    @Override
                    public void processElement(Long value, Context ctx, Collector<Long> out) {
                        ctx.timerService().registerEventTimeTimer(10);
                    }
                })
                .addSink(new CollectSink<>());
        Throwable t = catchThrowable(() -> env.execute(job));
        assertThat(t).isInstanceOf(JobExecutionException.class)
                .hasCauseInstanceOf(UnsupportedOperationException.class);
        assertThat(t.getMessage()).contains("'Process'").contains("subtask 0");
        assertNoThreadsOf(job);
    }

    /** An exception thrown by a processing-time timer callback also names the operator that owns the timer. */
    @Test
    void anExceptionInAProcessingTimeTimerNamesItsOperator() {
        String job = "timer-failure-" + UUID.randomUUID();
        IllegalStateException boom = new IllegalStateException("timer boom");
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = Sem.perEvent(clock);
        env.addSource(new ScriptedSource<Long>(clock).record(1L, 1).at(200).record(2L, 2))
                .keyBy(v -> "k")
                .process(new KeyedProcessFunction<String, Long, Long>() {
                    @Override
                    public void processElement(Long value, Context ctx, Collector<Long> out) {
                        ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 100);
                    }

                    @Override
                    public void onTimer(long timestamp, OnTimerContext ctx, Collector<Long> out) {
                        throw boom;
                    }
                })
                .addSink(new CollectSink<>());
        Throwable t = catchThrowable(() -> env.execute(job));
        assertThat(t).isInstanceOf(JobExecutionException.class);
        assertThat(t.getCause()).isSameAs(boom);
        assertThat(t.getMessage()).contains("'KeyedProcess'").contains("subtask 0");
        assertNoThreadsOf(job);
    }
}
