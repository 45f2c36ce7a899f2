package io.tidemark.runtime;

/** A job failed; the cause is the original exception, the message names the operator and subtask. */
public final class JobExecutionException extends Exception {

    private static final long serialVersionUID = 1L;

    public JobExecutionException(String message, Throwable cause) {
        super(message, cause);
    }
}
