package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.java.tuple.Tuple;
import java.util.Arrays;

/**
 * {@link DataStream#project}: each tuple's fields at the given positions, in that order, as a new
 * tuple, with Flink's rules: 1 to 24 positions ({@code Tuple.MAX_ARITY - 1}), each one a field of the
 * input tuple, a position may repeat. The input must be tuples; Flink checks this and the positions
 * against the stream's type when the job is built, Tidemark at the first record that does not fit.
 *
 * <p>Each record gets a new tuple: a projected value is never changed after it was emitted.
 *
 * @param <IN> the input tuple type
 * @param <OUT> the projected tuple type
 */
final class Projection<IN, OUT extends Tuple> implements MapFunction<IN, OUT> {

    private static final long serialVersionUID = 1L;

    private final int[] fields;

    Projection(int... fieldIndexes) {
        if (fieldIndexes == null || fieldIndexes.length == 0) {
            throw new IllegalArgumentException("project() needs to select at least one (1) field.");
        }
        if (fieldIndexes.length > Tuple.MAX_ARITY - 1) {
            throw new IllegalArgumentException("project() may select only up to (" + (Tuple.MAX_ARITY - 1) + ") fields.");
        }
        for (int f : fieldIndexes) {
            if (f < 0) {
                throw new IndexOutOfBoundsException("project(): field index " + f + " is negative");
            }
        }
        this.fields = fieldIndexes.clone();
    }

    @Override
    @SuppressWarnings("unchecked")
    public OUT map(IN value) {
        if (!(value instanceof Tuple in)) {
            throw new IllegalArgumentException("Only Tuple DataStreams can be projected: project" + Arrays.toString(fields)
                    + " got a " + (value == null ? "null" : value.getClass().getName()));
        }
        Tuple out = Tuple.newInstance(fields.length);
        for (int i = 0; i < fields.length; i++) {
            if (fields[i] >= in.getArity()) {
                throw new IndexOutOfBoundsException("project" + Arrays.toString(fields) + ": field index " + fields[i]
                        + " is out of range for a tuple of " + in.getArity() + " fields: " + in);
            }
            out.setField(in.getField(fields[i]), i);
        }
        return (OUT) out;
    }
}
