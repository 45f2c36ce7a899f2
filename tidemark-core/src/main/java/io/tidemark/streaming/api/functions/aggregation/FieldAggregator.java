package io.tidemark.streaming.api.functions.aggregation;

import io.tidemark.api.common.functions.ReduceFunction;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * The field aggregations of Flink's windowed streams ({@code sum("amount")}, {@code min}, {@code max},
 * {@code minBy}, {@code maxBy}) as a reduce function over POJOs (public or private fields), records,
 * or plain boxed numbers (position 0).
 *
 * <p>As in Flink, {@code sum}/{@code min}/{@code max} return a copy of the first record with only the
 * aggregated field changed; {@code minBy}/{@code maxBy} return the whole record holding the extreme
 * value (the first one on ties). Records are copied, never changed in place, because one record may
 * sit in several windows.
 */
public final class FieldAggregator<T> implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;

    /** The aggregations. */
    public enum Kind {
        /** Sum of the field. */
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
    private final String fieldName;
    private transient Field field;

    /** @param fieldName the field's name, or {@code null} to aggregate the value itself (a number) */
    public FieldAggregator(Kind kind, String fieldName) {
        this.kind = kind;
        this.fieldName = fieldName;
    }

    public Kind getKind() {
        return kind;
    }

    public String getFieldName() {
        return fieldName;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T reduce(T a, T b) throws Exception {
        if (fieldName == null) {
            return (T) combine((Number) a, (Number) b, a);
        }
        Field f = field(a.getClass());
        Number va = (Number) f.get(a);
        Number vb = (Number) f.get(b);
        switch (kind) {
            case MIN_BY:
                return compare(vb, va) < 0 ? b : a;
            case MAX_BY:
                return compare(vb, va) > 0 ? b : a;
            default:
                return withField(a, f, combine(va, vb, va));
        }
    }

    private Number combine(Number a, Number b, Object like) {
        switch (kind) {
            case SUM:
                return add(a, b, like);
            case MIN:
            case MIN_BY:
                return compare(b, a) < 0 ? b : a;
            case MAX:
            case MAX_BY:
                return compare(b, a) > 0 ? b : a;
            default:
                throw new IllegalStateException(kind.name());
        }
    }

    private static int compare(Number a, Number b) {
        if (a instanceof Double || a instanceof Float || b instanceof Double || b instanceof Float) {
            return Double.compare(a.doubleValue(), b.doubleValue());
        }
        return Long.compare(a.longValue(), b.longValue());
    }

    private static Number add(Number a, Number b, Object like) {
        if (like instanceof Integer) {
            return a.intValue() + b.intValue();
        } else if (like instanceof Long) {
            return a.longValue() + b.longValue();
        } else if (like instanceof Double) {
            return a.doubleValue() + b.doubleValue();
        } else if (like instanceof Float) {
            return a.floatValue() + b.floatValue();
        } else if (like instanceof Short) {
            return (short) (a.shortValue() + b.shortValue());
        } else if (like instanceof Byte) {
            return (byte) (a.byteValue() + b.byteValue());
        }
        throw new IllegalArgumentException("cannot sum values of type " + like.getClass().getName());
    }

    private Field field(Class<?> type) {
        Field f = field;
        if (f == null || f.getDeclaringClass() != type && !f.getDeclaringClass().isAssignableFrom(type)) {
            f = find(type, fieldName);
            Class<?> ft = f.getType();
            boolean numeric = Number.class.isAssignableFrom(ft)
                    || (ft.isPrimitive() && ft != boolean.class && ft != char.class);
            if (!numeric) {
                throw new IllegalArgumentException("field '" + fieldName + "' of " + type.getName() + " is not numeric");
            }
            f.setAccessible(true);
            field = f;
        }
        return f;
    }

    private static Field find(Class<?> type, String name) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                return c.getDeclaredField(name);
            } catch (NoSuchFieldException ignored) {
                // look in the superclass
            }
        }
        throw new IllegalArgumentException("no field '" + name + "' in " + type.getName());
    }

    @SuppressWarnings("unchecked")
    private static <T> T withField(T original, Field f, Number value) throws Exception {
        Class<?> type = original.getClass();
        Object converted = convert(value, f.getType());
        if (type.isRecord()) {
            RecordComponent[] components = type.getRecordComponents();
            Object[] args = new Object[components.length];
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                java.lang.reflect.Method accessor = components[i].getAccessor();
                accessor.setAccessible(true);
                args[i] = components[i].getName().equals(f.getName()) ? converted : accessor.invoke(original);
            }
            Constructor<?> c = type.getDeclaredConstructor(types);
            c.setAccessible(true);
            return (T) c.newInstance(args);
        }
        Constructor<?> c;
        try {
            c = type.getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getName() + " needs a no-argument constructor to be aggregated by field");
        }
        c.setAccessible(true);
        Object copy = c.newInstance();
        for (Field each : allFields(type)) {
            each.setAccessible(true);
            each.set(copy, each.get(original));
        }
        f.set(copy, converted);
        return (T) copy;
    }

    private static List<Field> allFields(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    fields.add(f);
                }
            }
        }
        return fields;
    }

    private static Object convert(Number v, Class<?> target) {
        if (target == int.class || target == Integer.class) {
            return v.intValue();
        } else if (target == long.class || target == Long.class) {
            return v.longValue();
        } else if (target == double.class || target == Double.class) {
            return v.doubleValue();
        } else if (target == float.class || target == Float.class) {
            return v.floatValue();
        } else if (target == short.class || target == Short.class) {
            return v.shortValue();
        } else if (target == byte.class || target == Byte.class) {
            return v.byteValue();
        }
        return v;
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase() + "(" + (fieldName == null ? "value" : fieldName) + ")";
    }
}
