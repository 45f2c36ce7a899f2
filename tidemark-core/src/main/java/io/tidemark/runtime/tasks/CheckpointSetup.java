package io.tidemark.runtime.tasks;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.core.execution.CheckpointingMode;
import io.tidemark.runtime.checkpoint.CheckpointStorage;
import io.tidemark.runtime.checkpoint.KeyGroupSection;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.sink.SinkWriterOperator;
import io.tidemark.runtime.state.KeyGroupRangeAssignment;
import io.tidemark.streaming.api.environment.CheckpointConfig;
import io.tidemark.streaming.api.functions.source.SocketTextStreamFunction;
import io.tidemark.streaming.api.transformations.SourceDescription;
import io.tidemark.streaming.api.transformations.SourceTransformation;
import io.tidemark.streaming.api.transformations.Transformation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A job's checkpoint wiring on the embedded engine: what it restores from ({@code
 * execution.state-recovery.path}), the coordinator when checkpointing is on, and each operator's name
 * in checkpoints — its uid when it has one, else its position among the job's operators and its name
 * ({@code 03-Window_count}): the same program builds the same names, a changed one restores nothing
 * silently wrong (an operator whose name has no state in the checkpoint starts empty). At another
 * parallelism than the checkpoint's, state is redistributed by key groups ({@link Rescaling}).
 */
final class CheckpointSetup {

    private final CheckpointConfig config;
    private final ExecutionConfig executionConfig;
    private final Map<Transformation<?>, String> keys = new HashMap<>();
    private final CheckpointStorage.Loaded restored;
    private final CheckpointCoordinator coordinator;

    private CheckpointSetup(ExecutionConfig executionConfig, CheckpointStorage.Loaded restored, CheckpointCoordinator coordinator) {
        this.config = executionConfig.getCheckpointConfig();
        this.executionConfig = executionConfig;
        this.restored = restored;
        this.coordinator = coordinator;
    }

    /** Loads what the job restores from and makes the coordinator; {@code physical} in id order. */
    static CheckpointSetup of(String jobName, ExecutionConfig executionConfig, List<Transformation<?>> physical) {
        return of(jobName, executionConfig, physical, true);
    }

    /** The same; without {@code checkpoints} (BATCH mode), the job neither restores nor takes checkpoints. */
    static CheckpointSetup of(String jobName, ExecutionConfig executionConfig, List<Transformation<?>> physical,
            boolean checkpoints) {
        CheckpointConfig config = executionConfig.getCheckpointConfig();
        try {
            CheckpointStorage.Loaded restored = checkpoints ? load(config.getStateRecoveryPath()) : null;
            CheckpointCoordinator coordinator = null;
            if (checkpoints && config.isCheckpointingEnabled()) {
                if (config.getCheckpointStorage() == null) {
                    throw new IllegalArgumentException("job '" + jobName + "': checkpointing is on, but no checkpoint directory is set "
                            + "(env.getCheckpointConfig().setCheckpointStorage(path))");
                }
                Path dir = Paths.get(config.getCheckpointStorage());
                try {
                    Files.createDirectories(dir);
                } catch (IOException e) {
                    throw new IllegalArgumentException("job '" + jobName + "': cannot create the checkpoint directory " + dir + ": " + e, e);
                }
                CheckpointStorage storage = new CheckpointStorage(dir, (file, bytes) -> StorageOps.current().write(file, bytes));
                long first = Math.max(storage.lastId(), restored == null ? 0 : restored.id()) + 1;
                coordinator = new CheckpointCoordinator(config, storage, jobName, first);
                warnAboutSockets(jobName, physical);
            }
            CheckpointSetup setup = new CheckpointSetup(executionConfig, restored, coordinator);
            for (int i = 0; i < physical.size(); i++) {
                Transformation<?> t = physical.get(i);
                setup.keys.put(t, t.getUid() != null ? t.getUid() : String.format("%02d-%s", i, t.getName().replaceAll("[^A-Za-z0-9._]+", "_")));
            }
            return setup;
        } catch (IOException e) {
            throw new UncheckedIOException("job '" + jobName + "': " + e.getMessage(), e);
        }
    }

    /** The checkpoint at {@code path}: a {@code chk-N} directory, or a directory's latest completed one; null if none. */
    private static CheckpointStorage.Loaded load(String path) throws IOException {
        if (path == null) {
            return null;
        }
        Path p = Paths.get(path);
        String name = p.getFileName() == null ? "" : p.getFileName().toString();
        if (name.matches("chk-\\d+") && Files.exists(p.resolve(CheckpointStorage.METADATA))) {
            return new CheckpointStorage(p.toAbsolutePath().getParent()).load(Long.parseLong(name.substring(4)));
        }
        if (!Files.isDirectory(p)) {
            if (name.matches("chk-\\d+")) {
                throw new IOException("checkpoint " + p + " is not complete (it has no " + CheckpointStorage.METADATA + ")");
            }
            return null; // a checkpoint directory not yet made: nothing to restore
        }
        return new CheckpointStorage(p).loadLatest((id, why) -> System.err.println(
                "tidemark: skipping checkpoint " + id + " in " + p + ": " + why + "; trying the one before"));
    }

