package io.tidemark.runtime.tasks;

import io.tidemark.runtime.operators.AbstractStreamOperator;
import java.util.List;

/** Opens a chain's operators (last first, as Flink does) and closes them (first first). */
final class Lifecycle {

    private Lifecycle() {}

    static void open(List<AbstractStreamOperator<?, ?>> operators) {
        for (int i = operators.size() - 1; i >= 0; i--) {
            AbstractStreamOperator<?, ?> op = operators.get(i);
            try {
                op.open();
            } catch (Throwable t) {
                throw OperatorException.wrap(op.getContext().getOperatorName(), op.getContext().getSubtaskIndex(), t);
            }
        }
    }

    /**
     * Closes every operator (if they were opened) even if some fail, then disposes of each one's state;
     * returns the first failure, or null.
     */
    static Throwable close(List<AbstractStreamOperator<?, ?>> operators, boolean opened) {
        Throwable first = null;
        for (AbstractStreamOperator<?, ?> op : operators) {
            try {
                if (opened) {
                    op.close();
                }
            } catch (Throwable t) {
                first = first == null ? OperatorException.wrap(op.getContext().getOperatorName(), op.getContext().getSubtaskIndex(), t) : first;
            } finally {
                try {
                    op.dispose();
                } catch (Throwable t) {
                    first = first == null ? OperatorException.wrap(op.getContext().getOperatorName(), op.getContext().getSubtaskIndex(), t) : first;
                }
            }
        }
        return first;
    }
}
