package io.tidemark.runtime.checkpoint;

import java.io.ByteArrayInputStream;
import java.io.DataInput;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads one section of a snapshot, as {@link StateOutput} wrote it: big-endian primitives, values
 * through {@link ValueCodec} ({@link #readValue}), Java-serialized objects from the section's second
 * stream in the order they were written. Classes of Java-serialized objects are resolved with the
 * thread's context class loader first (user classes), then the engine's.
 */
public final class StateInput implements DataInput {

    private final byte[] buf;
    private int pos;
    private final int end;
    private final byte[] javaBytes;
    private ObjectInputStream java;

    public StateInput(byte[] bytes) {
        this(bytes, new byte[0]);
    }

    public StateInput(byte[] bytes, byte[] javaBytes) {
        this.buf = bytes;
        this.end = bytes.length;
        this.javaBytes = javaBytes;
    }

    /** Reads what {@link StateOutput#toPackedBytes} wrote into {@code b[from, to)}. */
    public static StateInput unpack(byte[] b, int from, int to) throws IOException {
        if (to - from < 4) {
            throw new IOException("corrupt state value: " + (to - from) + " bytes, not even a length");
        }
        int n = (b[from] << 24) | ((b[from + 1] & 0xff) << 16) | ((b[from + 2] & 0xff) << 8) | (b[from + 3] & 0xff);
        if (n < 0 || n > to - from - 4) {
            throw new IOException("corrupt state value: a main stream of " + n + " bytes in " + (to - from - 4));
        }
        return new StateInput(Arrays.copyOfRange(b, from + 4, from + 4 + n), Arrays.copyOfRange(b, from + 4 + n, to));
    }

    /** Bytes left in the main stream. */
    public int remaining() {
        return end - pos;
    }

    public Object readValue() throws IOException {
        return ValueCodec.read(this);
    }

    Object readJava() throws IOException {
        if (java == null) {
            java = new ContextObjectInputStream(new ByteArrayInputStream(javaBytes));
        }
        try {
            return java.readObject();
        } catch (ClassNotFoundException e) {
            throw new IOException("state of class " + e.getMessage() + " cannot be restored: the class is not on the class path", e);
        }
    }

    /** A string written by {@link StateOutput#writeString}. */
    public String readString() throws IOException {
        int n = readInt();
        if (n < 0) {
            return null;
        }
        need(n);
        String s = new String(buf, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    public void readLongs(long[] into, int from, int to) throws IOException {
        need((to - from) * 8);
        for (int i = from; i < to; i++) {
            into[i] = readLongUnchecked();
        }
    }

    private void need(int n) throws EOFException {
        if (n < 0 || end - pos < n) {
            throw new EOFException("the snapshot section ends " + (end - pos) + " bytes after here, " + n + " needed");
        }
    }

    private long readLongUnchecked() {
        byte[] b = buf;
        int p = pos;
        pos = p + 8;
        return ((long) b[p] << 56) | ((long) (b[p + 1] & 0xff) << 48) | ((long) (b[p + 2] & 0xff) << 40)
                | ((long) (b[p + 3] & 0xff) << 32) | ((long) (b[p + 4] & 0xff) << 24) | ((b[p + 5] & 0xff) << 16)
                | ((b[p + 6] & 0xff) << 8) | (b[p + 7] & 0xff);
    }

    @Override
    public void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        need(len);
        System.arraycopy(buf, pos, b, off, len);
        pos += len;
    }

    @Override
    public int skipBytes(int n) throws IOException {
        need(n);
        pos += n;
        return n;
    }

    @Override
    public boolean readBoolean() throws IOException {
        return readByte() != 0;
    }

    @Override
    public byte readByte() throws IOException {
        need(1);
        return buf[pos++];
    }

    @Override
    public int readUnsignedByte() throws IOException {
        return readByte() & 0xff;
    }

    @Override
    public short readShort() throws IOException {
        need(2);
        short v = (short) ((buf[pos] << 8) | (buf[pos + 1] & 0xff));
        pos += 2;
        return v;
    }

    @Override
    public int readUnsignedShort() throws IOException {
        return readShort() & 0xffff;
    }

    @Override
    public char readChar() throws IOException {
        return (char) readShort();
    }

    @Override
    public int readInt() throws IOException {
        need(4);
        byte[] b = buf;
        int p = pos;
        pos = p + 4;
        return (b[p] << 24) | ((b[p + 1] & 0xff) << 16) | ((b[p + 2] & 0xff) << 8) | (b[p + 3] & 0xff);
    }

    @Override
    public long readLong() throws IOException {
        need(8);
        return readLongUnchecked();
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    @Override
    public String readLine() {
        throw new UnsupportedOperationException("readLine");
    }

    @Override
    public String readUTF() throws IOException {
        int n = readUnsignedShort();
        need(n);
        String s = new String(buf, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    /** Resolves classes with the thread's context class loader first, where user classes are. */
    private static final class ContextObjectInputStream extends ObjectInputStream {
        ContextObjectInputStream(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            ClassLoader context = Thread.currentThread().getContextClassLoader();
            if (context != null) {
                try {
                    return Class.forName(desc.getName(), false, context);
                } catch (ClassNotFoundException e) {
                    // fall back to the default resolution
                }
            }
            return super.resolveClass(desc);
        }
    }
}
