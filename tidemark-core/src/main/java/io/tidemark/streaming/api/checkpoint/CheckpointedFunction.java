package io.tidemark.streaming.api.checkpoint;

import io.tidemark.runtime.state.FunctionInitializationContext;
import io.tidemark.runtime.state.FunctionSnapshotContext;

/**
 * A function whose own state is part of every checkpoint, Flink's interface: a source, sink or other
 * function keeps what it must not lose (a position, a buffer, a count) in operator state
 * ({@code context.getOperatorStateStore().getListState(...)}) or keyed state.
 *
 * <p>Life cycle: {@link #initializeState} once, before {@code open}, on a fresh start and on a restore
 * ({@link FunctionInitializationContext#isRestored}); {@link #snapshotState} at every checkpoint, on
 * the function's own thread between two records (for a source function: holding the checkpoint lock,
 * so the state must be consistent with the records emitted so far under that lock). Operator list
 * state is redistributed round robin when the parallelism changes ({@code getListState}), or given
 * whole to every subtask ({@code getUnionListState}).
 *
 * <pre>{@code
 * public void initializeState(FunctionInitializationContext ctx) throws Exception {
 *     offsets = ctx.getOperatorStateStore().getListState(new ListStateDescriptor<>("offset", Long.class));
 *     for (Long o : offsets.get()) { position = o; }
 * }
 * public void snapshotState(FunctionSnapshotContext ctx) throws Exception {
 *     offsets.update(List.of(position));
 * }
 * }</pre>
 */
public interface CheckpointedFunction {

    /** Writes the function's state into its state objects; called at each checkpoint. */
    void snapshotState(FunctionSnapshotContext context) throws Exception;

    /** Registers (and on a restore, reads) the function's state; called once before {@code open}. */
    void initializeState(FunctionInitializationContext context) throws Exception;
}
