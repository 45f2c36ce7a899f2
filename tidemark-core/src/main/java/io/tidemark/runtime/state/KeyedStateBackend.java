package io.tidemark.runtime.state;

import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import java.util.Collection;
import java.util.List;

/**
 * The keyed state of one operator subtask, as operators use it (Flink's {@code KeyedStateBackend}):
 * states made from descriptors, each a table {@code (key, namespace) → value}, scoped to the
 * {@linkplain #setCurrentKey current key} and the namespace asked for. The namespace is
 * {@link VoidNamespace} for ordinary keyed state and the window for per-window state.
 *
 * <p>State objects may be cached per descriptor and re-pointed at the namespace of each
 * {@link #getPartitionedState} call: use the returned object before asking for another namespace of
 * the same descriptor. One thread uses a backend (the task's).
 *
 * <p>Implementations: {@link HeapKeyedStateBackend} (Java objects on the heap, the default) and
 * tidemark-rocksdb's {@code RocksDBKeyedStateBackend} (serialized, in an embedded RocksDB on local
 * disk); a job chooses one with its {@link StateBackend}.
 */
public interface KeyedStateBackend extends KeyContext {

    /** The state named by {@code descriptor}, scoped to the current key and {@code namespace}. */
    <S extends State> S getPartitionedState(Object namespace, StateDescriptor<S, ?> descriptor);

    /**
     * Merges the values of {@code sources} into {@code target} for the current key (window merging);
     * the sources' values go. Value, reducing and aggregating states merge through their functions,
     * list states concatenate.
     */
    void mergeNamespaces(StateDescriptor<?, ?> descriptor, Object target, Collection<?> sources);

    /** Whether any state was ever asked for or restored (otherwise there is nothing to clear). */
    boolean hasState();

    /** Removes every state value of the current key in {@code namespace}. */
    void clearNamespace(Object namespace);

    /**
     * The keys that hold a value of the state {@code descriptor} names in {@code namespace}, as a list
     * the caller may go through while changing the state of each key (Flink's {@code getKeys}).
     */
    List<Object> keysWith(StateDescriptor<?, ?> descriptor, Object namespace);

    /** Number of (key, namespace) entries across all states; for tests and metrics (may scan everything). */
    int size();

    /** Releases what the backend holds (files, native memory); the backend is unusable afterwards. */
    void dispose();
}
