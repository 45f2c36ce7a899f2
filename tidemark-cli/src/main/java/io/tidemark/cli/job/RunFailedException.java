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

    /**
     * What to do about the JVM error that caused it, or null: more memory only when the heap (or direct
     * memory, or threads) ran out; a bigger thread stack for a stack overflow; a rebuild for a class
     * missing from the class path or incompatible with it (a {@link LinkageError}: the build is
     * incomplete or mixes versions — more memory would not help).
     */
    public String advice() {
        return advice(getCause());
    }

    /** {@link #advice()} for the first JVM error in {@code t}'s causes (null: none, or no advice). */
    public static String advice(Throwable t) {
        Throwable e = fatalError(t);
        String name = e == null ? "" : e.getClass().getName().equals("org.apache.flink.util.SerializedThrowable")
                ? String.valueOf(e.getMessage()) : e.getClass().getName();
        if (name.startsWith("java.lang.OutOfMemoryError")) {
            return "the JVM ran out of memory: give it more (TIDEMARK_JAVA_OPTS=-Xmx4g) or make the job smaller";
        }
        if (name.startsWith("java.lang.StackOverflowError")) {
            return "a thread's stack overflowed: give threads bigger stacks (TIDEMARK_JAVA_OPTS=-Xss8m)";
        }
        if (e instanceof LinkageError) {
            return "a class the run needs is missing from the class path, or does not match it: the build is incomplete or "
                    + "mixes versions. Rebuild (rm -rf tidemark-*/target, then ./tidemark again); if it persists, it is a bug";
        }
        return null;
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
