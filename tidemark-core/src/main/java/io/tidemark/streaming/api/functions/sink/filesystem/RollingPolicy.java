package io.tidemark.streaming.api.functions.sink.filesystem;

import java.io.Serializable;

/** When the part file being written is closed and a new one started, as Flink's. */
public interface RollingPolicy<IN, BucketID> extends Serializable {

    /** Whether to roll the open part at a checkpoint (else it stays open, its length kept in the checkpoint). */
    boolean shouldRollOnCheckpoint(PartFileInfo<BucketID> partFileState);

    /** Whether to roll before writing {@code element}. */
    boolean shouldRollOnEvent(PartFileInfo<BucketID> partFileState, IN element);

    /** Whether to roll at processing time {@code currentTime}. */
    boolean shouldRollOnProcessingTime(PartFileInfo<BucketID> partFileState, long currentTime);
}
