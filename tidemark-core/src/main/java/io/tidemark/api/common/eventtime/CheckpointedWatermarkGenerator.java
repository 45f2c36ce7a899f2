package io.tidemark.api.common.eventtime;

import java.io.Serializable;

/**
 * Tidemark's extension of Flink's generator: a generator whose progress — what it has seen, such as the
 * largest timestamp — is part of every checkpoint, so that after a restore it emits exactly the
 * watermarks it would have emitted without the failure (Flink restarts generators empty and loses the
 * watermark: FLINK-5601). The built-in generators implement it; so can your own.
 *
 * <p>A generator that does not implement it starts empty after a restore; the watermark it had emitted
 * is restored regardless (it never goes back), so it holds until the generator catches up with it.
 * Both methods are called on the generator's own thread: {@link #snapshotState} between two events,
 * {@link #restoreState} before the first.
 */
public interface CheckpointedWatermarkGenerator<T> extends WatermarkGenerator<T> {

    /**
     * The generator's progress: a value of a type checkpoints write themselves (a {@code Long}, a
     * {@code long[]}, a {@code String}, a list of such) or any {@link Serializable} object.
     */
    Serializable snapshotState();

    /** Continues from what {@link #snapshotState} returned. */
    void restoreState(Serializable state);
}
