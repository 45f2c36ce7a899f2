package io.tidemark.runtime.operators.windowing;

import java.util.Arrays;

/**
 * The event-time timers of the {@link SessionWindowOperator}: what the general operator's timer queue
 * would hold for its sessions, with the same order — by time, then registration — and the same
 * de-duplication on (session window, time).
 *
 * <p>Design: a binary min-heap of timers ordered by (time, registration number); a session points to
 * its registered timers, so de-duplication is a field check. Deleting a timer marks it cancelled; it
 * leaves the heap when it comes up, or when cancelled timers outnumber live ones (then the heap is
 * rebuilt in O(n)). Bounds: heap size ≤ 2 × live timers + 1024; O(log n) per registration and per
 * firing.
 */
final class SessionTimers {

    /** A registered timer of a session. */
    static final class Timer {
        final long time;
        final long seq;
        final Session session;
        boolean cancelled;

        Timer(long time, long seq, Session session) {
            this.time = time;
            this.seq = seq;
            this.session = session;
        }

    }

    /** How many more cancelled than live timers may stay in the heap before it is compacted. */
    private final int slack;

    /** The heap: timers with their times and registration numbers beside them, so sifting reads no timer object. */
    private Timer[] heap = new Timer[64];
    private long[] times = new long[64];
    private long[] seqs = new long[64];
    private int size;
    private int live;
    private long nextSeq;

    SessionTimers() {
        this(1024);
    }

    /** With a given compaction slack (tests use a small one, so compaction runs often). */
    SessionTimers(int slack) {
        this.slack = slack;
    }

    /** Registers the session's timer at {@code time} unless it has one there already. */
    void register(Session s, long time) {
        if ((s.timerA != null && s.timerA.time == time) || (s.timerB != null && s.timerB.time == time)) {
            return;
        }
        Timer t = new Timer(time, nextSeq++, s);
        if (s.timerA == null) {
            s.timerA = t;
        } else if (s.timerB == null) {
            s.timerB = t;
        } else {
            throw new IllegalStateException("a session has at most two timers");
        }
        push(t);
        live++;
    }

    /** Deletes every timer of the session. */
    void deleteAll(Session s) {
        if (s.timerA != null) {
            cancel(s.timerA);
            s.timerA = null;
        }
        if (s.timerB != null) {
            cancel(s.timerB);
            s.timerB = null;
        }
    }

    private void cancel(Timer t) {
        t.cancelled = true;
        live--;
        if (size > 2 * live + slack) {
            compact();
        }
    }

    /** Removes and returns the first live timer at or before {@code upTo} (no longer registered), or null. */
    Timer pollUpTo(long upTo) {
        while (size > 0 && times[0] <= upTo) {
            Timer t = pop();
            if (t.cancelled) {
                continue;
            }
            live--;
            Session s = t.session;
            if (s.timerA == t) {
                s.timerA = null;
            } else {
                s.timerB = null;
            }
            return t;
        }
        return null;
    }

    int liveTimers() {
        return live;
    }

    /** The live timers in the order they fire: by time, then registration. */
    Timer[] liveInOrder() {
        Timer[] out = new Timer[live];
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (!heap[i].cancelled) {
                out[n++] = heap[i];
            }
        }
        Arrays.sort(out, 0, n, (a, b) -> a.time != b.time ? Long.compare(a.time, b.time) : Long.compare(a.seq, b.seq));
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    private static boolean before(long time, long seq, long otherTime, long otherSeq) {
        return time < otherTime || (time == otherTime && seq < otherSeq);
    }

    private void push(Timer t) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            times = Arrays.copyOf(times, size * 2);
            seqs = Arrays.copyOf(seqs, size * 2);
        }
        int i = size++;
        long time = t.time;
        long seq = t.seq;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(time, seq, times[parent], seqs[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        put(i, t);
    }

    private void move(int from, int to) {
        heap[to] = heap[from];
        times[to] = times[from];
        seqs[to] = seqs[from];
    }

    private void put(int i, Timer t) {
        heap[i] = t;
        times[i] = t.time;
        seqs[i] = t.seq;
    }

    private Timer pop() {
        Timer top = heap[0];
        Timer last = heap[--size];
        heap[size] = null;
        if (size > 0) {
            siftDown(0, last);
        }
        return top;
    }

    private void siftDown(int i, Timer t) {
        long time = t.time;
        long seq = t.seq;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && before(times[right], seqs[right], times[child], seqs[child])) {
                child = right;
            }
            if (!before(times[child], seqs[child], time, seq)) {
                break;
            }
            move(child, i);
            i = child;
        }
        put(i, t);
    }

    /** Drops cancelled timers and re-heapifies. */
    private void compact() {
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (!heap[i].cancelled) {
                put(n++, heap[i]);
            }
        }
        Arrays.fill(heap, n, size, null);
        size = n;
        for (int i = (n >>> 1) - 1; i >= 0; i--) {
            siftDown(i, heap[i]);
        }
    }
}
