package io.tidemark.streaming.api.functions.sink.filesystem;

import java.io.Serializable;

/** Which bucket (sub-directory of the base path) a record goes to, as Flink's. */
public interface BucketAssigner<IN, BucketID> extends Serializable {

    BucketID getBucketId(IN element, Context context);

    /** What the assigner knows besides the record. */
    interface Context {
        long currentProcessingTime();

        long currentWatermark();

        /** The record's timestamp, or null. */
        Long timestamp();
    }
}
