package io.tidemark.streaming.api.transformations;

import io.tidemark.api.java.functions.KeySelector;
import java.util.List;

/** How records move to the next operator's subtasks. A virtual node: it computes nothing. */
public final class PartitionTransformation<T> extends Transformation<T> {

    /** The exchange patterns. */
    public enum Partitioning {
        /** Subtask i sends to subtask i (chains when parallelism is equal). */
        FORWARD,
        /** By the hash of the key, so all records of a key meet in one subtask. */
        HASH,
        /** Round robin over the next operator's subtasks. */
        REBALANCE,
        /** Every record to every subtask. */
        BROADCAST
    }

    private final Transformation<T> input;
    private final Partitioning partitioning;
    private final KeySelector<T, ?> keySelector;

    public PartitionTransformation(Transformation<T> input, Partitioning partitioning, KeySelector<T, ?> keySelector) {
        super(partitioning.name().toLowerCase());
        this.input = input;
        this.partitioning = partitioning;
        this.keySelector = keySelector;
    }

    public Transformation<T> getInput() {
        return input;
    }

    public Partitioning getPartitioning() {
        return partitioning;
    }

    public KeySelector<T, ?> getKeySelector() {
        return keySelector;
    }

    @Override
    public List<Transformation<?>> getInputs() {
        return List.of(input);
    }
}
