package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.metrics.WindowQuery;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What a window operator subtask did recently, for {@link WindowQuery}: its last {@value #CAPACITY}
 * firings and its last {@value #CAPACITY} late records, each in a ring of parallel arrays (the oldest
 * overwritten). Written and read on the subtask's thread only (the query runs there).
 *
 * <p>Cost: per firing five array stores (the key and window objects are kept, not their text); per late
 * record four stores and a clock read. Memory: two rings of {@value #CAPACITY} entries, holding
 * references to up to {@value #CAPACITY} keys and late records.
 */
final class WindowLog {

    static final int CAPACITY = 256;

    private final Object[] firedKeys = new Object[CAPACITY];
    private final Window[] firedWindows = new Window[CAPACITY];
    private final byte[] firedTimings = new byte[CAPACITY];
    private final int[] firedIndexes = new int[CAPACITY];
    private final long[] firedWatermarks = new long[CAPACITY];
    private long firings;

    private final Object[] lateValues = new Object[CAPACITY];
    private final long[] lateTimestamps = new long[CAPACITY];
    private final long[] lateWatermarks = new long[CAPACITY];
    private final long[] lateTimes = new long[CAPACITY];
    private long lates;

    void fired(Object key, Window window, Firing.Timing timing, int index, long watermark) {
        int at = (int) (firings++ % CAPACITY);
        firedKeys[at] = key;
        firedWindows[at] = window;
        firedTimings[at] = (byte) timing.ordinal();
        firedIndexes[at] = index;
        firedWatermarks[at] = watermark;
    }

    void late(Object value, long timestamp, long watermark, long now) {
        int at = (int) (lates++ % CAPACITY);
        lateValues[at] = value;
        lateTimestamps[at] = timestamp;
        lateWatermarks[at] = watermark;
        lateTimes[at] = now;
    }

    /** The logged firings of windows {@code window} accepts, of keys {@code key} accepts, oldest first. */
    List<WindowQuery.FiringRecord> firings(Predicate<Object> key, Predicate<Window> window) {
        List<WindowQuery.FiringRecord> out = new ArrayList<>();
        for (long n = Math.max(0, firings - CAPACITY); n < firings; n++) {
            int at = (int) (n % CAPACITY);
            Window w = firedWindows[at];
            if (key.test(firedKeys[at]) && window.test(w) && out.size() < WindowQuery.Answer.MAX_LISTED) {
                long start = w instanceof TimeWindow t ? t.getStart() : Long.MIN_VALUE;
                long end = w instanceof TimeWindow t ? t.getEnd() : Long.MAX_VALUE;
                out.add(new WindowQuery.FiringRecord(start, end, Firing.Timing.values()[firedTimings[at]].name(),
                        firedIndexes[at], firedWatermarks[at]));
            }
        }
        return out;
    }

    /** The logged late records {@code record} accepts (given value and timestamp), oldest first. */
    List<WindowQuery.LateRecord> lateRecords(LateFilter record, boolean dropped) throws Exception {
        List<WindowQuery.LateRecord> out = new ArrayList<>();
        for (long n = Math.max(0, lates - CAPACITY); n < lates; n++) {
            int at = (int) (n % CAPACITY);
            if (record.test(lateValues[at], lateTimestamps[at]) && out.size() < WindowQuery.Answer.MAX_LISTED) {
                String text = String.valueOf(lateValues[at]);
                out.add(new WindowQuery.LateRecord(lateTimestamps[at], lateWatermarks[at], lateTimes[at], dropped,
                        text.length() > 300 ? text.substring(0, 300) : text));
            }
        }
        return out;
    }

    /** Which late records a question is about. */
    @FunctionalInterface
    interface LateFilter {
        boolean test(Object value, long timestamp) throws Exception;
    }
}
