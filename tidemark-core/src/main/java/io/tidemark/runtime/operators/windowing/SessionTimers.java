package io.tidemark.runtime.operators.windowing;

import java.util.Arrays;

/**
 * The event-time timers of the session fast path: what the operator's timer queue would hold for its
 * sessions, with the same order — by time, then registration — and the same de-duplication on
 * (session window, time).
 *
 * <p>Design: a calendar. Timers of one time share a bucket and are appended to it in registration
 * order; the buckets are found by time in a {@link KeyMap} and ordered by a binary min-heap of
 * buckets (few: one per distinct time). A session points to its registered timers, so de-duplication is a field check.
 * Deleting a timer marks it cancelled; it is skipped when its bucket fires, or dropped when cancelled
 * timers outnumber live ones by 1024 (then every bucket is compacted, O(timers)). Bounds: registration
 * and deletion O(1) amortized (plus O(log buckets) for a new time); firing O(1) per timer; memory ≤ 2 ×
 * live timers + 1024, plus one bucket per distinct time.
 */
final class SessionTimers {

    /** A registered timer of a session. */
    static final class Timer {
        final long time;
        final Session session;
        boolean cancelled;

        Timer(long time, Session session) {
            this.time = time;
            this.session = session;
        }
    }

    /** The timers of one time, in registration order. */
    private static final class Bucket {
        final long time;
        Timer[] timers = new Timer[8];
        int size;
        /** The next timer to fire. */
        int next;

        Bucket(long time) {
            this.time = time;
        }

        void add(Timer t) {
            if (size == timers.length) {
                timers = Arrays.copyOf(timers, size * 2);
            }
            timers[size++] = t;
        }
    }

    /** How many more cancelled than live timers may wait in the buckets before they are compacted. */
    private final int slack;

    private final KeyMap<Bucket> buckets = new KeyMap<>();
    /** Min-heap of the buckets by time. */
    private Bucket[] heap = new Bucket[64];
    private int numBuckets;
    /** The bucket last added to (sessions register runs of timers at nearby, often equal times). */
    private Bucket lastBucket;
    private int live;
    /** Cancelled timers still in their buckets. */
    private int cancelled;

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
        Timer t = new Timer(time, s);
        if (s.timerA == null) {
            s.timerA = t;
        } else if (s.timerB == null) {
            s.timerB = t;
        } else {
            throw new IllegalStateException("a session has at most two timers");
        }
        bucket(time).add(t);
        live++;
    }

    private Bucket bucket(long time) {
        Bucket b = lastBucket;
        if (b != null && b.time == time) {
            return b;
        }
        b = buckets.get(time);
        if (b == null) {
            b = new Bucket(time);
            buckets.put(time, b);
            push(b);
        }
        lastBucket = b;
        return b;
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
        if (++cancelled > live + slack) {
            compact();
        }
    }

    /** Drops the cancelled timers from every bucket, and the buckets left empty. O(timers + buckets). */
    private void compact() {
        int kept = 0;
        for (int i = 0; i < numBuckets; i++) {
            Bucket b = heap[i];
            int n = 0;
            for (int j = b.next; j < b.size; j++) {
                Timer t = b.timers[j];
                if (!t.cancelled) {
                    b.timers[n++] = t;
                }
            }
            Arrays.fill(b.timers, n, b.size, null);
            b.size = n;
            b.next = 0;
            if (n > 0) {
                heap[kept++] = b;
            } else {
                buckets.remove(b.time);
            }
        }
        Arrays.fill(heap, kept, numBuckets, null);
        numBuckets = kept;
        Arrays.sort(heap, 0, kept, (x, y) -> Long.compare(x.time, y.time)); // a sorted array is a heap
        lastBucket = null;
        cancelled = 0;
    }

    /** Removes and returns the first live timer at or before {@code upTo} (no longer registered), or null. */
    Timer pollUpTo(long upTo) {
        while (numBuckets > 0 && heap[0].time <= upTo) {
            Bucket b = heap[0];
            while (b.next < b.size) {
                Timer t = b.timers[b.next];
                b.timers[b.next++] = null;
                if (t.cancelled) {
                    cancelled--;
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
            buckets.remove(b.time); // every timer of this time fired
            if (lastBucket == b) {
                lastBucket = null;
            }
            pop();
        }
        return null;
    }

    int liveTimers() {
        return live;
    }

    private void push(Bucket b) {
        if (numBuckets == heap.length) {
            heap = Arrays.copyOf(heap, numBuckets * 2);
        }
        int i = numBuckets++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (heap[parent].time <= b.time) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = b;
    }

    private void pop() {
        Bucket last = heap[--numBuckets];
        heap[numBuckets] = null;
        if (numBuckets == 0) {
            return;
        }
        int i = 0;
        int half = numBuckets >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            if (child + 1 < numBuckets && heap[child + 1].time < heap[child].time) {
                child++;
            }
            if (heap[child].time >= last.time) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = last;
    }
}
