package io.tidemark.bench;

/**
 * What a framework job running in this JVM shares with the harness: the input columns, the digests
 * its sinks fill, and the moments its source started and its main sink saw the end of input. One job
 * runs at a time.
 */
public final class Shared {

    private Shared() {}

    public static volatile Events events;
    public static volatile Digest main;
    public static volatile Digest side;
    /** Whether the main sink keeps only (key, start, end, count) (Nexmark q5). */
    public static volatile boolean countOnly;
    public static volatile long sourceStartNanos;
    public static volatile long sinkEndNanos;
    /** Latency run: records the sink's arrival times; null otherwise. */
    public static volatile LatencyProbe latency;

    static void reset(Events e, boolean keep, boolean countOnlyResults) {
        events = e;
        main = new Digest(keep);
        side = new Digest(keep);
        countOnly = countOnlyResults;
        sourceStartNanos = 0;
        sinkEndNanos = 0;
        latency = null;
    }

    /** A source subtask starts reading: the timed part starts with the first of them. */
    public static synchronized void sourceStarted(long nanos) {
        if (sourceStartNanos == 0 || nanos < sourceStartNanos) {
            sourceStartNanos = nanos;
        }
    }

    /** A sink subtask saw the end of its input: the timed part ends with the last of them. */
    public static synchronized void sinkFinished(long nanos) {
        sinkEndNanos = Math.max(sinkEndNanos, nanos);
    }

    /** Called by a sink for each main result. */
    public static void result(Result r) {
        main.add(r.key, r.start, r.end, r.count, countOnly ? 0 : r.sum);
        LatencyProbe p = latency;
        if (p != null) {
            p.resultArrived(r.end);
        }
    }

    /** Called by a side-output sink for each too-late event. */
    public static void late(Event e) {
        side.add(e.key, e.ts, 0, 0, 0);
    }
}
