package io.tidemark.runtime.timers;

import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * Keyed timers of one time domain, de-duplicated on (key, namespace, time).
 *
 * <p>Design: timers are grouped in buckets by timestamp (a tree of timestamps, each with an
 * insertion-ordered set). Aligned windows share their end timestamp across all keys, so there are few
 * buckets and most operations are one hash lookup plus O(log buckets). Timers of one timestamp fire
 * in registration order, which makes firing deterministic.
 */
final class TimerQueue implements EventTimers {

    private final TreeMap<Long, LinkedHashMap<KeyNs, Boolean>> buckets = new TreeMap<>();
    private int size;

    /** Key and namespace of a timer; the bucket gives the time. */
    static final class KeyNs {
        final Object key;
        final Object namespace;
        private final int hash;

        KeyNs(Object key, Object namespace) {
            this.key = key;
            this.namespace = namespace;
            this.hash = key.hashCode() * 31 + namespace.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof KeyNs)) {
                return false;
            }
            KeyNs k = (KeyNs) o;
            return key.equals(k.key) && namespace.equals(k.namespace);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /**
     * The bucket most recently added to: aligned windows register runs of timers at the same time, so
     * most additions skip the tree. Dropped whenever its bucket leaves the tree.
     */
    private long cachedTime;
    private LinkedHashMap<KeyNs, Boolean> cachedBucket;

    private LinkedHashMap<KeyNs, Boolean> bucketForAdd(long time) {
        LinkedHashMap<KeyNs, Boolean> bucket = cachedBucket;
        if (bucket != null && cachedTime == time) {
            return bucket;
        }
        bucket = buckets.get(time);
        if (bucket == null) {
            bucket = new LinkedHashMap<>();
            buckets.put(time, bucket);
        }
        cachedTime = time;
        cachedBucket = bucket;
        return bucket;
    }

    private void removeBucket(long time) {
        buckets.remove(time);
        if (cachedBucket != null && cachedTime == time) {
            cachedBucket = null;
        }
    }

    /** Adds a timer; returns false if it was already there. */
    @Override
    public boolean add(long time, Object key, Object namespace) {
        LinkedHashMap<KeyNs, Boolean> bucket = bucketForAdd(time);
        if (bucket.putIfAbsent(new KeyNs(key, namespace), Boolean.TRUE) == null) {
            size++;
            return true;
        }
        return false;
    }

    @Override
    public boolean remove(long time, Object key, Object namespace) {
        LinkedHashMap<KeyNs, Boolean> bucket = cachedBucket != null && cachedTime == time ? cachedBucket : buckets.get(time);
        if (bucket != null && bucket.remove(new KeyNs(key, namespace)) != null) {
            size--;
            if (bucket.isEmpty()) {
                removeBucket(time);
            }
            return true;
        }
        return false;
    }

    /** The earliest timer time, or {@link Long#MAX_VALUE} when empty. */
    @Override
    public long peekTime() {
        return buckets.isEmpty() ? Long.MAX_VALUE : buckets.firstKey();
    }

    /** Removes and returns the earliest timer if its time is at most {@code upTo}, else null. */
    @Override
    public Timer pollUpTo(long upTo) {
        if (buckets.isEmpty()) {
            return null;
        }
        Map.Entry<Long, LinkedHashMap<KeyNs, Boolean>> first = buckets.firstEntry();
        long time = first.getKey();
        if (time > upTo) {
            return null;
        }
        Iterator<KeyNs> it = first.getValue().keySet().iterator();
        KeyNs kn = it.next();
        it.remove();
        size--;
        if (first.getValue().isEmpty()) {
            removeBucket(time);
        }
        return new Timer(time, kn.key, kn.namespace);
    }

    @Override
    public int size() {
        return size;
    }

    /** Calls {@code action} with the key and namespace of every timer, by time (a walk: O(timers)). */
    @Override
    public void forEach(BiConsumer<Object, Object> action) {
        for (LinkedHashMap<KeyNs, Boolean> bucket : buckets.values()) {
            for (KeyNs kn : bucket.keySet()) {
                action.accept(kn.key, kn.namespace);
            }
        }
    }

    /** Writes every timer: by time, and within a time in registration order (the order they fire in). */
    @Override
    public void snapshot(StateOutput out) throws IOException {
        out.writeInt(buckets.size());
        for (Map.Entry<Long, LinkedHashMap<KeyNs, Boolean>> b : buckets.entrySet()) {
            out.writeLong(b.getKey());
            out.writeInt(b.getValue().size());
            for (KeyNs kn : b.getValue().keySet()) {
                out.writeValue(kn.key);
                out.writeValue(kn.namespace);
            }
        }
    }

    /** Adds the timers {@link #snapshot} wrote, in the same order, keeping those of keys {@code keys} accepts. */
    @Override
    public void restore(StateInput in, Predicate<Object> keys) throws IOException {
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            long time = in.readLong();
            int m = in.readInt();
            for (int j = 0; j < m; j++) {
                Object key = in.readValue();
                Object namespace = in.readValue();
                if (keys.test(key)) {
                    add(time, key, namespace);
                }
            }
        }
    }
}
