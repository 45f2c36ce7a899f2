package io.tidemark.runtime.checkpoint;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Named steps of the checkpoint and commit protocol at which a test can crash the process on purpose:
 * started with {@code -Dtidemark.crash-at=STEP} (or {@code STEP:N}, the N-th time the step is reached,
 * counted across threads; default 1), the process halts ({@link Runtime#halt}, exit code
 * {@value #EXIT_CODE}, as a SIGKILL: no shutdown hook, no finally block, nothing flushed that was not
 * written) when it reaches that step, after a line on standard error naming it. So a crash test kills
 * the process exactly between two durable steps, not by timing luck.
 *
 * <p>The steps are listed in docs/checkpoints.md ("Crash points"): the engine's
 * ({@code checkpoint.metadata.written}, {@code checkpoint.completed}, and the same for the job's
 * {@code final-checkpoint}) and the command's (barriers, commits, files, commit records, tables, Kafka
 * transactions, the end of a run). Without the property, {@link #reach} is one comparison with null.
 */
public final class CrashPoints {

    /** The system property naming the step to crash at. */
    public static final String PROPERTY = "tidemark.crash-at";
    /** The exit code of a crash at a step (that of a SIGKILL). */
    public static final int EXIT_CODE = 137;

    private static final String STEP;
    private static final long AT;
    private static final AtomicLong REACHED = new AtomicLong();

    static {
        String v = System.getProperty(PROPERTY);
        String step = v == null || v.isBlank() ? null : v.strip();
        long at = 1;
        if (step != null && step.lastIndexOf(':') > 0) {
            int colon = step.lastIndexOf(':');
            at = Long.parseLong(step.substring(colon + 1));
            step = step.substring(0, colon);
        }
        STEP = step;
        AT = at;
    }

    private CrashPoints() {}

    /** The process reached {@code step}: halts if it is the step (and the time) asked for. */
    public static void reach(String step) {
        if (STEP == null || !STEP.equals(step)) {
            return;
        }
        if (REACHED.incrementAndGet() == AT) {
            System.err.println("tidemark: crash point " + step + ":" + AT + " reached: halting (" + PROPERTY + ")");
            System.err.flush();
            Runtime.getRuntime().halt(EXIT_CODE);
        }
    }
}
