package io.tidemark.streaming.api.functions.source;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.functions.Function;

/**
 * A source that pushes records: {@link #run} emits through its {@link SourceContext} until the input
 * ends (returns) or {@link #cancel} is called. A source that returns from {@code run} is bounded: the
 * engine then sends the final watermark ({@code Long.MAX_VALUE}), which fires every open window.
 */
public interface SourceFunction<T> extends Function {

    void run(SourceContext<T> ctx) throws Exception;

    /** Asks {@link #run} to return soon; called from another thread. */
    void cancel();

    /** Where a source emits. All methods must be called from the thread running {@link #run}. */
    interface SourceContext<T> {
        /** Emits a record without a timestamp (a later timestamp assigner gives it one). */
        void collect(T element);

        /** Emits a record with an event timestamp. */
        void collectWithTimestamp(T element, long timestamp);

        /** Emits a watermark from the source itself (a later timestamp assigner overrides it). */
        void emitWatermark(Watermark mark);

        /** Marks the source idle until it emits again. */
        void markAsTemporarilyIdle();

        /** The lock that the engine holds while it fires timers; hold it to update state atomically. */
        Object getCheckpointLock();

        default void close() {}
    }
}
