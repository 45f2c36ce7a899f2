package io.tidemark.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.state.CheckpointableKeyedStateBackend;
import io.tidemark.runtime.state.HeapKeyedStateBackend;
import io.tidemark.runtime.state.KeyedStateBackendParameters;
import io.tidemark.runtime.state.VoidNamespace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.FlushOptions;

/**
 * Incremental checkpoints: SST files go to {@code shared/} once and later checkpoints refer to them;
 * a restore from any retained checkpoint gives its state back; files that no retained checkpoint
 * refers to are deleted, and only those.
 */
class IncrementalCheckpointTest {

    static final ValueStateDescriptor<String> VALUE = new ValueStateDescriptor<>("value", String.class);

    @TempDir
    Path dir;

    private final List<CheckpointableKeyedStateBackend> open = new ArrayList<>();

    @AfterEach
    void dispose() {
        open.forEach(CheckpointableKeyedStateBackend::dispose);
    }

    CheckpointableKeyedStateBackend backend() throws Exception {
        CheckpointableKeyedStateBackend b = new EmbeddedRocksDBStateBackend(true).setDbStoragePath(dir.resolve("local").toString())
                .setCheckpointDirectory(dir.resolve("checkpoints").toString())
                .createKeyedStateBackend(new KeyedStateBackendParameters("window", 0, 1));
        open.add(b);
        return b;
    }

    static void write(CheckpointableKeyedStateBackend b, int from, int to, String value) throws Exception {
        for (int k = from; k < to; k++) {
            b.setCurrentKey(k);
            b.getPartitionedState(VoidNamespace.INSTANCE, VALUE).update(value + k);
        }
    }

    static List<String> read(CheckpointableKeyedStateBackend b, int from, int to) throws Exception {
        List<String> values = new ArrayList<>();
        for (int k = from; k < to; k++) {
            b.setCurrentKey(k);
            values.add(b.getPartitionedState(VoidNamespace.INSTANCE, VALUE).value());
        }
        return values;
    }

    /** Takes checkpoint {@code id} as the coordinator would: its snapshot in {@code chk-<id>/}. */
    StateSnapshot checkpoint(CheckpointableKeyedStateBackend b, long id) throws Exception {
        StateSnapshot.Builder builder = StateSnapshot.builder();
        b.snapshot(id, builder);
        Files.createDirectories(dir.resolve("checkpoints/chk-" + id));
        b.notifyCheckpointComplete(id);
        return builder.build();
    }

