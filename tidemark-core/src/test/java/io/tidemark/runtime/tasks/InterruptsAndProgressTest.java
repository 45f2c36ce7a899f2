package io.tidemark.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.operators.Input;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.time.ManualClock;
import io.tidemark.util.OutputTag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An interrupt that has to cross the chain's unchecked interfaces keeps the thread's interrupt flag
 * set (so a cancelled task sees it was interrupted); the source's busy signal for the timer thread is
 * its own count of emitted items, not a metric.
 */
class InterruptsAndProgressTest {

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    /** A consumer whose hand-over is interrupted (a full exchange queue when the task is cancelled). */
    static final class InterruptedConsumer implements Input<String> {
        @Override
        public void processElement(StreamRecord<String> record) throws InterruptedException {
            throw new InterruptedException("hand-over interrupted");
        }

        @Override
        public void processWatermark(Watermark watermark) throws InterruptedException {
            throw new InterruptedException("hand-over interrupted");
        }

        @Override
        public void processWatermarkStatus(WatermarkStatus status) {}

        @Override
        public void endInput() {}
    }

    @Test
    void routingOutputKeepsTheInterrupt() {
        RoutingOutput<String> out = new RoutingOutput<>();
        out.addMain(new InterruptedConsumer());
        assertThatThrownBy(() -> out.collect(new StreamRecord<>("a"))).hasCauseInstanceOf(InterruptedException.class);
        assertThat(Thread.interrupted()).as("interrupt flag after collect").isTrue();
        assertThatThrownBy(() -> out.emitWatermark(new Watermark(1))).hasCauseInstanceOf(InterruptedException.class);
        assertThat(Thread.interrupted()).as("interrupt flag after emitWatermark").isTrue();
    }

    @Test
    void sourceContextKeepsTheInterruptOfATimer() {
        ManualClock clock = new ManualClock(0);
        ProcessingTimeService timers = new ProcessingTimeService(clock);
        timers.registerTimer(10, time -> {
            throw new InterruptedException("timer interrupted");
        });
        SourceContextImpl<String> ctx = new SourceContextImpl<>(new Object(), timers, new Discard(), metrics(clock));
        clock.advanceTo(10);
        assertThatThrownBy(() -> ctx.collect("a")).hasCauseInstanceOf(InterruptedException.class);
        assertThat(Thread.interrupted()).isTrue();
    }

    /** A source that only emits watermarks (and idle marks) is busy too; the records metric does not move. */
    @Test
    void everyEmittedItemIsProgress() {
        ManualClock clock = new ManualClock(0);
        OperatorMetrics metrics = metrics(clock);
        SourceContextImpl<String> ctx = new SourceContextImpl<>(new Object(), new ProcessingTimeService(clock),
                new Discard(), metrics);
        ctx.emitWatermark(new Watermark(1));
        ctx.emitWatermark(new Watermark(2));
        ctx.markAsTemporarilyIdle();
        assertThat(ctx.progress()).isEqualTo(3);
        assertThat(metrics.numRecordsOut.get()).isZero();
        ctx.collect("a");
        assertThat(ctx.progress()).isEqualTo(4);
        assertThat(metrics.numRecordsOut.get()).isEqualTo(1);
    }

    private static OperatorMetrics metrics(ManualClock clock) {
        return new OperatorMetrics("source", 0, clock);
    }

    static final class Discard implements Output<String> {
        @Override
        public void collect(StreamRecord<String> record) {}

        @Override
        public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {}

        @Override
        public void emitWatermark(Watermark watermark) {}

        @Override
        public void emitWatermarkStatus(WatermarkStatus status) {}

        @Override
        public void endInput() {}
    }
}
