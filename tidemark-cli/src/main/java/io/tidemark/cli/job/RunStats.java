package io.tidemark.cli.job;

import io.tidemark.streaming.api.windowing.Firing;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** The run's own counters, shared by the source and the sinks of one run (thread-safe). */
public final class RunStats {

    /** Records read: non-blank lines other than a CSV header. */
    public final LongAdder linesRead = new LongAdder();
    public final LongAdder blankLines = new LongAdder();
    public final LongAdder accepted = new LongAdder();
    public final AtomicLong bytesRead = new AtomicLong();
    public final LongAdder lateRecords = new LongAdder();
    private final Map<String, LongAdder> deadLetters = new ConcurrentHashMap<>();
    private final Map<Firing.Timing, LongAdder> results = new ConcurrentHashMap<>();
    /**
     * Per key, each window's count at its latest firing, by window start: {end, count}. A firing of a
     * window replaces the windows of its key that it contains (a session that grew or merged).
     */
    private final Map<Object, java.util.TreeMap<Long, long[]>> finalCounts = new ConcurrentHashMap<>();
    public void deadLetter(String reason) {
        deadLetters.computeIfAbsent(reason, r -> new LongAdder()).increment();
    }

    /** Dead letters by reason, sorted by reason. */
    public Map<String, Long> deadLetters() {
        Map<String, Long> m = new TreeMap<>();
        deadLetters.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    public long deadLetterTotal() {
        return deadLetters.values().stream().mapToLong(LongAdder::sum).sum();
    }

    public void result(Firing.Timing timing, Object key, long start, long end, long count) {
        results.computeIfAbsent(timing, t -> new LongAdder()).increment();
        java.util.TreeMap<Long, long[]> windows = finalCounts.computeIfAbsent(key, k -> new java.util.TreeMap<>());
        synchronized (windows) {
            windows.subMap(start, true, end, true).values().removeIf(w -> w[0] <= end);
            windows.put(start, new long[] {end, count});
        }
    }

    public long results(Firing.Timing timing) {
        LongAdder a = results.get(timing);
        return a == null ? 0 : a.sum();
    }

    /** Sum over windows of the count at each window's latest firing. */
    public long sumOfFinalCounts() {
        long sum = 0;
        for (java.util.TreeMap<Long, long[]> windows : finalCounts.values()) {
            synchronized (windows) {
                for (long[] w : windows.values()) {
                    sum += w[1];
                }
            }
        }
        return sum;
    }

    /** The number of distinct windows that fired (after merges). */
    public long windows() {
        long n = 0;
        for (java.util.TreeMap<Long, long[]> windows : finalCounts.values()) {
            synchronized (windows) {
                n += windows.size();
            }
        }
        return n;
    }
}
