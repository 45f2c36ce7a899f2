package io.tidemark.streaming.api.functions.source;

import io.tidemark.api.common.functions.Function;
import java.io.Serializable;
import java.util.Map;

/**
 * A source whose input is divided into splits (partitions, files, devices), each with its own
 * timestamps, watermark generator and idleness timer — the way Flink's Kafka source watermarks each
 * partition. Used with {@code env.fromSource(source, watermarkStrategy, name)}.
 *
 * <p>The source's watermark is the minimum over its active splits; an idle split (no record for the
 * strategy's idle timeout) is left out; a finished split no longer counts. When every split is idle
 * the source is idle. Splits are identified by a string; announce the ones known up front. A split
 * that first appears later starts with watermark {@code Long.MIN_VALUE} and holds the minimum from
 * then on, but cannot take back a watermark already emitted (like a newly discovered Kafka partition).
 *
 * <p>With several source subtasks every subtask runs {@link #run}; each should read only the splits it
 * {@link SplitSourceContext#owns owns}.
 *
 * <p>A source that reads from a position (a Kafka offset, a file offset) keeps it per split as split
 * state: {@link #snapshotSplitState} and {@link #restoreSplitState} are what a checkpoint will store
 * and restore.
 */
public interface SplitSourceFunction<T> extends Function {

    void run(SplitSourceContext<T> ctx) throws Exception;

    /** Asks {@link #run} to return soon; called from another thread. */
    void cancel();

    /**
     * The state of every split this subtask reads (for a Kafka partition: the offset of the next
     * record), consistent with the records emitted so far when called holding the
     * {@link SplitSourceContext#getCheckpointLock checkpoint lock}: what a checkpoint stores for this
     * subtask. Empty, by default, for a source that keeps no position (a restore starts it over).
     * Called also before {@link #run} has started (a checkpoint right after a restore): it must then
     * return the state {@link #restoreSplitState} gave, not nothing.
     */
    default Map<String, ? extends Serializable> snapshotSplitState() {
        return Map.of();
    }

    /**
     * Called before {@link #run} with what {@link #snapshotSplitState} returned, so that each split
     * resumes where the snapshot was taken; a split not in {@code state} starts as new. Ignored by
     * default.
     */
    default void restoreSplitState(Map<String, ? extends Serializable> state) {}

    /**
     * The subtask of {@code parallelism} that reads {@code split}; a checkpoint restored at another
     * parallelism gives each split's state to it. By default by the hash of its id, as
     * {@link SplitSourceContext#owns}: a source that assigns splits otherwise overrides both.
     */
    default int ownerOf(String split, int parallelism) {
        return Math.floorMod(split.hashCode(), parallelism);
    }

    /**
     * Watermark alignment (Flink's {@code SourceReader.pauseOrResumeSplits}): stop reading the splits in
     * {@code splitsToPause} and read again those in {@code splitsToResume}. Called holding the checkpoint
     * lock, from the source's thread or its timer thread: apply the change on the reading thread (a
     * paused split's records already read may still be emitted). Only called while a subtask reads
     * several splits; a source that cannot pause splits keeps the default, which throws, and then works
     * with alignment only at one split per subtask.
     */
    default void pauseOrResumeSplits(java.util.Collection<String> splitsToPause, java.util.Collection<String> splitsToResume) {
        throw new UnsupportedOperationException(getClass().getName() + " cannot pause splits");
    }

    /** Where a split source emits. */
    interface SplitSourceContext<T> {

        int getIndexOfThisSubtask();

        int getNumberOfParallelSubtasks();

        /** Whether this subtask reads {@code split} (splits are spread by the hash of their id). */
        default boolean owns(String split) {
            return Math.floorMod(split.hashCode(), getNumberOfParallelSubtasks()) == getIndexOfThisSubtask();
        }

        /**
         * Announces a split this subtask will read before it has records. Until then an unknown split
         * cannot hold the watermark back; an announced split holds it at {@code Long.MIN_VALUE} until
         * its generator emits. Sources that know their splits up front (files, Kafka partitions)
         * should announce them all before emitting. (A runner that cannot track splits ahead of their
         * first record may ignore the call.)
         */
        default void announceSplit(String split) {}

        /** Emits a record of {@code split}; its timestamp comes from the strategy's assigner. */
        void collect(String split, T element);

        /**
         * Emits records of {@code split} in order, exactly as one {@link #collect} per record would
         * (same timestamps, watermarks and per-record watermark emission), but takes the checkpoint
         * lock once for the batch instead of once per record: for sources that read in chunks
         * (buffers, polls, pages), where the per-record lock is a measurable part of the cost.
         *
         * <p>The lock is held for the whole batch: processing-time timers that fall due meanwhile
         * (periodic watermarks, idleness) fire between records on the source's own thread, and
         * anything else waiting for the lock waits for the batch. Keep batches short (tens to a few
         * thousand records) and never block while producing one.
         */
        default void collectAll(String split, Iterable<? extends T> elements) {
            for (T element : elements) {
                collect(split, element);
            }
        }

        /** Emits a record of {@code split} with a timestamp the assigner receives as the record's own. */
        void collectWithTimestamp(String split, T element, long timestamp);

        /** The split has no more records: it stops holding the watermark back. */
        void splitFinished(String split);

        Object getCheckpointLock();
    }
}
