package io.tidemark.streaming.api.functions.sink.filesystem;

/** What a rolling policy knows about the part file being written. */
public interface PartFileInfo<BucketID> {

    BucketID getBucketId();

    /** Processing time when the part file was opened. */
    long getCreationTime();

    /** Bytes written so far. */
    long getSize();

    /** Processing time of the last write. */
    long getLastUpdateTime();
}
