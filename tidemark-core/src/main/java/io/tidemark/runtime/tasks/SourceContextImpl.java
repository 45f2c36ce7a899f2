package io.tidemark.runtime.tasks;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.metrics.Counter;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.source.LockHoldingOutput;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.runtime.watermarks.WatermarkEmitter;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.time.SystemClock;

/**
 * The context a {@link SourceFunction} emits through. Every call holds the task lock, fires the
 * processing-time timers that are due (so a replay clock advanced by the source takes effect before
 * the record), and then pushes the item down the chain on the source's own thread. Watermarks and idle
 * status go out through a {@link WatermarkEmitter} (monotonic; only changes of status). Every emitted
 * item also advances {@link #progress}, which tells the task's timer thread that the source is busy.
 */
final class SourceContextImpl<T> implements SourceFunction.SourceContext<T>, LockHoldingOutput<T> {

    private final Object lock;
    private final ProcessingTimeService timeService;
    private final Output<T> output;
    private final OperatorMetrics metrics;
    private final WatermarkEmitter emitter;
    /** Items emitted (records, watermarks, status); written by the source thread, read by the timer thread. */
    private final Counter progress = new Counter();
    /** The one record wrapper, re-used for every record (the chain hands it on by reference; buffers copy). */
    private final StreamRecord<T> record = new StreamRecord<>(null);
    /**
     * On the wall clock ({@link SystemClock}) due timers are checked every {@value #TIMER_CHECK_EVERY}
     * records instead of every record (a clock read costs more than a chained operator; every 64
     * records it is well under a nanosecond per record); a due timer waits at most 64 records, or
     * {@code SourceTask.DEFER_TO_BUSY_SOURCE_NANOS} when the source emits slowly, after which the timer
     * thread fires it (as it does while the source waits). Any other clock is checked on every record,
     * so a replay or test clock moved by the source takes effect before the next record.
     */
    static final int TIMER_CHECK_EVERY = 64;
    private final boolean wallClock;
    private int sinceTimerCheck;

    SourceContextImpl(Object lock, ProcessingTimeService timeService, Output<T> output, OperatorMetrics metrics) {
        this.lock = lock;
        this.timeService = timeService;
        this.output = output;
        this.metrics = metrics;
        this.emitter = new WatermarkEmitter(output, metrics);
        this.wallClock = timeService.getClock() == SystemClock.getInstance();
    }

    @Override
    public void collect(T element) {
        synchronized (lock) {
            beforeRecord();
            StreamRecord<T> r = record.replace(element);
            r.eraseTimestamp();
            output.collect(r);
        }
    }

    @Override
    public void collectWithTimestamp(T element, long timestamp) {
        synchronized (lock) {
            collectWithTimestampHoldingLock(element, timestamp);
        }
    }

    @Override
    public void collectWithTimestampHoldingLock(T element, long timestamp) {
        beforeRecord();
        output.collect(record.replace(element, timestamp));
    }

    /** Counted in {@code numLateRecordsSideOutput}, not in {@code numRecordsOut} (the main output's). */
    @Override
    public <X> void collectLateHoldingLock(io.tidemark.util.OutputTag<X> tag, X element, long timestamp) {
        progress.inc();
        metrics.numLateRecordsSideOutput.inc();
        output.collect(tag, new StreamRecord<>(element, timestamp));
    }

    private void beforeRecord() {
        if (!wallClock || ++sinceTimerCheck >= TIMER_CHECK_EVERY) {
            sinceTimerCheck = 0;
            fireTimers();
        }
        progress.inc();
        metrics.numRecordsOut.inc();
        emitter.markActive();
    }

    @Override
    public void emitWatermark(Watermark mark) {
        synchronized (lock) {
            fireTimers();
            emitWatermarkLocked(mark);
        }
    }

    void emitWatermarkLocked(Watermark mark) {
        progress.inc();
        emitter.emitWatermark(mark);
    }

    /** The watermark and idle status emitted so far (for checkpoints; under the lock). */
    io.tidemark.runtime.watermarks.WatermarkState emitted() {
        return emitter.state();
    }

    @Override
    public void markAsTemporarilyIdle() {
        synchronized (lock) {
            fireTimers();
            progress.inc();
            emitter.markIdle();
        }
    }

    @Override
    public Object getCheckpointLock() {
        return lock;
    }

    /** Items this context emitted so far; read by the task's timer thread to tell whether the source is busy. */
    long progress() {
        return progress.get();
    }

    void fireTimers() {
        try {
            timeService.fireDue();
        } catch (Exception e) {
            throw Exceptions.unchecked(e);
        }
    }
}
