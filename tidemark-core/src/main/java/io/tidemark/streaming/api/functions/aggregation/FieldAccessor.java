package io.tidemark.streaming.api.functions.aggregation;

import io.tidemark.api.java.tuple.Tuple;
import java.io.Serializable;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads and replaces one field of a record, named as Flink names fields in aggregations and keys:
 * <ul>
 *   <li>a <b>position</b>: the field {@code fN} of a tuple, the element of an array (of objects or of
 *       primitives), or {@code 0} for the value itself of a basic type (a number, a string); a position
 *       on a POJO or record is an error, as in Flink;
 *   <li>an <b>expression</b>: {@code "*"} or {@code "0"} for the value itself; {@code "f1"} or
 *       {@code "1"} for a tuple's field; a field name for a POJO or a record (public or private field);
 *       nested with dots ({@code "f1.name"}, {@code "user.address.city"}); on an array
 *       only an index ({@code "2"}), as in Flink.
 * </ul>
 * Fields are resolved on the first record (Flink resolves them from type information when the job is
 * built); a name that does not exist fails the job naming the expression and the class.
 *
 * <p>{@link #set} never changes the record it is given: it returns a copy with the field replaced
 * (a tuple's {@code copy()}, a POJO's field-by-field copy, a record rebuilt), so a value already
 * emitted downstream is never changed afterwards.
 */
public final class FieldAccessor implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String expression;
    /** The path, one step per dot; a step is a position (digits or {@code fN} on tuples) or a name. */
    private final String[] steps;
    private final boolean byPosition;

    private FieldAccessor(String expression, boolean byPosition) {
        this.expression = expression;
        this.byPosition = byPosition;
        this.steps = expression.split("\\.", -1);
        for (String s : steps) {
            if (s.isEmpty()) {
                throw new IllegalArgumentException("invalid field expression '" + expression + "'");
            }
        }
    }

    /** The field at {@code position} of a tuple, or the value itself ({@code 0}) of a basic type. */
    public static FieldAccessor of(int position) {
        if (position < 0) {
            throw new IllegalArgumentException("field position must not be negative: " + position);
        }
        return new FieldAccessor(String.valueOf(position), true);
    }

    /** The field {@code expression} names (see the class comment). */
    public static FieldAccessor of(String expression) {
        Objects.requireNonNull(expression, "field expression");
        return new FieldAccessor(expression.trim(), false);
    }

    /** The expression as given (a position as its digits). */
    public String expression() {
        return expression;
    }

    /** The field's value in {@code record}. */
    public Object get(Object record) throws ReflectiveOperationException {
        Object v = record;
        for (int i = 0; i < steps.length; i++) {
            v = step(v, steps[i], i == steps.length - 1);
        }
        return v;
    }

    /** A copy of {@code record} with the field replaced by {@code value}; the value itself for a basic type. */
    public Object set(Object record, Object value) throws ReflectiveOperationException {
        return set(record, 0, value);
    }

    private Object set(Object record, int at, Object value) throws ReflectiveOperationException {
        String step = steps[at];
        if (record != null && record.getClass().isArray()) {
            int index = arrayIndex(record, step);
            Object inner = at == steps.length - 1 ? value : set(Array.get(record, index), at + 1, value);
            Object copy = Array.newInstance(record.getClass().getComponentType(), Array.getLength(record));
            System.arraycopy(record, 0, copy, 0, Array.getLength(record));
            Array.set(copy, index, convert(inner, record.getClass().getComponentType()));
            return copy;
        }
        if (isSelf(record, step)) {
            return value;
        }
        Object inner = at == steps.length - 1 ? value : set(step(record, step, false), at + 1, value);
        if (record instanceof Tuple) {
            Tuple copy = ((Tuple) record).copy();
            copy.setField(inner, tuplePosition((Tuple) record, step));
            return copy;
        }
        return withField(record, field(record.getClass(), step), inner);
    }

    private Object step(Object v, String step, boolean last) throws ReflectiveOperationException {
        if (v == null) {
            throw new NullPointerException("field expression '" + expression + "': a null value has no field '" + step + "'");
        }
        if (v.getClass().isArray()) {
            return Array.get(v, arrayIndex(v, step));
        }
        if (isSelf(v, step)) {
            return v;
        }
        if (v instanceof Tuple) {
            return ((Tuple) v).getField(tuplePosition((Tuple) v, step));
        }
        return field(v.getClass(), step).get(v);
    }

    /** Whether {@code step} selects the value itself: {@code "*"}, or {@code 0} on a basic type. */
    private boolean isSelf(Object v, String step) {
        if (step.equals("*")) {
            return true;
        }
        if (isBasic(v)) {
            if (step.equals("0") && steps.length == 1) {
                return true;
            }
            throw new IllegalArgumentException("field expression '" + expression + "' on a value of basic type "
                    + v.getClass().getName() + ": only position 0 or \"*\" (the value itself) is possible");
        }
        return false;
    }

    private static boolean isBasic(Object v) {
        return v instanceof Number || v instanceof String || v instanceof Boolean || v instanceof Character
                || v instanceof java.util.Date || v instanceof java.math.BigDecimal || v instanceof java.math.BigInteger;
    }

    /** The index {@code step} names in {@code array} (digits only, as Flink takes array fields). */
    private int arrayIndex(Object array, String step) {
        int index;
        try {
            index = Integer.parseInt(step);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("field expression '" + expression + "': a field of an array "
                    + array.getClass().getComponentType().getName() + "[] must be an integer index, not '" + step + "'");
        }
        if (index < 0 || index >= Array.getLength(array)) {
            throw new IllegalArgumentException("field expression '" + expression + "': index " + index
                    + " is out of range for an array of " + Array.getLength(array) + " elements");
        }
        return index;
    }

    private int tuplePosition(Tuple t, String step) {
        String digits = step.startsWith("f") && !byPosition ? step.substring(1) : step;
        int pos;
        try {
            pos = Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("field expression '" + expression + "': '" + step
                    + "' is not a field of a tuple (use f0, f1, ... or 0, 1, ...)");
        }
        if (pos < 0 || pos >= t.getArity()) {
            throw new IllegalArgumentException("field expression '" + expression + "': position " + pos
                    + " is out of range for a tuple of " + t.getArity() + " fields");
        }
        return pos;
    }

    private Field field(Class<?> type, String name) {
        if (byPosition) {
            throw new IllegalArgumentException("field position " + expression + " on " + type.getName()
                    + ": referencing a field by position is supported on tuples only (and position 0 of a basic "
                    + "type); name the field instead");
        }
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                if (!Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    return f;
                }
            } catch (NoSuchFieldException ignored) {
                // look in the superclass
            }
        }
        throw new IllegalArgumentException("field expression '" + expression + "': no field '" + name + "' in " + type.getName());
    }

    /** A copy of {@code original} with {@code f} set to {@code value}. */
    private static Object withField(Object original, Field f, Object value) throws ReflectiveOperationException {
        Class<?> type = original.getClass();
        Object converted = convert(value, f.getType());
        if (type.isRecord()) {
            RecordComponent[] components = type.getRecordComponents();
            Object[] args = new Object[components.length];
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                Method accessor = components[i].getAccessor();
                accessor.setAccessible(true);
                args[i] = components[i].getName().equals(f.getName()) ? converted : accessor.invoke(original);
            }
            Constructor<?> c = type.getDeclaredConstructor(types);
            c.setAccessible(true);
            return c.newInstance(args);
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
        return copy;
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

    /** A number in the field's own numeric type (a primitive {@code int} field takes an {@code Integer}). */
    static Object convert(Object v, Class<?> target) {
        if (!(v instanceof Number)) {
            return v;
        }
        Number n = (Number) v;
        if (target == int.class || target == Integer.class) {
            return n.intValue();
        } else if (target == long.class || target == Long.class) {
            return n.longValue();
        } else if (target == double.class || target == Double.class) {
            return n.doubleValue();
        } else if (target == float.class || target == Float.class) {
            return n.floatValue();
        } else if (target == short.class || target == Short.class) {
            return n.shortValue();
        } else if (target == byte.class || target == Byte.class) {
            return n.byteValue();
        }
        return v;
    }

    @Override
    public String toString() {
        return expression;
    }
}
