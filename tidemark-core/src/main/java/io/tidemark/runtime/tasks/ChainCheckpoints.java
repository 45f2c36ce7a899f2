package io.tidemark.runtime.tasks;

import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import java.util.ArrayList;
import java.util.List;

/**
 * The checkpoint side of one subtask's chain: each operator's key in the checkpoint (its file is
 * {@code <key>-<subtask>}), what each restores from, and the snapshots and notifications of all of them.
 *
 * @param keys per operator of the chain (same order), its name in checkpoints
 * @param restored per operator, what it restores from (null entries: a fresh start)
 * @param taskKey the name of the task's own state (a source's position, an input task's channels)
 * @param taskRestored what the task's own state restores from, or null
 */
record ChainCheckpoints(List<AbstractStreamOperator<?, ?>> operators, List<String> keys, List<RestoredState> restored,
        String taskKey, RestoredState taskRestored, int subtask, int parallelism) {

    /** The task's own snapshot (if any) and every operator's, as acknowledgements. */
    List<CheckpointCoordinator.Ack> snapshot(long id, long timestamp, StateSnapshot taskState) throws Exception {
        List<CheckpointCoordinator.Ack> acks = new ArrayList<>(operators.size() + 1);
        if (taskState != null) {
            acks.add(new CheckpointCoordinator.Ack(taskKey, subtask, parallelism, taskState));
        }
        for (int i = 0; i < operators.size(); i++) {
            acks.add(new CheckpointCoordinator.Ack(keys.get(i), subtask, parallelism, operators.get(i).snapshotState(id, timestamp)));
        }
        return acks;
    }

    /** Restores every operator (or starts it fresh); before the operators are opened. */
    void initializeState() throws Exception {
        for (int i = 0; i < operators.size(); i++) {
            AbstractStreamOperator<?, ?> op = operators.get(i);
            if (!op.isStateInitialized()) {
                try {
                    op.initializeState(restored == null ? null : restored.get(i));
                } catch (Throwable t) {
                    throw OperatorException.wrap(op.getContext().getOperatorName(), op.getContext().getSubtaskIndex(), t);
                }
            }
        }
    }

    void notifyComplete(long id) throws Exception {
        notifyComplete(id, false);
    }

    /**
     * The job's final checkpoint completed: sinks commit their last output too. Operators and functions
     * hear it as checkpoint {@code Long.MAX_VALUE}, the id their final {@code snapshotState} was given
     * (the tasks snapshot at their end, before the final checkpoint has a number), so that a function
     * committing what it prepared up to the completed id commits everything.
     */
    void notifyFinal() throws Exception {
        notifyComplete(Long.MAX_VALUE, true);
    }

    private void notifyComplete(long id, boolean last) throws Exception {
        for (AbstractStreamOperator<?, ?> op : operators) {
            try {
                if (last && op instanceof io.tidemark.runtime.operators.sink.SinkWriterOperator<?, ?, ?> sink) {
                    sink.notifyFinalCheckpointComplete(id);
                } else {
                    op.notifyCheckpointComplete(id);
                }
            } catch (Throwable t) {
                throw OperatorException.wrap(op.getContext().getOperatorName(), op.getContext().getSubtaskIndex(), t);
            }
        }
    }

    void notifyAborted(long id) throws Exception {
        for (AbstractStreamOperator<?, ?> op : operators) {
            try {
                op.notifyCheckpointAborted(id);
            } catch (Throwable t) {
                throw OperatorException.wrap(op.getContext().getOperatorName(), op.getContext().getSubtaskIndex(), t);
            }
        }
    }
}
