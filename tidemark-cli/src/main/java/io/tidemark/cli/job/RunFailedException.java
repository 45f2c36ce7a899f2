package io.tidemark.cli.job;

import java.util.List;

/**
 * The run failed while running: the job, an input or an output. Its outputs were put back as they
 * were before the run; {@link #kept()} names where the failed run's records were kept.
 */
public final class RunFailedException extends Exception {

    private static final long serialVersionUID = 1L;

    private final List<String> kept;

    RunFailedException(String message, Throwable cause, List<String> kept) {
        super(message, cause);
        this.kept = List.copyOf(kept);
    }

    public List<String> kept() {
        return kept;
    }

    /** Whether a JVM error (out of memory, stack overflow, …) caused it. */
    public boolean fatal() {
        return fatalError(getCause()) != null;
    }

    /** The first {@link Error} in {@code t}'s causes (also as Flink reports one from another JVM), or null. */
    public static Throwable fatalError(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof Error) {
                return c;
            }
            if (c.getClass().getName().equals("org.apache.flink.util.SerializedThrowable")
                    && String.valueOf(c.getMessage()).matches("(?s)^java\\.lang\\.(OutOfMemoryError|StackOverflowError|InternalError).*")) {
                return c;
            }
        }
        return null;
    }
}