    Set<String> shared() throws Exception {
        try (Stream<Path> files = Files.list(dir.resolve("checkpoints/shared"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sst")).collect(Collectors.toSet());
        }
    }

    static Set<String> referenced(StateSnapshot s) throws Exception {
        Set<String> names = new HashSet<>();
        s.read(RocksDBIncrementalSnapshot.SECTION, RocksDBIncrementalSnapshot.VERSION, in -> {
            int states = in.readInt();
            for (int i = 0; i < states; i++) {
                in.readString();
                in.readUnsignedByte();
            }
            int files = in.readInt();
            for (int i = 0; i < files; i++) {
                in.readString();
                names.add(in.readString());
            }
            int privateFiles = in.readInt();
            for (int i = 0; i < privateFiles; i++) {
                in.readString();
                in.skipBytes(in.readInt());
            }
        });
        return names;
    }

    @Test
    void laterCheckpointsReferToTheFilesEarlierOnesWrote() throws Exception {
        CheckpointableKeyedStateBackend b = backend();
        write(b, 0, 1000, "first");
        StateSnapshot one = checkpoint(b, 1);
        Set<String> afterOne = shared();
        assertThat(referenced(one)).isNotEmpty().isEqualTo(afterOne);
        assertThat(one.has("keyed")).isFalse();

        write(b, 1000, 2000, "second");
        StateSnapshot two = checkpoint(b, 2);
        assertThat(referenced(two)).containsAll(referenced(one)).hasSizeGreaterThan(referenced(one).size());
        assertThat(shared()).isEqualTo(referenced(two));
        assertThat(one.size()).as("a checkpoint's own bytes: names and small files, not the state").isLessThan(20_000);

        CheckpointableKeyedStateBackend fromOne = backend();
        fromOne.restore(one, k -> true);
        assertThat(read(fromOne, 998, 1001)).containsExactly("first998", "first999", null);
        CheckpointableKeyedStateBackend fromTwo = backend();
        fromTwo.restore(two, k -> true);
        assertThat(read(fromTwo, 998, 1001)).containsExactly("first998", "first999", "second1000");
        assertThat(read(fromTwo, 1999, 2000)).containsExactly("second1999");
    }

    @Test
    void filesNoRetainedCheckpointRefersToAreDeleted() throws Exception {
        CheckpointableKeyedStateBackend b = backend();
        write(b, 0, 500, "a");
        StateSnapshot one = checkpoint(b, 1);
        write(b, 0, 500, "b"); // overwrites every key: after a compaction, checkpoint 1's files are not live
        RocksDBKeyedStateBackend rocks = (RocksDBKeyedStateBackend) b;
        ColumnFamilyHandle column = rocks.states.get("value").column;
        try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            rocks.db.flush(flush, column);
        }
        rocks.db.compactRange(column);
        StateSnapshot two = checkpoint(b, 2);
        assertThat(referenced(two)).doesNotContainAnyElementsOf(referenced(one));
        assertThat(shared()).as("checkpoint 1 is still retained").containsAll(referenced(one));

        // the coordinator retains one checkpoint: chk-1 goes, then checkpoint 3 completes
        deleteTree(dir.resolve("checkpoints/chk-1"));
        write(b, 500, 510, "c");
        StateSnapshot three = checkpoint(b, 3);
        assertThat(shared()).isEqualTo(union(referenced(two), referenced(three)));
        assertThat(shared()).doesNotContainAnyElementsOf(referenced(one));

        CheckpointableKeyedStateBackend restored = backend();
        restored.restore(three, k -> true);
        assertThat(read(restored, 0, 1)).containsExactly("b0");
        assertThat(read(restored, 509, 510)).containsExactly("c509");
    }

    @Test
    void aRestoredBackendKeepsReferringToTheFilesItWasRestoredFrom() throws Exception {
        CheckpointableKeyedStateBackend b = backend();
        write(b, 0, 300, "x");
        StateSnapshot one = checkpoint(b, 1);
        CheckpointableKeyedStateBackend restored = backend();
        restored.restore(one, k -> true);
        write(restored, 300, 310, "y");
        StateSnapshot two = checkpoint(restored, 2);
        assertThat(referenced(two)).containsAll(referenced(one));
        assertThat(read(restored, 299, 301)).containsExactly("x299", "y300");
    }

    @Test
    void anIncrementalCheckpointRestoresOnlyIntoRocksDB() throws Exception {
        CheckpointableKeyedStateBackend b = backend();
        write(b, 0, 10, "x");
        StateSnapshot one = checkpoint(b, 1);
        assertThatThrownBy(() -> new HeapKeyedStateBackend().restore(one, k -> true))
                .hasMessageContaining("keyed.incremental").hasMessageContaining("rocksdb");
    }

    @Test
    void aRestoreKeepsOnlyTheKeysItIsGiven() throws Exception {
        CheckpointableKeyedStateBackend b = backend();
        write(b, 0, 100, "x");
        StateSnapshot one = checkpoint(b, 1);
        CheckpointableKeyedStateBackend even = backend();
        even.restore(one, k -> ((Integer) k) % 2 == 0);
        assertThat(read(even, 10, 14)).containsExactly("x10", null, "x12", null);
        assertThat(even.size()).isEqualTo(50);
    }

    @Test
    void withoutACheckpointDirectoryAnIncrementalCheckpointFailsClearly() throws Exception {
        CheckpointableKeyedStateBackend b = new EmbeddedRocksDBStateBackend(true).setDbStoragePath(dir.resolve("local").toString())
                .createKeyedStateBackend(new KeyedStateBackendParameters("window", 0, 1));
        open.add(b);
        write(b, 0, 10, "x");
        assertThat(read(b, 9, 10)).containsExactly("x9");
        assertThatThrownBy(() -> b.snapshot(1, StateSnapshot.builder())).hasMessageContaining("execution.checkpointing.dir");
    }

    static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new HashSet<>(a);
        u.addAll(b);
        return u;
    }

    static void deleteTree(Path p) {
        RocksDBKeyedStateBackend.deleteRecursively(p);
    }
}
