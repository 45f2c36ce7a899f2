package io.tidemark.streaming.api.datastream;

import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.tuple.Tuple;
import io.tidemark.streaming.api.functions.aggregation.FieldAccessor;

/** A key of fields named by position or expression: a tuple of the fields' values, as Flink's field keys. */
final class FieldsKeySelector<T> implements KeySelector<T, Tuple> {

    private static final long serialVersionUID = 1L;

    private final FieldAccessor[] fields;

    private FieldsKeySelector(FieldAccessor[] fields) {
        if (fields.length == 0 || fields.length > Tuple.MAX_ARITY) {
            throw new IllegalArgumentException("a key needs 1 to " + Tuple.MAX_ARITY + " fields, not " + fields.length);
        }
        this.fields = fields;
    }

    static <T> FieldsKeySelector<T> ofPositions(int... positions) {
        FieldAccessor[] f = new FieldAccessor[positions.length];
        for (int i = 0; i < positions.length; i++) {
            f[i] = FieldAccessor.of(positions[i]);
        }
        return new FieldsKeySelector<>(f);
    }

    static <T> FieldsKeySelector<T> ofExpressions(String... expressions) {
        FieldAccessor[] f = new FieldAccessor[expressions.length];
        for (int i = 0; i < expressions.length; i++) {
            f[i] = FieldAccessor.of(expressions[i]);
        }
        return new FieldsKeySelector<>(f);
    }

    @Override
    public Tuple getKey(T value) throws Exception {
        Tuple key = Tuple.newInstance(fields.length);
        for (int i = 0; i < fields.length; i++) {
            key.setField(fields[i].get(value), i);
        }
        return key;
    }
}
