package io.tidemark.configuration;

import java.io.Serializable;
import java.util.Locale;

/** An amount of bytes, as Flink's ({@code MemorySize.ofMebiBytes(128)}, {@code MemorySize.parse("1 kb")}). */
public final class MemorySize implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long bytes;

    public MemorySize(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0: " + bytes);
        }
        this.bytes = bytes;
    }

    public static MemorySize ofMebiBytes(long mebiBytes) {
        return new MemorySize(mebiBytes << 20);
    }

    /** {@code "128"}, {@code "64 kb"}, {@code "128mb"}, {@code "1 g"} (binary units). */
    public static MemorySize parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int i = 0;
        while (i < t.length() && Character.isDigit(t.charAt(i))) {
            i++;
        }
        if (i == 0) {
            throw new IllegalArgumentException("not a memory size: '" + text + "'");
        }
        long n = Long.parseLong(t.substring(0, i));
        String unit = t.substring(i).trim();
        switch (unit) {
            case "": case "b": case "bytes": return new MemorySize(n);
            case "k": case "kb": case "kibibytes": return new MemorySize(n << 10);
            case "m": case "mb": case "mebibytes": return new MemorySize(n << 20);
            case "g": case "gb": case "gibibytes": return new MemorySize(n << 30);
            case "t": case "tb": case "tebibytes": return new MemorySize(n << 40);
            default: throw new IllegalArgumentException("unknown memory unit '" + unit + "' in '" + text + "'");
        }
    }

    public long getBytes() {
        return bytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MemorySize && ((MemorySize) o).bytes == bytes;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(bytes);
    }

    @Override
    public String toString() {
        return bytes + " bytes";
    }
}
