package io.tidemark.state.rocksdb;

import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.state.CheckpointableKeyedStateBackend;
import io.tidemark.runtime.state.KeyedStateBackendParameters;
import io.tidemark.runtime.state.VoidNamespace;
import java.util.Arrays;
import java.util.Random;

/**
 * Writes more keyed state than the JVM's heap into a RocksDB backend, then reads every key back and
 * checks it: run by {@link StateLargerThanMemoryTest} in a JVM with a small {@code -Xmx}. Arguments:
 * the local directory, the number of keys, the bytes per key. Prints {@code OK <bytes written>}.
 */
public final class LargeStateMain {

    static final ValueStateDescriptor<byte[]> BLOB = new ValueStateDescriptor<>("blob", byte[].class);
    static final ListStateDescriptor<Long> SEEN = new ListStateDescriptor<>("seen", Long.class);

    public static void main(String[] args) throws Exception {
        String dir = args[0];
        int keys = Integer.parseInt(args[1]);
        int size = Integer.parseInt(args[2]);
        CheckpointableKeyedStateBackend b = new EmbeddedRocksDBStateBackend().setDbStoragePath(dir)
                .createKeyedStateBackend(new KeyedStateBackendParameters("large", 0, 1));
        try {
            long written = 0;
            for (int k = 0; k < keys; k++) {
                b.setCurrentKey((long) k);
                b.getPartitionedState(VoidNamespace.INSTANCE, BLOB).update(blob(k, size));
                b.getPartitionedState(VoidNamespace.INSTANCE, SEEN).add((long) k);
                written += size;
            }
            for (int k = 0; k < keys; k++) {
                b.setCurrentKey((long) k);
                ValueState<byte[]> blob = b.getPartitionedState(VoidNamespace.INSTANCE, BLOB);
                if (!Arrays.equals(blob.value(), blob(k, size))) {
                    throw new AssertionError("key " + k + ": wrong value");
                }
                ListState<Long> seen = b.getPartitionedState(VoidNamespace.INSTANCE, SEEN);
                if (!seen.get().iterator().next().equals((long) k)) {
                    throw new AssertionError("key " + k + ": wrong list");
                }
            }
            System.out.println("OK " + written + " max heap " + Runtime.getRuntime().maxMemory());
        } finally {
            b.dispose();
        }
    }

    static byte[] blob(int key, int size) {
        byte[] b = new byte[size];
        new Random(key).nextBytes(b);
        return b;
    }
}
