package io.tidemark.runtime.state.ttl;

import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.state.KeyedStateBackend;
import java.util.List;

/**
 * Incremental cleanup of one state with a time-to-live on the heap backend, as Flink's: before each
 * access to the state, up to {@code cleanupSize} keys of a cursor over the state's keys are visited and
 * their expired values removed (a value, list elements, map entries, an accumulated value). The cursor
 * is the list of keys holding a value when it was taken, renewed when used up; so every key is visited
 * once per {@code keys / cleanupSize} accesses, and expired state of keys nobody reads goes too.
 *
 * <p>Cost per access: {@code cleanupSize} key switches and raw reads; a renewal lists the state's keys
 * (one pass over them) once per {@code keys / cleanupSize} accesses. The current key is restored after.
 */
final class IncrementalCleanup {

    /** Removes the expired values of the current key from the state (raw, without the read rules). */
    @FunctionalInterface
    interface Cleaner {
        void cleanCurrentKey() throws Exception;
    }

    private final KeyedStateBackend backend;
    private final StateDescriptor<?, ?> stored;
    private final Object namespace;
    private final int cleanupSize;
    private Cleaner cleaner;
    private List<Object> keys = List.of();
    private int next;

    /**
     * @param stored the descriptor of the state as the backend keeps it (its values {@link TtlValue}s)
     */
    IncrementalCleanup(KeyedStateBackend backend, StateDescriptor<?, ?> stored, Object namespace, int cleanupSize) {
        this.backend = backend;
        this.stored = stored;
        this.namespace = namespace;
        this.cleanupSize = cleanupSize;
    }

    void setCleaner(Cleaner cleaner) {
        this.cleaner = cleaner;
    }

    /** Runs before each access to the state. */
    void stateAccessed() {
        Object current = backend.getCurrentKey();
        if (current == null) {
            return; // outside a key's context: nothing to restore to
        }
        if (next >= keys.size()) {
            keys = backend.keysWith(stored, namespace);
            next = 0;
        }
        try {
            for (int visited = 0; visited < cleanupSize && next < keys.size(); visited++) {
                backend.setCurrentKey(keys.get(next++));
                cleaner.cleanCurrentKey();
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("state '" + stored.getName() + "': incremental cleanup failed", e);
        } finally {
            backend.setCurrentKey(current);
        }
    }
}
