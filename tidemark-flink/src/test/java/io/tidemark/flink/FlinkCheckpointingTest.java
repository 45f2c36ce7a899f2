package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.core.execution.PipelineExecutors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Map;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code checkpoint: {dir, interval, retain}} becomes in Flink's configuration, and which checkpoint a restart restores. */
class FlinkCheckpointingTest {

    static Path checkpoint(Path dir, String job, int n, long writtenMillis, boolean complete) throws Exception {
        Path chk = Files.createDirectories(dir.resolve(job).resolve("chk-" + n));
        if (complete) {
            Files.writeString(chk.resolve("_metadata"), "m");
            Files.setLastModifiedTime(chk.resolve("_metadata"), FileTime.fromMillis(writtenMillis));
        }
        return chk;
    }

    @Test
    void theLatestCompleteCheckpointIsRestoredAcrossJobsAndAnIncompleteOneIsSkipped(@TempDir Path dir) throws Exception {
        assertThat(FlinkCheckpointing.latest(dir.resolve("none"))).isEmpty();
        checkpoint(dir, "job-a", 7, 1_000, true);
        Path latest = checkpoint(dir, "job-b", 2, 5_000, true); // a restarted job numbers on from 2 here
        checkpoint(dir, "job-b", 3, 0, false);                  // being written when the process died
        checkpoint(dir, "job-a", 8, 2_000, true);
        Files.createDirectories(dir.resolve("job-b").resolve("shared"));
        assertThat(FlinkCheckpointing.latest(dir)).contains(latest);
        assertThat(FlinkCheckpointing.checkpoints(dir)).hasSize(3);

        FlinkCheckpointing c = FlinkCheckpointing.of(dir, Duration.ofSeconds(1), 3);
        Configuration conf = new Configuration();
        c.configure(conf);
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTING_INTERVAL)).isEqualTo(Duration.ofSeconds(1));
        assertThat(conf.get(CheckpointingOptions.MAX_RETAINED_CHECKPOINTS)).isEqualTo(3);
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTS_DIRECTORY)).isEqualTo(dir.toUri().toString());
        assertThat(conf.get(CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION))
                .isEqualTo(ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        assertThat(conf.get(StateRecoveryOptions.SAVEPOINT_PATH)).isEqualTo(latest.toUri().toString());
        assertThat(conf.get(RestartStrategyOptions.RESTART_STRATEGY)).isEqualTo("none");

        Configuration fresh = new Configuration();
        c.fresh().configure(fresh);
        assertThat(fresh.contains(StateRecoveryOptions.SAVEPOINT_PATH)).isFalse();
    }

    @Test
    void theEngineTakesCheckpointOptionsByName(@TempDir Path dir) {
        assertThat(PipelineExecutors.get("flink", Map.of("checkpoint.dir", dir.toString(), "checkpoint.interval", "250",
                "checkpoint.retain", "2")).toString())
                .contains("checkpoints every 250 ms in " + dir.toAbsolutePath()).contains("2 retained");
        assertThatThrownBy(() -> PipelineExecutors.get("flink", Map.of("checkpoint.interval", "250")))
                .hasMessageContaining("checkpoint.dir");
        assertThatThrownBy(() -> PipelineExecutors.get("flink", Map.of("checkpoint.dir", dir.toString(), "checkpoint.retain", "x")))
                .hasMessageContaining("checkpoint.retain");
        assertThatThrownBy(() -> FlinkCheckpointing.of(dir, Duration.ofMillis(1), 1)).hasMessageContaining("10 ms");
    }

    @Test
    void aProgramsOwnCheckpointConfigBecomesFlinksUnlessTheRunnerNamesOne(@TempDir Path dir) throws Exception {
        io.tidemark.streaming.api.environment.StreamExecutionEnvironment env =
                io.tidemark.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        assertThat(FlinkRunner.withJobCheckpoints(FlinkRunner.Options.local(), env.getConfig()).getCheckpointing()).isNull();
        env.enableCheckpointing(200, io.tidemark.core.execution.CheckpointingMode.AT_LEAST_ONCE);
        env.getCheckpointConfig().setCheckpointStorage(dir.toString()).setNumRetainedCheckpoints(2).setCheckpointTimeout(30_000)
                .setTolerableCheckpointFailureNumber(3);
        FlinkCheckpointing c = FlinkRunner.withJobCheckpoints(FlinkRunner.Options.local(), env.getConfig()).getCheckpointing();
        Configuration conf = new Configuration();
        c.configure(conf);
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTING_INTERVAL)).isEqualTo(Duration.ofMillis(200));
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTING_CONSISTENCY_MODE))
                .isEqualTo(org.apache.flink.core.execution.CheckpointingMode.AT_LEAST_ONCE);
        assertThat(conf.get(CheckpointingOptions.MAX_RETAINED_CHECKPOINTS)).isEqualTo(2);
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTING_TIMEOUT)).isEqualTo(Duration.ofSeconds(30));
        assertThat(conf.get(CheckpointingOptions.TOLERABLE_FAILURE_NUMBER)).isEqualTo(3);
        assertThat(conf.get(CheckpointingOptions.CHECKPOINTS_DIRECTORY)).isEqualTo(dir.toUri().toString());
        // no state-recovery path: a fresh start, whatever the directory holds (the embedded engine's rule)
        checkpoint(dir, "job-a", 1, 1_000, true);
        assertThat(conf.contains(StateRecoveryOptions.SAVEPOINT_PATH)).isFalse();
        // a recovery path: the latest checkpoint under it, or the checkpoint it names
        env.getCheckpointConfig().setStateRecoveryPath(dir.toString());
        assertThat(FlinkCheckpointing.from(env.getCheckpointConfig()).restoreFrom()).contains(dir.resolve("job-a").resolve("chk-1"));
        Path named = checkpoint(dir, "job-b", 5, 500, true);
        env.getCheckpointConfig().setStateRecoveryPath(named.toString());
        assertThat(FlinkCheckpointing.from(env.getCheckpointConfig()).restoreFrom()).contains(named);
        // the runner's own checkpoints win
        FlinkCheckpointing own = FlinkCheckpointing.of(dir.resolve("other"), Duration.ofSeconds(1), 1);
        assertThat(FlinkRunner.withJobCheckpoints(FlinkRunner.Options.local().withCheckpointing(own), env.getConfig())
                .getCheckpointing()).isSameAs(own);
    }

    /** A remote cluster's job restores the checkpoint; the restart strategy and claim mode given as {@code flink.KEY} options stay. */
    @Test
    void aJobOnARemoteClusterRestoresTheCheckpointWithTheGivenRestartStrategy(@TempDir Path dir) throws Exception {
        Path latest = checkpoint(dir, "job-a", 4, 1_000, true);
        FlinkRunner.Options o = FlinkRunner.Options.remote("127.0.0.1", 8081)
                .withConfiguration(Configuration.fromMap(Map.of("restart-strategy.type", "exponential-delay")))
                .withCheckpointing(FlinkCheckpointing.of(dir, Duration.ofSeconds(1), 1));
        org.apache.flink.configuration.ReadableConfig conf = FlinkRunner.environment(o).getConfiguration();
        assertThat(conf.get(StateRecoveryOptions.SAVEPOINT_PATH)).isEqualTo(latest.toUri().toString());
        assertThat(conf.get(RestartStrategyOptions.RESTART_STRATEGY)).isEqualTo("exponential-delay");

        FlinkRunner.Options savepoint = o.withConfiguration(Configuration.fromMap(Map.of("execution.state-recovery.claim-mode", "NO_CLAIM")));
        assertThat(FlinkRunner.environment(savepoint).getConfiguration().get(StateRecoveryOptions.RESTORE_MODE))
                .isEqualTo(org.apache.flink.core.execution.RecoveryClaimMode.NO_CLAIM);
    }
}
