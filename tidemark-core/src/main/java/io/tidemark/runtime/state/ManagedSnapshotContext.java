package io.tidemark.runtime.state;

/** Which checkpoint a snapshot belongs to. An API interface in this package, as in Flink. */
public interface ManagedSnapshotContext {

    /** The checkpoint's id: increasing from 1 within a checkpoint directory. */
    long getCheckpointId();

    /** When the checkpoint was triggered (epoch milliseconds of the coordinator's clock). */
    long getCheckpointTimestamp();
}
