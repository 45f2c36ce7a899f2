package io.tidemark.core.execution;

/**
 * A job failed or was cancelled. For a failure the cause is the original exception or error; the
 * message names the operator and subtask where the engine knows them.
 */
public final class JobExecutionException extends Exception {

    private static final long serialVersionUID = 1L;

    public JobExecutionException(String message, Throwable cause) {
        super(message, cause);
    }
}
