package io.tidemark.runtime.state;

/**
 * The engine's side of a {@link StateBackend} (Flink's {@code AbstractStateBackend}): it makes one
 * {@link CheckpointableKeyedStateBackend} per keyed operator subtask, at the subtask's setup.
 */
public abstract class AbstractStateBackend implements StateBackend {

    private static final long serialVersionUID = 1L;

    /** A keyed state backend for one operator subtask. */
    public abstract CheckpointableKeyedStateBackend createKeyedStateBackend(KeyedStateBackendParameters parameters)
            throws Exception;

    /** {@code backend} as the engine uses it: null is the default, the heap. */
    public static AbstractStateBackend of(StateBackend backend) {
        if (backend == null) {
            return new io.tidemark.runtime.state.hashmap.HashMapStateBackend();
        }
        if (backend instanceof AbstractStateBackend a) {
            return a;
        }
        throw new IllegalArgumentException("state backend " + backend + " (" + backend.getClass().getName()
                + ") does not extend AbstractStateBackend: the engine cannot make keyed state with it");
    }
}
