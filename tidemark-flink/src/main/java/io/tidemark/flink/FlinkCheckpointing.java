package io.tidemark.flink;

import io.tidemark.runtime.checkpoint.FlinkCheckpointDirectories;
import io.tidemark.streaming.api.environment.CheckpointConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.core.execution.RecoveryClaimMode;

/**
 * A job's checkpoints on Flink, from Tidemark's {@code checkpoint: {dir, interval, retain}}: Flink's
 * exactly-once checkpoints every {@code interval}, stored in {@code dir} (Flink's file system checkpoint
 * storage: {@code dir/<job id>/chk-<n>/_metadata}), the last {@code retain} kept, retained when the job
 * is cancelled or fails ({@code RETAIN_ON_CANCELLATION}). A job started again with the same {@code dir}
 * restores the latest retained checkpoint there ({@code execution.state-recovery.path}, in Flink's
 * {@code CLAIM} mode so that Flink deletes it once a newer one of the new job subsumes it), unless
 * {@link #fresh()} is asked.
 *
 * <p>What that recovers is Flink's: the operators' keyed and operator state, Flink's {@code KafkaSource}
 * offsets (its split state), the pending transactions of Flink's {@code KafkaSink} with
 * {@code EXACTLY_ONCE}, and the state of any Flink {@code CheckpointedFunction}. Flink restarts the
 * watermark from nothing (FLINK-5601): after a restore, windows wait for new events to move it.
 *
 * <p>Failures: the job fails instead of restarting inside Flink (restart strategy {@code none}, unless
 * the runner's configuration sets one), as the embedded engine does; starting it again resumes from the
 * latest checkpoint.
 */
public final class FlinkCheckpointing {

    private final Path dir;
    private final Duration interval;
    private final int retain;
    /** What a start restores: a checkpoint, or a directory meaning its latest one; null for none. */
    private final Path recovery;
    private final boolean atLeastOnce;
    private final Duration timeout;
    private final int tolerableFailures;
    private final int maxConcurrent;

    private FlinkCheckpointing(Path dir, Duration interval, int retain, Path recovery, boolean atLeastOnce, Duration timeout,
            int tolerableFailures, int maxConcurrent) {
        this.maxConcurrent = maxConcurrent;
        this.dir = dir == null ? null : dir.toAbsolutePath();
        this.interval = Objects.requireNonNull(interval, "interval");
        if (interval.toMillis() < 10) {
            throw new IllegalArgumentException("checkpoint interval must be at least 10 ms (Flink's minimum): " + interval);
        }
        if (retain < 1) {
            throw new IllegalArgumentException("checkpoints to retain must be at least 1: " + retain);
        }
        this.retain = retain;
        this.recovery = recovery == null ? null : recovery.toAbsolutePath();
        this.atLeastOnce = atLeastOnce;
        this.timeout = timeout;
        this.tolerableFailures = tolerableFailures;
    }

    /** Checkpoints every {@code interval} into {@code dir}, keeping the last {@code retain}; resumes from the latest there. */
    public static FlinkCheckpointing of(Path dir, Duration interval, int retain) {
        Objects.requireNonNull(dir, "dir");
        return new FlinkCheckpointing(dir, interval, retain, dir, false, Duration.ofMinutes(10), 0, 1);
    }

    /**
     * The checkpoints a Tidemark job asked for ({@code env.enableCheckpointing(...)},
     * {@code env.getCheckpointConfig()}): interval, mode, storage, retained checkpoints, timeout,
     * tolerable failures, concurrent checkpoints, and the state-recovery path (a checkpoint, or a directory meaning its latest
     * one; none: a fresh start). Without storage, Flink keeps checkpoints in the JobManager's memory:
     * nothing is retained or restored.
     */
    public static FlinkCheckpointing from(CheckpointConfig c) {
        if (!c.isCheckpointingEnabled()) {
            throw new IllegalArgumentException("checkpointing is not enabled");
        }
        return new FlinkCheckpointing(c.getCheckpointStorage() == null ? null : Path.of(c.getCheckpointStorage()),
                Duration.ofMillis(c.getCheckpointInterval()), c.getNumRetainedCheckpoints(),
                c.getStateRecoveryPath() == null ? null : Path.of(c.getStateRecoveryPath()),
                c.getCheckpointingConsistencyMode() == io.tidemark.core.execution.CheckpointingMode.AT_LEAST_ONCE,
                Duration.ofMillis(c.getCheckpointTimeout()), c.getTolerableCheckpointFailureNumber(), c.getMaxConcurrentCheckpoints());
    }

