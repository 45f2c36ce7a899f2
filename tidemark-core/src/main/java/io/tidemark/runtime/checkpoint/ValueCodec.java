package io.tidemark.runtime.checkpoint;

import io.tidemark.api.java.tuple.Tuple;
import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * How a state value of any type — a key, an accumulator, a list element, a window — is written into a
 * snapshot: a tag byte, then the value. The JDK's common value types, Tidemark's tuples and windows,
 * and the collections {@code ArrayList}, {@code HashMap}, {@code LinkedHashMap}, {@code HashSet} and
 * {@code LinkedHashSet} (of such values) have their own compact encoding, stable across releases
 * (format version 1, docs/checkpoints.md); any other object is written by Java serialization (its
 * class must be {@code Serializable}, and may evolve only as Java serialization allows).
 *
 * <p>Exact classes only: a subclass of {@code ArrayList} or of a tuple goes by Java serialization, so
 * it comes back as what it was.
 */
public final class ValueCodec {

    static final int NULL = 0;
    static final int LONG = 1;
    static final int INT = 2;
    static final int STRING = 3;
    static final int DOUBLE = 4;
    static final int BOOLEAN = 5;
    static final int FLOAT = 6;
    static final int SHORT = 7;
    static final int BYTE = 8;
    static final int CHAR = 9;
    static final int BYTES = 10;
    static final int LONGS = 11;
    static final int INTS = 12;
    static final int DOUBLES = 13;
    static final int BIG_DECIMAL = 14;
    static final int BIG_INTEGER = 15;
    static final int TIME_WINDOW = 16;
    static final int GLOBAL_WINDOW = 17;
    static final int VOID_NAMESPACE = 18;
    static final int TUPLE = 19;
    static final int ARRAY_LIST = 20;
    static final int HASH_MAP = 21;
    static final int LINKED_HASH_MAP = 22;
    static final int HASH_SET = 23;
    static final int LINKED_HASH_SET = 24;
    static final int JAVA = 63;

    private ValueCodec() {}

    /** Writes {@code v}, tagged. */
    public static void write(StateOutput out, Object v) throws IOException {
        if (v == null) {
            out.writeByte(NULL);
            return;
        }
        Class<?> c = v.getClass();
        if (c == Long.class) {
            out.writeByte(LONG);
            out.writeLong((Long) v);
        } else if (c == Integer.class) {
            out.writeByte(INT);
            out.writeInt((Integer) v);
        } else if (c == String.class) {
            out.writeByte(STRING);
            out.writeString((String) v);
        } else if (c == Double.class) {
            out.writeByte(DOUBLE);
            out.writeDouble((Double) v);
        } else if (c == Boolean.class) {
            out.writeByte(BOOLEAN);
            out.writeBoolean((Boolean) v);
        } else if (c == Float.class) {
            out.writeByte(FLOAT);
            out.writeFloat((Float) v);
        } else if (c == Short.class) {
            out.writeByte(SHORT);
            out.writeShort((Short) v);
        } else if (c == Byte.class) {
            out.writeByte(BYTE);
            out.writeByte((Byte) v);
        } else if (c == Character.class) {
            out.writeByte(CHAR);
            out.writeChar((Character) v);
        } else if (c == byte[].class) {
            byte[] a = (byte[]) v;
            out.writeByte(BYTES);
            out.writeInt(a.length);
            out.write(a);
        } else if (c == long[].class) {
            long[] a = (long[]) v;
            out.writeByte(LONGS);
            out.writeInt(a.length);
            out.writeLongs(a, 0, a.length);
        } else if (c == int[].class) {
            int[] a = (int[]) v;
            out.writeByte(INTS);
            out.writeInt(a.length);
            for (int x : a) {
                out.writeInt(x);
            }
        } else if (c == double[].class) {
            double[] a = (double[]) v;
            out.writeByte(DOUBLES);
            out.writeInt(a.length);
            for (double x : a) {
                out.writeDouble(x);
            }
        } else if (c == BigDecimal.class) {
            BigDecimal d = (BigDecimal) v;
            out.writeByte(BIG_DECIMAL);
            out.writeInt(d.scale());
            byte[] b = d.unscaledValue().toByteArray();
            out.writeInt(b.length);
            out.write(b);
        } else if (c == BigInteger.class) {
            byte[] b = ((BigInteger) v).toByteArray();
            out.writeByte(BIG_INTEGER);
            out.writeInt(b.length);
            out.write(b);
        } else if (c == TimeWindow.class) {
            TimeWindow w = (TimeWindow) v;
            out.writeByte(TIME_WINDOW);
            out.writeLong(w.getStart());
            out.writeLong(w.getEnd());
        } else if (c == GlobalWindow.class) {
            out.writeByte(GLOBAL_WINDOW);
        } else if (c == VoidNamespace.class) {
            out.writeByte(VOID_NAMESPACE);
        } else if (v instanceof Tuple t && c == Tuple.getTupleClass(t.getArity())) {
            out.writeByte(TUPLE);
            out.writeByte(t.getArity());
            for (int i = 0; i < t.getArity(); i++) {
                write(out, t.getField(i));
            }
        } else if (c == ArrayList.class) {
            List<?> l = (List<?>) v;
            out.writeByte(ARRAY_LIST);
            out.writeInt(l.size());
            for (Object e : l) {
                write(out, e);
            }
        } else if (c == HashMap.class || c == LinkedHashMap.class) {
            Map<?, ?> m = (Map<?, ?>) v;
            out.writeByte(c == HashMap.class ? HASH_MAP : LINKED_HASH_MAP);
            out.writeInt(m.size());
            for (Map.Entry<?, ?> e : m.entrySet()) {
                write(out, e.getKey());
                write(out, e.getValue());
            }
        } else if (c == HashSet.class || c == LinkedHashSet.class) {
            java.util.Set<?> s = (java.util.Set<?>) v;
            out.writeByte(c == HashSet.class ? HASH_SET : LINKED_HASH_SET);
            out.writeInt(s.size());
            for (Object e : s) {
                write(out, e);
            }
        } else {
            out.writeByte(JAVA);
            out.writeJava(v);
        }
    }

