package io.tidemark.cli.reconcile;

import java.time.Instant;
import java.util.List;

/**
 * One window of one key: the key fields' values as text (a string without its quotes, a number as
 * written), and the window's bounds in epoch ms (end exclusive). Ordered by key, then start, then end.
 */
public record WindowKey(List<String> key, long start, long end) implements Comparable<WindowKey> {

    public WindowKey {
        key = List.copyOf(key);
    }

    @Override
    public int compareTo(WindowKey o) {
        int c = compareKeys(key, o.key);
        if (c != 0) {
            return c;
        }
        c = Long.compare(start, o.start);
        return c != 0 ? c : Long.compare(end, o.end);
    }

    /** Keys field by field, then by length. */
    static int compareKeys(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /** Whether {@code t} (epoch ms) lies in this window. */
    public boolean contains(long t) {
        return t >= start && t < end;
    }

    /** {@code userId=u01 [2024-01-01T00:05:00Z, 2024-01-01T00:10:00Z)}. */
    public String describe(List<String> keyBy) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < key.size(); i++) {
            sb.append(i < keyBy.size() ? keyBy.get(i) : "key" + i).append('=').append(key.get(i)).append(' ');
        }
        return sb.append('[').append(time(start)).append(", ").append(time(end)).append(')').toString();
    }

    static String time(long ms) {
        return ms == Long.MAX_VALUE || ms == Long.MIN_VALUE ? Long.toString(ms) : Instant.ofEpochMilli(ms).toString();
    }
}
