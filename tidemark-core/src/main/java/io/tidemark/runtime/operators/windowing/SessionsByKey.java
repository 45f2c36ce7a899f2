package io.tidemark.runtime.operators.windowing;

/**
 * The live sessions of every key: per key, a list of {@link Session}s linked by {@link Session#next}
 * in start order (they never overlap), its first session held in a {@link KeyMap}.
 *
 * <p>Bounds: one map entry per key with live sessions; per session one reference. A key holds a few
 * sessions at once (those whose cleanup time the watermark has not reached), so the list operations,
 * linear in the key's sessions, are short.
 */
final class SessionsByKey {

    private final KeyMap<Session> firsts = new KeyMap<>();
    private int size;

    /** The first session of {@code key}, or null. */
    Session first(Object key) {
        return firsts.get(key);
    }

    /** {@link #first} of the {@code Long} key {@code key}, without boxing it. */
    Session firstLong(long key) {
        return firsts.getLong(key);
    }

    /** Adds {@code s}, which overlaps none of its key's sessions; {@code first} is the key's first session or null. */
    void add(Session s, Session first) {
        if (first == null || s.start < first.start) {
            s.next = first;
            firsts.put(s.key, s);
        } else {
            Session p = first;
            while (p.next != null && p.next.start < s.start) {
                p = p.next;
            }
            s.next = p.next;
            p.next = s;
        }
        size++;
    }

    /** Removes the sessions after {@code into} up to {@code last} (inclusive), which merged into it. */
    void removeMerged(Session into, Session last) {
        for (Session m = into.next; m != last.next; m = m.next) {
            size--;
        }
        into.next = last.next;
    }

    /** Removes {@code s}. */
    void remove(Session s) {
        Session first = firsts.get(s.key);
        if (first == s) {
            if (s.next == null) {
                firsts.remove(s.key);
            } else {
                firsts.put(s.key, s.next);
            }
        } else {
            Session p = first;
            while (p.next != s) {
                p = p.next;
            }
            p.next = s.next;
        }
        s.next = null;
        size--;
    }

    /** Calls {@code action} with every key's first session. */
    void forEachFirst(java.util.function.Consumer<Session> action) {
        firsts.forEachValue(action);
    }

    /** Every session: key by key, each key's sessions in start order. */
    java.util.List<Session> all() {
        java.util.List<Session> all = new java.util.ArrayList<>(size);
        firsts.forEachValue(first -> {
            for (Session s = first; s != null; s = s.next) {
                all.add(s);
            }
        });
        return all;
    }

    /** Live sessions across all keys. */
    int size() {
        return size;
    }
}
