package io.tidemark.api.java.tuple;

/** A tuple field that must not be null was null ({@link Tuple#getFieldNotNull}). */
public class NullFieldException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int fieldPos;

    public NullFieldException(int fieldIdx) {
        super("Field " + fieldIdx + " is null, but expected to hold a value.");
        this.fieldPos = fieldIdx;
    }

    /** The position of the null field. */
    public int getFieldPos() {
        return fieldPos;
    }
}
