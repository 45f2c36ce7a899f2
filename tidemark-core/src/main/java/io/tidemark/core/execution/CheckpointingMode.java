package io.tidemark.core.execution;

/** How a checkpoint's barriers are aligned (Flink's {@code CheckpointingMode}). */
public enum CheckpointingMode {
    /**
     * Barriers are aligned at every task with several input channels: a channel whose barrier arrived
     * is held back until every channel's has, so every record is in exactly one checkpoint's state.
     */
    EXACTLY_ONCE,
    /**
     * No alignment: a task snapshots when the last channel's barrier arrives and processes records
     * from the others meanwhile; after a restore such records are replayed and counted again.
     */
    AT_LEAST_ONCE
}
