package io.tidemark.runtime.source;

import io.tidemark.api.common.eventtime.TimestampAssigner;
import io.tidemark.runtime.operators.sort.EventTimeSortBuffer;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;

/**
 * The {@link SplitSourceFunction.SplitSourceContext} every engine gives a split source: under the
 * source's lock, each record gets its timestamp from its split's assigner, goes out, and only then is
 * seen by its split's generator (as Flink does, so no watermark that accounts for a record can
 * overtake it); with per-event watermarks the split's watermark is emitted right after. A batch
 * ({@link #collectAll}) does the same per record under one lock. With sorting, a split's record waits in
 * the split's reorder buffer between its timestamp and its going out ({@link EventTimeSortBuffer}); a
 * finished split and {@link #endOfInput} empty the buffers. Engines differ
 * only in how a record goes out ({@link RecordOutput}) and how they fire periodic emission.
 */
public final class SplitContext<T> implements SplitSourceFunction.SplitSourceContext<T> {

    /** How an engine sends a timestamped record out of the source. Called holding the lock. */
    public interface RecordOutput<T> {
        void emit(T element, long timestamp);

        /** A record older than the last one out of its split's reorder buffer: to the source's late output. */
        void late(T element, long timestamp);
    }

    private final Object lock;
    private final SplitWatermarks<T> watermarks;
    private final int subtask;
    private final int parallelism;
    private final boolean perEvent;
    private final RecordOutput<T> output;
    /** The split whose reorder buffer is being offered to or flushed (for {@link #released}). */
    private String sorting;
    private final EventTimeSortBuffer.Sink<T> released = (element, timestamp) -> emitAssigned(sorting, element, timestamp);
    private final EventTimeSortBuffer.Sink<T> late;

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
        this.late = output::late;
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
        if (watermarks.alignmentWaits()) {
            awaitAlignment();
        }
        long ts = watermarks.assignTimestamp(split, element, recordTimestamp);
        EventTimeSortBuffer<T> sorter = watermarks.sorter(split);
        if (sorter == null) {
            emitAssigned(split, element, ts);
        } else {
            sorting = split;
            sorter.offer(element, ts, released, late);
        }
    }

    /**
     * Watermark alignment holds this subtask (its watermark is above the group's most allowed): waits,
     * releasing the lock (timers, checkpoints and other threads go on), reporting again and re-reading
     * the group every {@value #ALIGNMENT_POLL_MILLIS} ms, until the group has caught up.
     */
    private void awaitAlignment() {
        try {
            do {
                watermarks.reportWhileWaiting();
                lock.wait(ALIGNMENT_POLL_MILLIS);
            } while (watermarks.alignmentWaits());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for watermark alignment", e);
        }
    }

    /** How often a subtask waiting for alignment looks at its group again. */
    static final long ALIGNMENT_POLL_MILLIS = 10;

    /** The record goes out, then its split's generator sees it (and emits, per event). */
    private void emitAssigned(String split, T element, long ts) {
        output.emit(element, ts);
        watermarks.onEvent(split, element, ts);
        if (perEvent) {
            watermarks.onPeriodicEmit(split);
        }
    }

    /** A finished split first empties its reorder buffer, in order. */
    @Override
    public void splitFinished(String split) {
        synchronized (lock) {
            flush(split);
            watermarks.splitFinished(split);
        }
    }

    /**
     * The input ended: every split's reorder buffer is emptied, split by split in order of appearance,
     * before the engine sends the final watermark. The engine calls it holding the lock.
     */
    public void endOfInput() {
        for (String split : watermarks.sortingSplits()) {
            flush(split);
        }
    }

    private void flush(String split) {
        EventTimeSortBuffer<T> sorter = watermarks.sorter(split);
        if (sorter != null) {
            sorting = split;
            sorter.flush(released);
        }
    }

    @Override
    public Object getCheckpointLock() {
        return lock;
    }
}
