package io.tidemark.runtime.operators.windowing;

import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.util.OutputTag;

/**
 * The rules every window operator applies alike, Flink's rule for rule, written once: when a window
 * is cleaned up, when a window or an element is late, where a late record goes and how it is counted,
 * and the timing and index of a firing.
 *
 * <ul>
 *   <li><b>Cleanup time</b> of an event-time window: {@code maxTimestamp + allowedLateness}, saturating at
 *       {@code Long.MAX_VALUE} (never cleaned up). A processing-time window has no allowed lateness; it
 *       is cleaned up at its max timestamp.
 *   <li>A <b>window is late</b> when its cleanup time ≤ the watermark (event time only); its state is gone.
 *   <li>An <b>element is late</b> when {@code timestamp + allowedLateness ≤ watermark} (event time only;
 *       the sum saturates, never late). An element that updated no window is a late record when it had
 *       windows and is late: it goes to the late side output ({@code numLateRecordsSideOutput}) or is
 *       dropped ({@code numLateRecordsDropped}). An element without any window is counted in
 *       {@code numRecordsWithoutWindow}. An element that updated a window behind the watermark (within
 *       the allowed lateness) is counted in {@code numLateRecordsReFired}.
 *   <li>The <b>firing history</b> of a window of a key is one {@code int}: firings so far, shifted left by
 *       one, and in the low bit whether the on-time firing happened ({@link #NEVER_FIRED} = 0). A firing's
 *       <b>timing</b> compares time at the firing ({@code now}: the watermark for event-time windows, the
 *       clock for processing-time windows) with the window's max timestamp: before it EARLY; the first
 *       firing at or after it ON_TIME; every later one LATE. Its <b>index</b> is the window's count of
 *       firings, 1 for the first. Merged windows (sessions) keep the highest count and the on-time bit
 *       of any of them. Worked example, tumbling [0, 10000) with allowed lateness 5 s: watermark 9999
 *       fires ON_TIME#1; an element at 3000 under watermark 12000 re-fires it LATE#2; under watermark
 *       14999 the window is late and the element at 3000 goes to the side output.
 * </ul>
 *
 * <p>The Flink runner's bridge applies {@link #timing} and the history functions to Flink's firings,
 * so that a firing's descriptor is the same on both engines.
 *
 * @param <IN> element type (of the late side output)
 */
public final class WindowRules<IN> {

    /** The history of a window that never fired. */
    public static final int NEVER_FIRED = 0;

    private final boolean eventTime;
    private final long allowedLateness;
    private final OutputTag<IN> lateDataTag;

    /**
     * @param allowedLateness ≥ 0, in milliseconds; ignored for processing time
     * @param lateDataTag the late side output, or null to drop late records
     */
    public WindowRules(boolean eventTime, long allowedLateness, OutputTag<IN> lateDataTag) {
        if (allowedLateness < 0) {
            throw new IllegalArgumentException("allowed lateness cannot be negative: " + allowedLateness);
        }
        this.eventTime = eventTime;
        this.allowedLateness = eventTime ? allowedLateness : 0;
        this.lateDataTag = lateDataTag;
    }

    public boolean isEventTime() {
        return eventTime;
    }

    /** The allowed lateness in milliseconds; 0 for processing time. */
    public long allowedLateness() {
        return allowedLateness;
    }

    // ------------------------------------------------------------------ lateness

    /** The cleanup time of a window whose max timestamp is {@code maxTimestamp}. */
    public long cleanupTime(long maxTimestamp) {
        long t = maxTimestamp + allowedLateness;
        return t >= maxTimestamp ? t : Long.MAX_VALUE;
    }

    /** Whether the window with max timestamp {@code maxTimestamp} is late at {@code watermark}. */
    public boolean isWindowLate(long maxTimestamp, long watermark) {
        return eventTime && cleanupTime(maxTimestamp) <= watermark;
    }

    /** Whether an element with {@code timestamp} is late at {@code watermark}. */
    public boolean isElementLate(long timestamp, long watermark) {
        if (!eventTime) {
            return false;
        }
        long t = timestamp + allowedLateness;
        return t >= timestamp && t <= watermark; // a saturating sum is never late
    }

    /**
     * Accounts for an element that updated no window: {@code anyWindow} when the assigner gave it
     * windows (all of them late). A late record goes to the side output or is dropped; either way it
     * is counted. Returns whether the record was late.
     */
    public boolean notAdded(StreamRecord<IN> record, boolean anyWindow, long watermark, Output<?> output,
            OperatorMetrics metrics) {
        if (anyWindow && isElementLate(record.getTimestamp(), watermark)) {
            if (lateDataTag != null) {
                metrics.numLateRecordsSideOutput.inc();
                output.collect(lateDataTag, record);
            } else {
                metrics.numLateRecordsDropped.inc();
            }
            return true;
        }
        metrics.numRecordsWithoutWindow.inc();
        return false;
    }

    /** Whether late records are dropped (no late side output). */
    public boolean dropsLate() {
        return lateDataTag == null;
    }

    // ------------------------------------------------------------------ firings

    /** The timing of the next firing of a window with {@code history}, at time {@code now}. */
    public static Firing.Timing timing(int history, long now, long maxTimestamp) {
        if (now < maxTimestamp) {
            return Firing.Timing.EARLY;
        }
        return (history & 1) != 0 ? Firing.Timing.LATE : Firing.Timing.ON_TIME;
    }

    /** The history after a firing with {@code timing}; its index is {@link #firings} of the result. */
    public static int fired(int history, Firing.Timing timing) {
        return (history + 2) | (timing == Firing.Timing.ON_TIME ? 1 : 0);
    }

    /** Firings so far: the index of the last firing, 0 if none. */
    public static int firings(int history) {
        return history >>> 1;
    }

    /** The history of a window merged from windows with histories {@code a} and {@code b}. */
    public static int merged(int a, int b) {
        return Math.max(a >>> 1, b >>> 1) << 1 | ((a | b) & 1);
    }
}
