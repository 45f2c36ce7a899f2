package io.tidemark.flink.bridge;

import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.api.common.state.BroadcastState;
import io.tidemark.api.common.state.CheckpointListener;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.OperatorStateStore;
import io.tidemark.runtime.state.FunctionInitializationContext;
import io.tidemark.runtime.state.FunctionSnapshotContext;
import io.tidemark.streaming.api.checkpoint.CheckpointedFunction;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Tidemark's checkpoint hooks of a user function on Flink's: the runner's wrappers implement Flink's
 * {@code CheckpointedFunction} and {@code CheckpointListener} and pass each call to the wrapped
 * function when it implements Tidemark's (nothing otherwise). Operator state ({@code getListState},
 * {@code getUnionListState}, {@code getBroadcastState}) is Flink's operator state under the same names;
 * keyed state is Flink's keyed state. The Tidemark runtime context is set before
 * {@code initializeState}, as Tidemark does.
 */
public final class Checkpointed {

    private Checkpointed() {}

    /**
     * What a wrapper implements to pass Flink's checkpoint calls to its Tidemark function: it names
     * the function; the rest are defaults.
     */
    public interface Hooks extends org.apache.flink.streaming.api.checkpoint.CheckpointedFunction,
            org.apache.flink.api.common.state.CheckpointListener {
        /** The Tidemark function the wrapper runs. */
        Object wrapped();

        org.apache.flink.api.common.functions.RuntimeContext getRuntimeContext();

        @Override
        default void initializeState(org.apache.flink.runtime.state.FunctionInitializationContext context) throws Exception {
            initialize(wrapped(), getRuntimeContext(), context);
        }

        @Override
        default void snapshotState(org.apache.flink.runtime.state.FunctionSnapshotContext context) throws Exception {
            snapshot(wrapped(), context);
        }

        @Override
        default void notifyCheckpointComplete(long checkpointId) throws Exception {
            completed(wrapped(), checkpointId);
        }

        @Override
        default void notifyCheckpointAborted(long checkpointId) throws Exception {
            aborted(wrapped(), checkpointId);
        }
    }

    /** Flink's {@code initializeState} of a wrapper around {@code f}. */
    public static void initialize(Object f, org.apache.flink.api.common.functions.RuntimeContext runtime,
            org.apache.flink.runtime.state.FunctionInitializationContext flink) throws Exception {
        if (!(f instanceof CheckpointedFunction checkpointed)) {
            return;
        }
        if (f instanceof RichFunction rich) {
            rich.setRuntimeContext(Runtime.context(runtime));
        }
        OperatorStateStore operatorState = operatorState(flink.getOperatorStateStore());
        io.tidemark.api.common.state.KeyedStateStore keyed = flink.getKeyedStateStore() == null ? null
                : States.store(States.of(flink.getKeyedStateStore()));
        checkpointed.initializeState(new FunctionInitializationContext() {
            @Override
            public boolean isRestored() {
                return flink.isRestored();
            }

            @Override
            public OptionalLong getRestoredCheckpointId() {
                return flink.getRestoredCheckpointId();
            }

            @Override
            public OperatorStateStore getOperatorStateStore() {
                return operatorState;
            }

            @Override
            public io.tidemark.api.common.state.KeyedStateStore getKeyedStateStore() {
                return keyed;
            }
        });
    }

    /** Flink's {@code snapshotState} of a wrapper around {@code f}. */
    public static void snapshot(Object f, org.apache.flink.runtime.state.FunctionSnapshotContext flink) throws Exception {
        if (f instanceof CheckpointedFunction checkpointed) {
            checkpointed.snapshotState(new FunctionSnapshotContext() {
                @Override
                public long getCheckpointId() {
                    return flink.getCheckpointId();
                }

                @Override
                public long getCheckpointTimestamp() {
                    return flink.getCheckpointTimestamp();
                }
            });
        }
    }

    public static void completed(Object f, long checkpointId) throws Exception {
        if (f instanceof CheckpointListener listener) {
            listener.notifyCheckpointComplete(checkpointId);
        }
    }

    public static void aborted(Object f, long checkpointId) throws Exception {
        if (f instanceof CheckpointListener listener) {
            listener.notifyCheckpointAborted(checkpointId);
        }
    }

    /** Tidemark's operator state store over Flink's. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static OperatorStateStore operatorState(org.apache.flink.api.common.state.OperatorStateStore flink) {
        return new OperatorStateStore() {
            @Override
            public <S> ListState<S> getListState(ListStateDescriptor<S> d) throws Exception {
                return (ListState<S>) States.view(d, flink.getListState(
                        (org.apache.flink.api.common.state.ListStateDescriptor<S>) States.toFlink(d)));
            }

            @Override
            public <S> ListState<S> getUnionListState(ListStateDescriptor<S> d) throws Exception {
                return (ListState<S>) States.view(d, flink.getUnionListState(
                        (org.apache.flink.api.common.state.ListStateDescriptor<S>) States.toFlink(d)));
            }

            @Override
            public <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> d) throws Exception {
                return Broadcasts.writable(flink.getBroadcastState(
                        (org.apache.flink.api.common.state.MapStateDescriptor<K, V>) States.toFlink(d)));
            }

            @Override
            public Set<String> getRegisteredStateNames() {
                return flink.getRegisteredStateNames();
            }

            @Override
            public Set<String> getRegisteredBroadcastStateNames() {
                return flink.getRegisteredBroadcastStateNames();
            }
        };
    }
}
