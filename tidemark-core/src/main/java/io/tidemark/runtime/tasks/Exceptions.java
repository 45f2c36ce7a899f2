package io.tidemark.runtime.tasks;

/** Checked exceptions through interfaces that cannot declare them, without losing an interrupt. */
final class Exceptions {

    private Exceptions() {}

    /**
     * {@code e} as an unchecked exception. An {@link InterruptedException} restores the thread's
     * interrupt flag first (so whoever handles the failure still sees that the thread was interrupted:
     * a cancelled task does not report its interruption as a failure) and travels as an
     * {@link InterruptedRuntimeException}.
     */
    static RuntimeException unchecked(Exception e) {
        if (e instanceof RuntimeException) {
            return (RuntimeException) e;
        }
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return new InterruptedRuntimeException((InterruptedException) e);
        }
        return new IllegalStateException(e);
    }

    /** An interrupt that had to cross an interface without checked exceptions; the flag is set again. */
    static final class InterruptedRuntimeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InterruptedRuntimeException(InterruptedException cause) {
            super("interrupted", cause);
        }
    }
}
