package io.tidemark.connector.kafka.source;

import io.tidemark.api.common.state.CheckpointListener;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.connector.kafka.source.enumerator.subscriber.KafkaSubscriber;
import io.tidemark.connector.kafka.source.reader.KafkaSourceReader;
import io.tidemark.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import io.tidemark.connector.kafka.source.split.KafkaPartitionSplit;
import io.tidemark.runtime.state.FunctionInitializationContext;
import io.tidemark.runtime.state.FunctionSnapshotContext;
import io.tidemark.streaming.api.checkpoint.CheckpointedFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Reads Kafka topics, with Flink's names: built with {@link #builder()} and used through
 * {@code env.fromSource(source, watermarkStrategy, name)}. Each partition is a split with its own
 * timestamp assigner, watermark generator and idleness timer; the source's watermark is the minimum
 * over its active partitions. A record's timestamp is the Kafka record's timestamp unless the
 * strategy's assigner takes it from the record.
 *
 * <p>Partitions are spread over the source's subtasks as Flink spreads them (per topic, round robin
 * from a start that depends on the topic's name). An unbounded source looks for new partitions every
 * {@code partition.discovery.interval.ms} (default 5 minutes) and reads a new one from its earliest
 * offset; a new partition holds the watermark back from the moment it is found.
 * A bounded source ({@code setBounded}) stops each partition at its stopping offset and ends when every
 * partition has.
 *
 * <p>With a group id the offsets of emitted records are committed to the group every
 * {@code commit.offsets.interval.ms} (default 5 s), at the end of a bounded input and on
 * cancel (so lag tools see the job), and kept per partition as split state
 * ({@link #snapshotSplitState}). When the job takes checkpoints, as in Flink, the offsets a checkpoint
 * holds are committed when it completes ({@link #notifyCheckpointComplete}), no longer every interval;
 * a restore starts each partition at the checkpoint's offset, not at the group's.
 */
public final class KafkaSource<OUT> implements SplitSourceFunction<OUT>, CheckpointedFunction, CheckpointListener {

    private static final long serialVersionUID = 1L;

    private final KafkaSubscriber subscriber;
    private final OffsetsInitializer startingOffsets;
    /** Null for an unbounded source. */
    private final OffsetsInitializer stoppingOffsets;
    private final KafkaRecordDeserializationSchema<OUT> deserializer;
    private final Properties properties;
    private HashMap<String, KafkaPartitionSplit> restored;

    private transient volatile KafkaSourceReader<OUT> reader;
    /** The split state of each checkpoint taken and not completed yet, by checkpoint id. */
    private transient java.util.TreeMap<Long, Map<String, KafkaPartitionSplit>> checkpoints;
    private transient volatile boolean cancelled;

    KafkaSource(KafkaSubscriber subscriber, OffsetsInitializer startingOffsets, OffsetsInitializer stoppingOffsets,
            KafkaRecordDeserializationSchema<OUT> deserializer, Properties properties) {
        this.subscriber = subscriber;
        this.startingOffsets = startingOffsets;
        this.stoppingOffsets = stoppingOffsets;
        this.deserializer = deserializer;
        this.properties = properties;
    }

    public static <OUT> KafkaSourceBuilder<OUT> builder() {
        return new KafkaSourceBuilder<>();
    }

    @Override
    public void run(SplitSourceContext<OUT> ctx) throws Exception {
        KafkaSourceReader<OUT> r = new KafkaSourceReader<>(subscriber, startingOffsets, stoppingOffsets, deserializer,
                properties, restored == null ? Map.of() : restored, ctx);
        reader = r;
        if (cancelled) {
            return;
        }
        r.run();
    }

    @Override
    public void cancel() {
        cancelled = true;
        KafkaSourceReader<OUT> r = reader;
        if (r != null) {
            r.cancel();
        }
    }

    /** Watermark alignment pauses and resumes partitions (the consumer's pause and resume, at the next poll). */
    @Override
    public void pauseOrResumeSplits(java.util.Collection<String> splitsToPause, java.util.Collection<String> splitsToResume) {
        KafkaSourceReader<OUT> r = reader;
        if (r != null) {
            r.pauseOrResumeSplits(splitsToPause, splitsToResume);
        }
    }

    /**
     * Each partition this subtask reads, with the offset of its next record. Before {@link #run} has
     * made its reader, the restored positions as they were (nothing read since): a checkpoint taken
     * that early must not lose them, or the next restore would read the topic from its starting offsets
     * again.
     */
    @Override
    public Map<String, KafkaPartitionSplit> snapshotSplitState() {
        KafkaSourceReader<OUT> r = reader;
        if (r != null) {
            return r.snapshotState();
        }
        return restored == null ? Map.of() : Map.copyOf(restored);
    }

    @Override
    public void restoreSplitState(Map<String, ? extends Serializable> state) {
        HashMap<String, KafkaPartitionSplit> splits = new HashMap<>();
        for (Map.Entry<String, ? extends Serializable> e : state.entrySet()) {
            if (!(e.getValue() instanceof KafkaPartitionSplit)) {
                throw new IllegalArgumentException("split " + e.getKey() + ": not a Kafka partition split: " + e.getValue());
            }
            splits.put(e.getKey(), (KafkaPartitionSplit) e.getValue());
        }
        restored = splits;
    }

    /**
     * The subtask that reads a partition, by Flink's assignment ({@link KafkaSourceReader#owner}): a
     * checkpoint restored at another parallelism gives each partition's offset to it.
     */
    @Override
    public int ownerOf(String split, int parallelism) {
        int dash = split.lastIndexOf('-');
        return KafkaSourceReader.owner(new org.apache.kafka.common.TopicPartition(split.substring(0, dash),
                Integer.parseInt(split.substring(dash + 1))), parallelism);
    }

    /** Nothing to register: the partitions' positions are split state ({@link #restoreSplitState}). */
    @Override
    public void initializeState(FunctionInitializationContext context) {}

    /** Keeps this checkpoint's positions, to commit them when it completes (called holding the checkpoint lock). */
    @Override
    public synchronized void snapshotState(FunctionSnapshotContext context) {
        if (checkpoints == null) {
            checkpoints = new java.util.TreeMap<>();
        }
        checkpoints.put(context.getCheckpointId(), snapshotSplitState());
        KafkaSourceReader<OUT> r = reader;
        if (r != null) {
            r.checkpointing();
        }
    }

    /** Commits the completed checkpoint's offsets to the group (earlier pending checkpoints are subsumed). */
    @Override
    public synchronized void notifyCheckpointComplete(long checkpointId) {
        if (checkpoints == null) {
            return;
        }
        Map<String, KafkaPartitionSplit> splits = checkpoints.get(checkpointId);
        checkpoints.headMap(checkpointId, true).clear();
        KafkaSourceReader<OUT> r = reader;
        if (splits != null && r != null) {
            r.commitCheckpoint(splits);
        }
    }

    public KafkaSubscriber getKafkaSubscriber() {
        return subscriber;
    }

    public OffsetsInitializer getStartingOffsetsInitializer() {
        return startingOffsets;
    }

    /** The stopping offsets of a bounded source, or null. */
    public OffsetsInitializer getStoppingOffsetsInitializer() {
        return stoppingOffsets;
    }

    public boolean isBounded() {
        return stoppingOffsets != null;
    }

    public KafkaRecordDeserializationSchema<OUT> getDeserializer() {
        return deserializer;
    }

    /** The consumer properties and source options, as given to the builder (a copy). */
    public Properties getProperties() {
        Properties p = new Properties();
        p.putAll(properties);
        return p;
    }

    @Override
    public String toString() {
        return "KafkaSource(" + subscriber + ", from " + startingOffsets
                + (stoppingOffsets == null ? "" : ", to " + stoppingOffsets) + ")";
    }
}
