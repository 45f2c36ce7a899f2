package io.tidemark.runtime.source;

import io.tidemark.api.common.eventtime.TimestampAssigner;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;

/**
 * The {@link SplitSourceFunction.SplitSourceContext} every engine gives a split source: under the
 * source's lock, each record gets its timestamp from its split's assigner, goes out, and only then is
 * seen by its split's generator (as Flink does, so no watermark that accounts for a record can
 * overtake it); with per-event watermarks the split's watermark is emitted right after. A batch
 * ({@link #collectAll}) does the same per record under one lock. Engines differ
 * only in how a record goes out ({@link RecordOutput}) and how they fire periodic emission.
 */
public final class SplitContext<T> implements SplitSourceFunction.SplitSourceContext<T> {

    /** How an engine sends a timestamped record out of the source. Called holding the lock. */
    @FunctionalInterface
    public interface RecordOutput<T> {
        void emit(T element, long timestamp);
    }

    private final Object lock;
    private final SplitWatermarks<T> watermarks;
    private final int subtask;
    private final int parallelism;
    private final boolean perEvent;
    private final RecordOutput<T> output;

    /**
     * @param perEvent whether watermarks are emitted after every record ({@code setPerEventWatermarks})
     */
    public SplitContext(Object lock, SplitWatermarks<T> watermarks, int subtask, int parallelism, boolean perEvent,
            RecordOutput<T> output) {
        this.lock = lock;
        this.watermarks = watermarks;
        this.subtask = subtask;
        this.parallelism = parallelism;
        this.perEvent = perEvent;
        this.output = output;
    }

    @Override
    public int getIndexOfThisSubtask() {
        return subtask;
    }

    @Override
    public int getNumberOfParallelSubtasks() {
        return parallelism;
    }

    @Override
    public void announceSplit(String split) {
        synchronized (lock) {
            watermarks.announce(split);
        }
    }

    @Override
    public void collect(String split, T element) {
        emit(split, element, TimestampAssigner.NO_TIMESTAMP);
    }

    @Override
    public void collectWithTimestamp(String split, T element, long timestamp) {
        emit(split, element, timestamp);
    }

    @Override
    public void collectAll(String split, Iterable<? extends T> elements) {
        synchronized (lock) {
            for (T element : elements) {
                emitHoldingLock(split, element, TimestampAssigner.NO_TIMESTAMP);
            }
        }
    }

    private void emit(String split, T element, long recordTimestamp) {
        synchronized (lock) {
            emitHoldingLock(split, element, recordTimestamp);
        }
    }

    private void emitHoldingLock(String split, T element, long recordTimestamp) {
        long ts = watermarks.assignTimestamp(split, element, recordTimestamp);
        output.emit(element, ts);
        watermarks.onEvent(split, element, ts);
        if (perEvent) {
            watermarks.onPeriodicEmit(split);
        }
    }

    @Override
    public void splitFinished(String split) {
        synchronized (lock) {
            watermarks.splitFinished(split);
        }
    }

    @Override
    public Object getCheckpointLock() {
        return lock;
    }
}
