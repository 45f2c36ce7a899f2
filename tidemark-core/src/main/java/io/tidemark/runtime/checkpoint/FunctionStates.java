package io.tidemark.runtime.checkpoint;

import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.state.CheckpointListener;
import io.tidemark.api.common.state.KeyedStateStore;
import io.tidemark.api.common.state.OperatorStateStore;
import io.tidemark.runtime.state.FunctionInitializationContext;
import io.tidemark.runtime.state.FunctionSnapshotContext;
import io.tidemark.runtime.state.HeapOperatorStateStore;
import io.tidemark.streaming.api.checkpoint.CheckpointedFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The checkpoint side of an operator's user functions: each {@link CheckpointedFunction} gets its own
 * operator state store, initialized once (restored or empty) and snapshotted at every checkpoint into
 * the sections {@code function.<i>.*} of the operator's snapshot ({@code i}: the function's position
 * among the operator's functions); each {@link CheckpointListener} hears of completed and aborted
 * checkpoints.
 */
public final class FunctionStates {

    private final List<Function> functions;
    private final HeapOperatorStateStore[] stores;

    /** @param functions the operator's user functions, in a fixed order (nulls allowed) */
    public FunctionStates(List<Function> functions) {
        this.functions = new ArrayList<>(functions);
        this.stores = new HeapOperatorStateStore[functions.size()];
    }

    /**
     * Initializes every checkpointed function: its store restored from {@code restored} (null for a
     * fresh start) for subtask {@code subtask} of {@code parallelism}, then its
     * {@code initializeState}.
     */
    public void initialize(RestoredState restored, int subtask, int parallelism, KeyedStateStore keyed) throws Exception {
        for (int i = 0; i < functions.size(); i++) {
            if (!(functions.get(i) instanceof CheckpointedFunction f)) {
                continue;
            }
            HeapOperatorStateStore store = new HeapOperatorStateStore();
            if (restored != null) {
                String prefix = prefix(i);
                store.restore(restored.all().stream().map(s -> s.withPrefix(prefix)).toList(), subtask, parallelism);
            }
            stores[i] = store;
            f.initializeState(new Init(restored, store, keyed));
        }
    }

    /** Snapshots every checkpointed function into {@code out}. */
    public void snapshot(StateSnapshot.Builder out, long checkpointId, long timestamp) throws Exception {
        FunctionSnapshotContext ctx = new FunctionSnapshotContext() {
            @Override
            public long getCheckpointId() {
                return checkpointId;
            }

            @Override
            public long getCheckpointTimestamp() {
                return timestamp;
            }
        };
        for (int i = 0; i < functions.size(); i++) {
            if (functions.get(i) instanceof CheckpointedFunction f) {
                f.snapshotState(ctx);
                StateSnapshot.Builder own = StateSnapshot.builder();
                stores[i].snapshot(own);
                out.addAll(prefix(i), own.build());
            }
        }
    }

    /** Tells every listening function that {@code checkpointId} completed. */
    public void notifyComplete(long checkpointId) throws Exception {
        for (Function f : functions) {
            if (f instanceof CheckpointListener l) {
                l.notifyCheckpointComplete(checkpointId);
            }
        }
    }

    /** Tells every listening function that {@code checkpointId} was aborted. */
    public void notifyAborted(long checkpointId) throws Exception {
        for (Function f : functions) {
            if (f instanceof CheckpointListener l) {
                l.notifyCheckpointAborted(checkpointId);
            }
        }
    }

    private static String prefix(int i) {
        return "function." + i + ".";
    }

    /** The initialization context of one function. */
    private record Init(RestoredState restored, OperatorStateStore store, KeyedStateStore keyed)
            implements FunctionInitializationContext {
        @Override
        public boolean isRestored() {
            return restored != null;
        }

        @Override
        public OptionalLong getRestoredCheckpointId() {
            return restored == null ? OptionalLong.empty() : OptionalLong.of(restored.checkpointId());
        }

        @Override
        public OperatorStateStore getOperatorStateStore() {
            return store;
        }

        @Override
        public KeyedStateStore getKeyedStateStore() {
            if (keyed == null) {
                throw new UnsupportedOperationException("keyed state is only available on a keyed stream: call keyBy first");
            }
            return keyed;
        }
    }
}
