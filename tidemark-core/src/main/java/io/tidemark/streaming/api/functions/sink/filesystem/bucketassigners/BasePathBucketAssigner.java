package io.tidemark.streaming.api.functions.sink.filesystem.bucketassigners;

import io.tidemark.streaming.api.functions.sink.filesystem.BucketAssigner;

/** Every record in the base path itself (no sub-directories), as Flink's. */
public class BasePathBucketAssigner<T> implements BucketAssigner<T, String> {

    private static final long serialVersionUID = 1L;

    @Override
    public String getBucketId(T element, Context context) {
        return "";
    }
}