    /** The same, but the job starts from nothing, whatever {@code dir} holds. */
    public FlinkCheckpointing fresh() {
        return new FlinkCheckpointing(dir, interval, retain, null, atLeastOnce, timeout, tolerableFailures, maxConcurrent);
    }

    /** The checkpoint directory; null when Flink keeps checkpoints in memory. */
    public Path dir() {
        return dir;
    }

    public Duration interval() {
        return interval;
    }

    public int retain() {
        return retain;
    }

    /** Whether the job restores a checkpoint when there is one to restore. */
    public boolean resumes() {
        return recovery != null;
    }

    /**
     * The checkpoint the job restores: the recovery path when it is a complete checkpoint (a
     * {@code chk-<n>} with {@code _metadata}), else the latest complete one under it; empty for a fresh
     * start or when there is none yet.
     */
    public Optional<Path> restoreFrom() {
        if (recovery == null) {
            return Optional.empty();
        }
        if (Files.isRegularFile(recovery.resolve("_metadata"))) {
            return Optional.of(recovery);
        }
        return latest(recovery);
    }

    /**
     * Writes the settings into {@code conf}: storage, interval, exactly-once mode, retention and the
     * checkpoint to restore. A restart strategy or claim mode already in {@code conf} stays; otherwise none, and CLAIM.
     */
    void configure(Configuration conf) {
        conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, interval);
        conf.set(CheckpointingOptions.CHECKPOINTING_CONSISTENCY_MODE, atLeastOnce ? CheckpointingMode.AT_LEAST_ONCE
                : CheckpointingMode.EXACTLY_ONCE);
        conf.set(CheckpointingOptions.CHECKPOINTING_TIMEOUT, timeout);
        conf.set(CheckpointingOptions.TOLERABLE_FAILURE_NUMBER, tolerableFailures);
        conf.set(CheckpointingOptions.MAX_CONCURRENT_CHECKPOINTS, maxConcurrent);
        if (dir != null) {
            conf.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
            conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir.toUri().toString());
            conf.set(CheckpointingOptions.MAX_RETAINED_CHECKPOINTS, retain);
            conf.set(CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION, ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        }
        if (!conf.contains(RestartStrategyOptions.RESTART_STRATEGY)) {
            conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        }
        restoreFrom().ifPresent(chk -> {
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, chk.toUri().toString());
            if (!conf.contains(StateRecoveryOptions.RESTORE_MODE)) { // a savepoint of the user's is restored in NO_CLAIM
                conf.set(StateRecoveryOptions.RESTORE_MODE, RecoveryClaimMode.CLAIM);
            }
        });
    }

    /** The latest complete checkpoint under {@code dir} ({@link FlinkCheckpointDirectories#latest}). */
    public static Optional<Path> latest(Path dir) {
        return FlinkCheckpointDirectories.latest(dir);
    }

    /** Every complete checkpoint under {@code dir} ({@link FlinkCheckpointDirectories#completed}). */
    public static List<Path> checkpoints(Path dir) {
        return FlinkCheckpointDirectories.completed(dir);
    }

    @Override
    public String toString() {
        return "checkpoints every " + interval.toMillis() + " ms" + (atLeastOnce ? " (at least once)" : "")
                + (dir == null ? " in memory" : " in " + dir + ", " + retain + " retained")
                + (recovery == null ? ", fresh start" : recovery.equals(dir) ? "" : ", restoring " + recovery);
    }
}
