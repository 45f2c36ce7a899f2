package io.tidemark.streaming.api.functions.source;

import io.tidemark.api.common.functions.Function;

/**
 * A source whose input is divided into splits (partitions, files, devices), each with its own
 * timestamps, watermark generator and idleness timer — the way Flink's Kafka source watermarks each
 * partition. Used with {@code env.fromSource(source, watermarkStrategy, name)}.
 *
 * <p>The source's watermark is the minimum over its active splits; an idle split (no record for the
 * strategy's idle timeout) is left out; a finished split no longer counts. When every split is idle
 * the source is idle. Splits are identified by a string and may appear at any time (a new split
 * starts with watermark {@code Long.MIN_VALUE}, so it holds the minimum back until it produces one).
 *
 * <p>With several source subtasks every subtask runs {@link #run}; each should read only the splits it
 * {@link SplitSourceContext#owns owns}.
 */
public interface SplitSourceFunction<T> extends Function {

    void run(SplitSourceContext<T> ctx) throws Exception;

    /** Asks {@link #run} to return soon; called from another thread. */
    void cancel();

    /** Where a split source emits. */
    interface SplitSourceContext<T> {

        int getIndexOfThisSubtask();

        int getNumberOfParallelSubtasks();

        /** Whether this subtask reads {@code split} (splits are spread by the hash of their id). */
        default boolean owns(String split) {
            return Math.floorMod(split.hashCode(), getNumberOfParallelSubtasks()) == getIndexOfThisSubtask();
        }

        /** Emits a record of {@code split}; its timestamp comes from the strategy's assigner. */
        void collect(String split, T element);

        /** Emits a record of {@code split} with a timestamp the assigner receives as the record's own. */
        void collectWithTimestamp(String split, T element, long timestamp);

        /** The split has no more records: it stops holding the watermark back. */
        void splitFinished(String split);

        Object getCheckpointLock();
    }
}
