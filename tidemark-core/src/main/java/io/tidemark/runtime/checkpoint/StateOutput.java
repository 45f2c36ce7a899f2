package io.tidemark.runtime.checkpoint;

import java.io.ByteArrayOutputStream;
import java.io.DataOutput;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.UTFDataFormatException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where one section of a snapshot is written: big-endian primitives into a growing array, values of
 * any type through {@link ValueCodec} ({@link #writeValue}). Objects of classes the codec does not
 * know go by Java serialization into a second stream beside the first (one
 * {@link ObjectOutputStream} per section, so a class's description is written once, not once per
 * object); {@link StateInput} reads them back in the same order.
 *
 * <p>Not thread-safe; used by one task thread while it snapshots. Cost: a bounds check and a store per
 * primitive; the array doubles when full.
 */
public final class StateOutput implements DataOutput {

    private byte[] buf;
    private int size;
    private ByteArrayOutputStream javaBytes;
    private ObjectOutputStream java;
    /** Java-serialized objects written so far (they are read back by count). */
    private int javaObjects;

    public StateOutput() {
        this(256);
    }

    public StateOutput(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }

    /** Bytes written so far to the main stream. */
    public int size() {
        return size;
    }

    /** The main stream's bytes. */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    /** The Java-serialized objects' stream (empty when there were none). */
    public byte[] javaBytes() throws IOException {
        if (java == null) {
            return new byte[0];
        }
        java.flush();
        return javaBytes.toByteArray();
    }

    /**
     * Both streams in one array, {@code [int length of the main stream][main stream][Java-serialized
     * objects]} (big-endian), for a store that keeps one value per entry (a RocksDB value, a Flink state
     * list entry); {@link StateInput#unpack} reads it back.
     */
    public byte[] toPackedBytes() throws IOException {
        byte[] objects = javaBytes();
        byte[] b = new byte[4 + size + objects.length];
        b[0] = (byte) (size >>> 24);
        b[1] = (byte) (size >>> 16);
        b[2] = (byte) (size >>> 8);
        b[3] = (byte) size;
        System.arraycopy(buf, 0, b, 4, size);
        System.arraycopy(objects, 0, b, 4 + size, objects.length);
        return b;
    }

    /** Writes {@code value} (any type; see {@link ValueCodec}). */
    public void writeValue(Object value) throws IOException {
        ValueCodec.write(this, value);
    }

    /** Writes {@code value} by Java serialization into the side stream. */
    void writeJava(Object value) throws IOException {
        if (java == null) {
            javaBytes = new ByteArrayOutputStream();
            java = new ObjectOutputStream(javaBytes);
        }
        try {
            java.writeObject(value);
        } catch (NotSerializableException e) {
            String name = value.getClass().getName();
            String part = name.equals(e.getMessage()) ? "" : " (a part of it, " + e.getMessage() + ", is not)";
            throw new NotSerializableException("state of class " + name + " cannot be checkpointed: it is not "
                    + "java.io.Serializable" + part + "; make it Serializable, or keep the state in types Tidemark "
                    + "writes itself (see docs/checkpoints.md)");
        }
        javaObjects++;
    }

    /** A string of any length (UTF-8, length first; null allowed). */
    public void writeString(String s) throws IOException {
        if (s == null) {
            writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        writeInt(b.length);
        write(b);
    }

    public void writeLongs(long[] values, int from, int to) {
        ensure((to - from) * 8);
        for (int i = from; i < to; i++) {
            writeLongUnchecked(values[i]);
        }
    }

    private void writeLongUnchecked(long v) {
        byte[] b = buf;
        int p = size;
        b[p] = (byte) (v >>> 56);
        b[p + 1] = (byte) (v >>> 48);
        b[p + 2] = (byte) (v >>> 40);
        b[p + 3] = (byte) (v >>> 32);
        b[p + 4] = (byte) (v >>> 24);
        b[p + 5] = (byte) (v >>> 16);
        b[p + 6] = (byte) (v >>> 8);
        b[p + 7] = (byte) v;
        size = p + 8;
    }

    @Override
    public void write(int b) {
        ensure(1);
        buf[size++] = (byte) b;
    }

    @Override
    public void write(byte[] b) {
        write(b, 0, b.length);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    @Override
    public void writeBoolean(boolean v) {
        write(v ? 1 : 0);
    }

    @Override
    public void writeByte(int v) {
        write(v);
    }

    @Override
    public void writeShort(int v) {
        ensure(2);
        buf[size++] = (byte) (v >>> 8);
        buf[size++] = (byte) v;
    }

    @Override
    public void writeChar(int v) {
        writeShort(v);
    }

    @Override
    public void writeInt(int v) {
        ensure(4);
        byte[] b = buf;
        int p = size;
        b[p] = (byte) (v >>> 24);
        b[p + 1] = (byte) (v >>> 16);
        b[p + 2] = (byte) (v >>> 8);
        b[p + 3] = (byte) v;
        size = p + 4;
    }

    @Override
    public void writeLong(long v) {
        ensure(8);
        writeLongUnchecked(v);
    }

    @Override
    public void writeFloat(float v) {
        writeInt(Float.floatToIntBits(v));
    }

    @Override
    public void writeDouble(double v) {
        writeLong(Double.doubleToLongBits(v));
    }

    @Override
    public void writeBytes(String s) {
        for (int i = 0; i < s.length(); i++) {
            write(s.charAt(i));
        }
    }

    @Override
    public void writeChars(String s) {
        for (int i = 0; i < s.length(); i++) {
            writeChar(s.charAt(i));
        }
    }

    @Override
    public void writeUTF(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length > 65535) {
            throw new UTFDataFormatException("string too long for writeUTF: " + b.length + " bytes; use writeString");
        }
        writeShort(b.length);
        write(b);
    }
}
