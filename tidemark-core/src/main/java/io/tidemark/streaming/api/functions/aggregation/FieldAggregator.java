package io.tidemark.streaming.api.functions.aggregation;

import io.tidemark.api.common.functions.ReduceFunction;

/**
 * The field aggregations of Flink's keyed and windowed streams ({@code sum}, {@code min}, {@code max},
 * {@code minBy}, {@code maxBy}) as a reduce function, on a field named by position (tuples, or 0 for
 * the value itself) or by expression (see {@link FieldAccessor}). {@code reduce(acc, next)} is called
 * with the result so far and the next record, with Flink 2.3's exact rules:
 * <ul>
 *   <li>{@code sum}: {@code acc} with the field replaced by {@code acc.field + next.field}; the other
 *       fields stay those of the first record. Byte, short, int, long, float and double fields (the sum
 *       keeps the field's type and overflows like it).
 *   <li>{@code min} / {@code max}: {@code acc} with the field replaced by {@code next.field} when that is
 *       smaller (larger) or equal; the other fields stay those of the first record. Any
 *       {@link Comparable} field.
 *   <li>{@code minBy} / {@code maxBy}: the whole record holding the smaller (larger) value; on a tie the
 *       earlier record when {@code first} (the default), else the later one.
 * </ul>
 * Records are never changed in place: a result is a copy (one record may sit in several windows, and
 * an emitted record must not change afterwards).
 */
public final class FieldAggregator<T> implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;

    /** The aggregations. */
    public enum Kind {
        /** Sum of the field, other fields from the first record. */
        SUM,
        /** Minimum of the field, other fields from the first record. */
        MIN,
        /** Maximum of the field, other fields from the first record. */
        MAX,
        /** The record with the minimum value. */
        MIN_BY,
        /** The record with the maximum value. */
        MAX_BY
    }

    private final Kind kind;
    private final FieldAccessor field;
    private final boolean first;

    /** @param fieldName the field expression, or {@code null} to aggregate the value itself (a number) */
    public FieldAggregator(Kind kind, String fieldName) {
        this(kind, fieldName == null ? FieldAccessor.of("*") : FieldAccessor.of(fieldName), true);
    }

    /**
     * @param field the field
     * @param first for {@code minBy}/{@code maxBy}: on a tie keep the earlier record (else the later)
     */
    public FieldAggregator(Kind kind, FieldAccessor field, boolean first) {
        this.kind = kind;
        this.field = field;
        this.first = first;
    }

    public Kind getKind() {
        return kind;
    }

    /** The field's expression ({@code "*"} for the value itself, digits for a position). */
    public String getFieldName() {
        return field.expression();
    }

    /** For {@code minBy}/{@code maxBy}: whether a tie keeps the earlier record. */
    public boolean isFirst() {
        return first;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T reduce(T acc, T next) throws Exception {
        Object a = field.get(acc);
        Object b = field.get(next);
        switch (kind) {
            case SUM:
                return (T) field.set(acc, add(a, b));
            case MIN:
                return compare(a, b) >= 0 ? (T) field.set(acc, b) : acc;
            case MAX:
                return compare(a, b) <= 0 ? (T) field.set(acc, b) : acc;
            case MIN_BY: {
                int c = compare(a, b);
                return c < 0 || c == 0 && first ? acc : next;
            }
            case MAX_BY: {
                int c = compare(a, b);
                return c > 0 || c == 0 && first ? acc : next;
            }
            default:
                throw new IllegalStateException(kind.name());
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private int compare(Object a, Object b) {
        if (a instanceof Number && b instanceof Number && a.getClass() != b.getClass()) {
            Number x = (Number) a;
            Number y = (Number) b;
            if (x instanceof Double || x instanceof Float || y instanceof Double || y instanceof Float) {
                return Double.compare(x.doubleValue(), y.doubleValue());
            }
            return Long.compare(x.longValue(), y.longValue());
        }
        if (!(a instanceof Comparable)) {
            throw new IllegalArgumentException(kind.name().toLowerCase() + "(" + field + "): the field's value "
                    + (a == null ? "is null" : "of type " + a.getClass().getName() + " is not Comparable"));
        }
        return ((Comparable) a).compareTo(b);
    }

    private Object add(Object a, Object b) {
        if (a instanceof Integer) {
            return (Integer) a + ((Number) b).intValue();
        } else if (a instanceof Long) {
            return (Long) a + ((Number) b).longValue();
        } else if (a instanceof Double) {
            return (Double) a + ((Number) b).doubleValue();
        } else if (a instanceof Float) {
            return (Float) a + ((Number) b).floatValue();
        } else if (a instanceof Short) {
            return (short) ((Short) a + ((Number) b).shortValue());
        } else if (a instanceof Byte) {
            return (byte) ((Byte) a + ((Number) b).byteValue());
        }
        throw new IllegalArgumentException("sum(" + field + "): sum aggregation on a field of type "
                + (a == null ? "null" : a.getClass().getName()) + " is not supported (byte, short, int, long, float, double)");
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase() + "(" + field + ")";
    }
}
