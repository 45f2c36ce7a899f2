package io.tidemark.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.runtime.checkpoint.CheckpointStorage;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.streaming.api.environment.CheckpointConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint under way when the job stops (its input ended, it failed or was cancelled) never
 * completes, and whoever waits for it hears so at once: a caller of {@code triggerCheckpoint} must not
 * wait forever (RocksDBCheckpointRecoveryTest waited out its 30 s so once, under load, when its job
 * ended while a checkpoint it had triggered was still being written).
 */
class CheckpointCoordinatorStopTest {

    @TempDir
    Path dir;

    static CheckpointCoordinator.Participant task(String name) {
        return new CheckpointCoordinator.Participant() {
            @Override
            public String getName() {
                return name;
            }

            @Override
            public void runInTask(CheckpointCoordinator.TaskAction action) {}
        };
    }

    @Test
    void aCheckpointNotAcknowledgedByEveryTaskFailsWhenTheJobStops() {
        CheckpointCoordinator c = new CheckpointCoordinator(new CheckpointConfig(), new CheckpointStorage(dir), "stopping", 1);
        c.add(task("source"), true);
        c.add(task("sink"), false);
        CompletableFuture<Long> checkpoint = c.triggerCheckpoint();
        assertThat(checkpoint).isNotDone();
        c.stop();
        assertThat(checkpoint).failsWithin(Duration.ofSeconds(10)).withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withMessageContaining("checkpoint 1 did not complete");
    }

    @Test
    void aCheckpointAcknowledgedByEveryTaskButNotWrittenFailsWhenTheJobStops() throws Exception {
        java.util.concurrent.CountDownLatch writing = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        CheckpointStorage storage = new CheckpointStorage(dir, (file, bytes) -> {
            writing.countDown();
            try {
                release.await(); // the writer thread is busy with this snapshot until the test lets it go
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            CheckpointStorage.FileOps.DEFAULT.write(file, bytes);
        });
        CheckpointCoordinator c = new CheckpointCoordinator(new CheckpointConfig(), storage, "stopping", 1);
        CheckpointCoordinator.Participant source = task("source");
        c.add(source, true);
        CompletableFuture<Long> checkpoint = c.triggerCheckpoint();
        c.acknowledge(1, source, List.of(new CheckpointCoordinator.Ack("op", 0, 1, StateSnapshot.of(java.util.Map.of()))));
        writing.await();
        c.stop(); // every task acknowledged; the snapshot is still being written
        release.countDown();
        assertThat(checkpoint).failsWithin(Duration.ofSeconds(10)).withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withMessageContaining("checkpoint 1 did not complete");
        assertThat(dir.resolve("chk-1").resolve(CheckpointStorage.METADATA)).doesNotExist();
    }

    /**
     * A stopped coordinator's writer may still be writing a snapshot: whoever restarts the job on the same
     * directory must first wait for it ({@code awaitStopped}), else the old writer and the new job's write
     * the same {@code chk-N} (CheckpointRecoveryTest's in-JVM restarts failed so: the new job's
     * {@code _metadata.inprogress} renamed away under it).
     */
    @Test
    void awaitStoppedReturnsOnlyOnceTheSnapshotBeingWrittenIsDone() throws Exception {
        java.util.concurrent.CountDownLatch writing = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean written = new java.util.concurrent.atomic.AtomicBoolean();
        CheckpointStorage storage = new CheckpointStorage(dir, (file, bytes) -> {
            writing.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException("interrupted");
            }
            CheckpointStorage.FileOps.DEFAULT.write(file, bytes);
            written.set(true);
        });
        CheckpointCoordinator c = new CheckpointCoordinator(new CheckpointConfig(), storage, "stopping", 1);
        CheckpointCoordinator.Participant source = task("source");
        c.add(source, true);
        c.triggerCheckpoint();
        c.acknowledge(1, source, List.of(new CheckpointCoordinator.Ack("op", 0, 1, StateSnapshot.of(java.util.Map.of()))));
        writing.await();
        c.stop();
        assertThat(c.awaitStopped(Duration.ofMillis(50))).as("the writer is still writing").isFalse();
        release.countDown();
        assertThat(c.awaitStopped(Duration.ofSeconds(30))).isTrue();
        assertThat(written).isTrue();
        assertThat(dir.resolve("chk-1").resolve(CheckpointStorage.METADATA)).doesNotExist();
    }
}
