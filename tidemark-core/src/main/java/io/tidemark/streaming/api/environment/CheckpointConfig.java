package io.tidemark.streaming.api.environment;

import io.tidemark.core.execution.CheckpointingMode;
import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * A job's checkpoint settings (Flink's {@code CheckpointConfig}; Flink's configuration keys in
 * brackets). Off until an interval is set ({@code env.enableCheckpointing(interval)}). Every setting
 * and its consequences: docs/checkpoints.md.
 */
public class CheckpointConfig implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Flink's default checkpoint timeout: 10 minutes. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

    private long interval = -1;
    private CheckpointingMode mode = CheckpointingMode.EXACTLY_ONCE;
    private String storage;
    private long timeout = DEFAULT_TIMEOUT.toMillis();
    private int numRetained = 1;
    private int tolerableFailures;
    private String recoveryPath;
    private int maxConcurrent = 1;

    /** Whether checkpoints are taken: an interval was set. */
    public boolean isCheckpointingEnabled() {
        return interval > 0;
    }

    /** Milliseconds between the start of one checkpoint and the next ({@code execution.checkpointing.interval}). */
    public CheckpointConfig setCheckpointInterval(long millis) {
        if (millis < 10) {
            throw new IllegalArgumentException("the checkpoint interval must be at least 10 ms: " + millis);
        }
        this.interval = millis;
        return this;
    }

    public long getCheckpointInterval() {
        return interval;
    }

    /** {@code execution.checkpointing.mode}; exactly once by default. */
    public CheckpointConfig setCheckpointingConsistencyMode(CheckpointingMode mode) {
        this.mode = Objects.requireNonNull(mode, "mode");
        return this;
    }

    public CheckpointingMode getCheckpointingConsistencyMode() {
        return mode;
    }

    /**
     * The directory checkpoints are written to ({@code execution.checkpointing.dir}): {@code chk-N/} per
     * checkpoint. Required when checkpointing is on.
     */
    public CheckpointConfig setCheckpointStorage(String directory) {
        this.storage = Objects.requireNonNull(directory, "directory");
        return this;
    }

    public String getCheckpointStorage() {
        return storage;
    }

    /** How long a checkpoint may take before it is aborted ({@code execution.checkpointing.timeout}); 10 min by default. */
    public CheckpointConfig setCheckpointTimeout(long millis) {
        if (millis < 1) {
            throw new IllegalArgumentException("the checkpoint timeout must be positive: " + millis);
        }
        this.timeout = millis;
        return this;
    }

    public long getCheckpointTimeout() {
        return timeout;
    }

    /**
     * How many checkpoints may be in progress at once ({@code execution.checkpointing.max-concurrent-checkpoints});
     * 1 by default. A bound: the embedded engine takes one checkpoint at a time, within any bound; on
     * Flink the runner passes it to Flink.
     */
    public CheckpointConfig setMaxConcurrentCheckpoints(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("the maximum of concurrent checkpoints must be at least 1: " + n);
        }
        this.maxConcurrent = n;
        return this;
    }

    public int getMaxConcurrentCheckpoints() {
        return maxConcurrent;
    }

    /** Completed checkpoints kept on disk ({@code execution.checkpointing.num-retained}); 1 by default. */
    public CheckpointConfig setNumRetainedCheckpoints(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("at least one completed checkpoint is retained: " + n);
        }
        this.numRetained = n;
        return this;
    }

    public int getNumRetainedCheckpoints() {
        return numRetained;
    }

    /**
     * How many checkpoint failures in a row (a write failed, a full disk, a timeout) the job survives
     * ({@code execution.checkpointing.tolerable-failed-checkpoints}); 0 by default: the first one fails
     * the job. {@code Integer.MAX_VALUE}: the job continues without the failed checkpoints, whatever
     * happens (a warning on standard error each time).
     */
    public CheckpointConfig setTolerableCheckpointFailureNumber(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("the tolerable checkpoint failure number cannot be negative: " + n);
        }
        this.tolerableFailures = n;
        return this;
    }

    public int getTolerableCheckpointFailureNumber() {
        return tolerableFailures;
    }

    /**
     * Where the job restores from ({@code execution.state-recovery.path}): a {@code chk-N} directory, or
     * a checkpoint directory, meaning its latest completed checkpoint (a corrupt or partial one is
     * skipped for the one before; none at all is a fresh start). Null: a fresh start.
     */
    public CheckpointConfig setStateRecoveryPath(String path) {
        this.recoveryPath = path;
        return this;
    }

    public String getStateRecoveryPath() {
        return recoveryPath;
    }
}
