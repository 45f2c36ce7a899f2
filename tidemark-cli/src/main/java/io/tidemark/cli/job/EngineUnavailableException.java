package io.tidemark.cli.job;

/**
 * An optional engine or tool (Flink, the benchmarks) is not on the class path, or does not match this
 * command: the command prints the message and exits with code 2, before anything runs.
 */
public final class EngineUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public EngineUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