    private static void warnAboutSockets(String jobName, List<Transformation<?>> physical) {
        for (Transformation<?> t : physical) {
            if (t instanceof SourceTransformation<?> s && s.getDescription() instanceof SourceDescription.Function f
                    && f.function() instanceof SocketTextStreamFunction) {
                System.err.println("tidemark: job '" + jobName + "': source '" + t.getName() + "' reads a socket, which cannot be "
                        + "replayed: after a restore, the lines it had read since the checkpoint (and those sent while the job was "
                        + "down) are lost; everything else resumes from the checkpoint");
            }
        }
    }

    CheckpointCoordinator coordinator() {
        return coordinator;
    }

    boolean exactlyOnce() {
        return config.getCheckpointingConsistencyMode() == CheckpointingMode.EXACTLY_ONCE;
    }

    long restoredId() {
        return restored == null ? -1 : restored.id();
    }

    String key(Transformation<?> t) {
        return keys.get(t);
    }

    /** The checkpoint side of one subtask: its operators' names and what they restore from. */
    ChainCheckpoints chain(List<Transformation<?>> members, List<AbstractStreamOperator<?, ?>> operators, Transformation<?> head,
            int subtask, int parallelism) {
        List<String> opKeys = new ArrayList<>();
        List<RestoredState> from = new ArrayList<>();
        for (int i = 0; i < operators.size(); i++) {
            Transformation<?> t = members.get(i);
            opKeys.add(key(t));
            from.add(restoredState(key(t), t.getName(), subtask, parallelism, maxParallelism(t, parallelism)));
            if (coordinator != null && operators.get(i) instanceof SinkWriterOperator<?, ?, ?> sink) {
                sink.commitsAtEndOfInput(false); // with the job's final checkpoint
            }
        }
        String taskKey = head instanceof SourceTransformation ? key(head) : key(head) + "~inputs";
        return new ChainCheckpoints(operators, opKeys, from, taskKey, restoredState(taskKey, head.getName(), subtask, parallelism, maxParallelism(head, parallelism)),
                subtask, parallelism);
    }

    private RestoredState restoredState(String key, String name, int subtask, int parallelism, int maxParallelism) {
        if (restored == null) {
            return null;
        }
        List<StateSnapshot> all = restored.of(key);
        if (all == null) {
            return null;
        }
        try {
            return Rescaling.restoredState(restored.id(), restored.directory().toString(), name, all, subtask, parallelism,
                    maxParallelism);
        } catch (IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("operator '" + name + "': cannot read checkpoint " + restored.id() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The maximum parallelism (number of key groups) of {@code t} at {@code parallelism}: the job's
     * {@code pipeline.max-parallelism}; else, as in Flink, that of {@code t}'s keyed state in the
     * checkpoint restored; else Flink's default for the parallelism.
     */
    int maxParallelism(Transformation<?> t, int parallelism) {
        if (executionConfig.getMaxParallelism() > 0) {
            return executionConfig.getMaxParallelism();
        }
        List<StateSnapshot> all = restored == null ? null : restored.of(key(t));
        if (all != null && !all.isEmpty()) {
            try {
                KeyGroupSection groups = KeyGroupSection.of(all.get(0));
                if (groups != null) {
                    return groups.maxParallelism();
                }
            } catch (Exception e) {
                throw new IllegalStateException("operator '" + t.getName() + "': cannot read checkpoint " + restored.id() + ": "
                        + e.getMessage(), e);
            }
        }
        return KeyGroupRangeAssignment.computeDefaultMaxParallelism(parallelism);
    }

    /** Registers the job's tasks with the coordinator. */
    void bind(LocalJob job, List<Task> tasks) {
        job.setCheckpointing(coordinator, restoredId());
        if (coordinator != null) {
            coordinator.bind(job);
            for (Task t : tasks) {
                coordinator.add((CheckpointCoordinator.Participant) t, t instanceof SourceTask);
            }
        }
    }

    /** The file operations checkpoints are written with: a seam for tests that simulate a full disk. */
    static final class StorageOps {
        private static volatile CheckpointStorage.FileOps ops = CheckpointStorage.FileOps.DEFAULT;

        private StorageOps() {}

        static CheckpointStorage.FileOps current() {
            return ops;
        }

        /** Replaces how checkpoint files are written from now on (tests only). */
        static void set(CheckpointStorage.FileOps replacement) {
            ops = replacement == null ? CheckpointStorage.FileOps.DEFAULT : replacement;
        }
    }
}
