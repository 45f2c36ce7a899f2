package io.tidemark.runtime.state;

import io.tidemark.api.common.state.KeyedStateStore;
import io.tidemark.api.common.state.OperatorStateStore;
import java.util.OptionalLong;

/**
 * Where a function or operator registers its state when it starts, and learns whether that state was
 * restored from a checkpoint. An API interface kept in this package because Flink keeps it in its
 * runtime package: a port changes only the import's prefix.
 */
public interface ManagedInitializationContext {

    /** Whether the state was restored from a checkpoint of an earlier run. */
    boolean isRestored();

    /** The checkpoint the state was restored from, when {@link #isRestored}. */
    default OptionalLong getRestoredCheckpointId() {
        return OptionalLong.empty();
    }

    /** Operator state: lists of items owned by the subtask, redistributed when the parallelism changes. */
    OperatorStateStore getOperatorStateStore();

    /** Keyed state (only on a keyed stream). */
    KeyedStateStore getKeyedStateStore();
}
