package io.tidemark.runtime.tasks;

/**
 * Carries a failure out of an operator chain, naming the operator and subtask; the job fails with
 * the original exception as cause.
 */
public final class OperatorException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String operatorName;
    private final int subtaskIndex;

    public OperatorException(String operatorName, int subtaskIndex, Throwable cause) {
        super("operator '" + operatorName + "' (subtask " + subtaskIndex + ") failed: " + cause, cause, false, false);
        this.operatorName = operatorName;
        this.subtaskIndex = subtaskIndex;
    }

    public String getOperatorName() {
        return operatorName;
    }

    public int getSubtaskIndex() {
        return subtaskIndex;
    }

    /** Wraps {@code t} unless it already names an operator. */
    static RuntimeException wrap(String operatorName, int subtaskIndex, Throwable t) {
        if (t instanceof OperatorException) {
            return (OperatorException) t;
        }
        return new OperatorException(operatorName, subtaskIndex, t);
    }
}
