package io.tidemark.runtime.operators.sort;

import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * A bounded reorder buffer: holds records until the highest event time seen passes them by the
 * buffer, then releases them in event-time order, ties in arrival order. A record older than the last
 * one released is late: it goes to the late sink at once, never into the output out of order.
 *
 * <p>Design: a binary min-heap over (timestamp, arrival number) in three parallel arrays, so a
 * buffered record costs 16 B of keys and one reference (≈ 20–24 B with compressed references) besides
 * the record itself; {@link #offer} is O(log n) for the push and O(log n) per record released.
 *
 * <p>Rules, with {@code B} the buffer, {@code M} the highest timestamp offered so far and {@code L} the
 * timestamp of the last record released:
 * <ul>
 *   <li>a record with timestamp {@code t < L} is late (to the late sink, counted there);
 *   <li>otherwise it is buffered, and then every buffered record with {@code t ≤ M − B} is released,
 *   smallest (timestamp, arrival) first;
 *   <li>{@link #flush} (end of input) releases everything, in the same order.
 * </ul>
 * So the released sequence never decreases, and released ∪ late = offered, exactly once each
 * ({@code EventTimeSortProperties}). Bound: only records with {@code t > M − B} stay buffered, so at
 * most the records whose timestamps fall in one buffer-long span of event time below {@code M}: for
 * an input of {@code r} records per second of event time, about {@code r × B} records, each its own
 * size plus ≈ 24 B here (the arrays grow by doubling, so up to twice that in slots). Worked example:
 * 1,000 records/s and {@code B} = 5 s → at most ≈ 5,000 records, ≈ 120 KB of slots plus the records.
 *
 * <p>Not thread-safe: owned by one operator subtask or one split.
 */
public final class EventTimeSortBuffer<T> {

    /** Where released and late records go. */
    @FunctionalInterface
    public interface Sink<T> {
        void accept(T element, long timestamp);
    }

    private final long bufferMillis;
    private long[] timestamps = new long[16];
    private long[] arrivals = new long[16];
    private Object[] elements = new Object[16];
    private int size;
    private long nextArrival;
    private long maxSeen = Long.MIN_VALUE;
    private long lastReleased = Long.MIN_VALUE;

    public EventTimeSortBuffer(long bufferMillis) {
        if (bufferMillis < 0) {
            throw new IllegalArgumentException("the sort buffer cannot be negative: " + bufferMillis + " ms");
        }
        this.bufferMillis = bufferMillis;
    }

    /** Buffers (or, when late, hands to {@code late}) one record, then releases what the buffer no longer holds. */
    public void offer(T element, long timestamp, Sink<? super T> out, Sink<? super T> late) {
        if (timestamp < lastReleased) {
            late.accept(element, timestamp);
            return;
        }
        push(element, timestamp);
        if (timestamp > maxSeen) {
            maxSeen = timestamp;
        }
        long cutoff = maxSeen < Long.MIN_VALUE + bufferMillis ? Long.MIN_VALUE : maxSeen - bufferMillis;
        while (size > 0 && timestamps[0] <= cutoff) {
            releaseFirst(out);
        }
    }

    /** Releases every buffered record in order (the end of the input). */
    public void flush(Sink<? super T> out) {
        while (size > 0) {
            releaseFirst(out);
        }
    }

    /** Records held now. */
    public int size() {
        return size;
    }

    /** The buffer in milliseconds. */
    public long bufferMillis() {
        return bufferMillis;
    }

    /** The timestamp of the last record released, or {@code Long.MIN_VALUE} before the first. */
    public long lastReleased() {
        return lastReleased;
    }

    /** The highest timestamp offered (late records included), or {@code Long.MIN_VALUE} before the first. */
    public long maxSeen() {
        return maxSeen;
    }

    /** The buffered records in release order, then the counters: what a checkpoint keeps. */
    public void snapshot(StateOutput out) throws IOException {
        out.writeLong(maxSeen);
        out.writeLong(lastReleased);
        out.writeLong(nextArrival);
        out.writeInt(size);
        for (int i = 0; i < size; i++) {
            out.writeLong(timestamps[i]);
            out.writeLong(arrivals[i]);
            out.writeValue(elements[i]);
        }
    }

    /** Puts back what {@link #snapshot} wrote into an empty buffer. */
    @SuppressWarnings("unchecked")
    public void restore(StateInput in) throws IOException {
        if (size != 0) {
            throw new IllegalStateException("restore into a buffer that holds records");
        }
        maxSeen = in.readLong();
        lastReleased = in.readLong();
        nextArrival = in.readLong();
        int n = in.readInt();
        ensure(n);
        for (int i = 0; i < n; i++) { // written in heap order: a valid heap as it is
            timestamps[i] = in.readLong();
            arrivals[i] = in.readLong();
            elements[i] = in.readValue();
        }
        size = n;
    }

    // ------------------------------------------------------------------ the heap

    private void push(T element, long timestamp) {
        ensure(size + 1);
        int i = size++;
        long arrival = nextArrival++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(timestamp, arrival, timestamps[parent], arrivals[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        timestamps[i] = timestamp;
        arrivals[i] = arrival;
        elements[i] = element;
    }

    @SuppressWarnings("unchecked")
    private void releaseFirst(Sink<? super T> out) {
        T element = (T) elements[0];
        long timestamp = timestamps[0];
        int last = --size;
        long lt = timestamps[last];
        long la = arrivals[last];
        Object le = elements[last];
        elements[last] = null;
        int i = 0;
        int half = last >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < last && less(timestamps[right], arrivals[right], timestamps[child], arrivals[child])) {
                child = right;
            }
            if (!less(timestamps[child], arrivals[child], lt, la)) {
                break;
            }
            move(child, i);
            i = child;
        }
        if (last > 0) {
            timestamps[i] = lt;
            arrivals[i] = la;
            elements[i] = le;
        }
        lastReleased = timestamp;
        out.accept(element, timestamp);
    }

    private static boolean less(long t1, long a1, long t2, long a2) {
        return t1 < t2 || t1 == t2 && a1 < a2;
    }

    private void move(int from, int to) {
        timestamps[to] = timestamps[from];
        arrivals[to] = arrivals[from];
        elements[to] = elements[from];
    }

    private void ensure(int capacity) {
        if (capacity > timestamps.length) {
            int n = Math.max(capacity, timestamps.length * 2);
            timestamps = Arrays.copyOf(timestamps, n);
            arrivals = Arrays.copyOf(arrivals, n);
            elements = Arrays.copyOf(elements, n);
        }
    }
}