    /** Reads a value {@link #write} wrote. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Object read(StateInput in) throws IOException {
        int tag = in.readUnsignedByte();
        switch (tag) {
            case NULL:
                return null;
            case LONG:
                return in.readLong();
            case INT:
                return in.readInt();
            case STRING:
                return in.readString();
            case DOUBLE:
                return in.readDouble();
            case BOOLEAN:
                return in.readBoolean();
            case FLOAT:
                return in.readFloat();
            case SHORT:
                return in.readShort();
            case BYTE:
                return in.readByte();
            case CHAR:
                return in.readChar();
            case BYTES: {
                byte[] a = new byte[length(in)];
                in.readFully(a);
                return a;
            }
            case LONGS: {
                long[] a = new long[length(in)];
                in.readLongs(a, 0, a.length);
                return a;
            }
            case INTS: {
                int[] a = new int[length(in)];
                for (int i = 0; i < a.length; i++) {
                    a[i] = in.readInt();
                }
                return a;
            }
            case DOUBLES: {
                double[] a = new double[length(in)];
                for (int i = 0; i < a.length; i++) {
                    a[i] = in.readDouble();
                }
                return a;
            }
            case BIG_DECIMAL: {
                int scale = in.readInt();
                byte[] b = new byte[length(in)];
                in.readFully(b);
                return new BigDecimal(new BigInteger(b), scale);
            }
            case BIG_INTEGER: {
                byte[] b = new byte[length(in)];
                in.readFully(b);
                return new BigInteger(b);
            }
            case TIME_WINDOW:
                return new TimeWindow(in.readLong(), in.readLong());
            case GLOBAL_WINDOW:
                return GlobalWindow.get();
            case VOID_NAMESPACE:
                return VoidNamespace.INSTANCE;
            case TUPLE: {
                int arity = in.readUnsignedByte();
                Tuple t = Tuple.newInstance(arity);
                for (int i = 0; i < arity; i++) {
                    t.setField(read(in), i);
                }
                return t;
            }
            case ARRAY_LIST: {
                int n = length(in);
                List<Object> l = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    l.add(read(in));
                }
                return l;
            }
            case HASH_MAP:
            case LINKED_HASH_MAP: {
                int n = length(in);
                Map m = tag == HASH_MAP ? new HashMap<>(capacity(n)) : new LinkedHashMap<>(capacity(n));
                for (int i = 0; i < n; i++) {
                    m.put(read(in), read(in));
                }
                return m;
            }
            case HASH_SET:
            case LINKED_HASH_SET: {
                int n = length(in);
                java.util.Set s = tag == HASH_SET ? new HashSet<>(capacity(n)) : new LinkedHashSet<>(capacity(n));
                for (int i = 0; i < n; i++) {
                    s.add(read(in));
                }
                return s;
            }
            case JAVA:
                return in.readJava();
            default:
                throw new IOException("unknown value tag " + tag + " in a snapshot (written by a newer Tidemark, or corrupt)");
        }
    }

    private static int length(StateInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > in.remaining()) {
            throw new IOException("corrupt snapshot: a length of " + n);
        }
        return n;
    }

    private static int capacity(int n) {
        return (int) Math.min(1 << 30, n * 4L / 3 + 1);
    }
}
