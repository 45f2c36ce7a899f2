package io.tidemark.flink;

/**
 * A Tidemark pipeline (or a part of it) that cannot run on Flink with the same semantics. Raised at
 * translation time, before anything runs; the message names the operator and what is wrong.
 */
public class TranslationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public TranslationException(String message) {
        super(message);
    }

    public TranslationException(String message, Throwable cause) {
        super(message, cause);
    }
}
