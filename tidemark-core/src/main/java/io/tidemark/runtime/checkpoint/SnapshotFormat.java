package io.tidemark.runtime.checkpoint;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The bytes of a {@link StateSnapshot} inside a checkpoint file (docs/checkpoints.md, "On disk"):
 * the number of sections, then per section its name (UTF-8, length first), format version, the
 * length and bytes of its main stream, the length and bytes of its Java-serialized objects.
 */
public final class SnapshotFormat {

    /** Longest section name accepted when reading. */
    private static final int MAX_NAME = 1024;

    private SnapshotFormat() {}

    public static void write(DataOutput out, StateSnapshot snapshot) throws IOException {
        out.writeInt(snapshot.sections().size());
        for (Map.Entry<String, StateSnapshot.Section> e : snapshot.sections().entrySet()) {
            writeString(out, e.getKey());
            StateSnapshot.Section s = e.getValue();
            out.writeInt(s.version());
            out.writeInt(s.bytes().length);
            out.write(s.bytes());
            out.writeInt(s.javaBytes().length);
            out.write(s.javaBytes());
        }
    }

    public static StateSnapshot read(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 1 << 20) {
            throw new IOException("corrupt snapshot: " + n + " sections");
        }
        Map<String, StateSnapshot.Section> sections = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            String name = readString(in, MAX_NAME);
            int version = in.readInt();
            byte[] bytes = bytes(in);
            byte[] java = bytes(in);
            sections.put(name, new StateSnapshot.Section(version, bytes, java));
        }
        return StateSnapshot.of(sections);
    }

    /** A string: its UTF-8 length, then its bytes. */
    public static void writeString(DataOutput out, String s) throws IOException {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    public static String readString(DataInput in, int max) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > max) {
            throw new IOException("corrupt snapshot: a name of " + n + " bytes");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static byte[] bytes(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            throw new IOException("corrupt snapshot: a section of " + n + " bytes");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }
}
