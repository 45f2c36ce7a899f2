package io.tidemark.connector.jdbc;

/** A write that cannot succeed: a non-transient database error, or retries exhausted. */
public class JdbcSinkException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public JdbcSinkException(String message, Throwable cause) {
        super(message, cause);
    }
}
