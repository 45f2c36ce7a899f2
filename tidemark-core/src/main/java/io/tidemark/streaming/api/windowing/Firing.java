package io.tidemark.streaming.api.windowing;

import java.util.Objects;

/**
 * Describes one firing of a window (a Tidemark addition to Flink's window context): whether it came
 * before, at or after the watermark passed the window's end, and which firing of that window it is.
 *
 * The timing compares time at the firing — the watermark for event-time windows, the clock for
 * processing-time windows — with the window's end ({@code maxTimestamp}):
 * <ul>
 *   <li>{@link Timing#EARLY}: before the end (an early trigger such as {@code ContinuousEventTimeTrigger}
 *       or {@code CountTrigger});
 *   <li>{@link Timing#ON_TIME}: the window's first firing at or after its end (normally the firing
 *       caused by the watermark passing the end);
 *   <li>{@link Timing#LATE}: every later firing, e.g. a re-firing caused by a late element within
 *       allowed lateness.
 * </ul>
 *
 * The index counts the firings of one window of one key: 1 for the first, 2, 3, … after.
 */
public final class Firing {

    /** When, relative to the window's end, a firing happened. */
    public enum Timing {
        /** Before the window's end was reached. */
        EARLY,
        /** The firing at the window's end. */
        ON_TIME,
        /** After the on-time firing (or after the end, caused by a late element). */
        LATE
    }

    private final Timing timing;
    private final int index;
    private final long watermark;

    public Firing(Timing timing, int index, long watermark) {
        this.timing = Objects.requireNonNull(timing);
        this.index = index;
        this.watermark = watermark;
    }

    public Timing timing() {
        return timing;
    }

    /** 1 for a window's first firing, then 2, 3, … */
    public int index() {
        return index;
    }

    /** The operator's watermark when the window fired. */
    public long watermark() {
        return watermark;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Firing)) {
            return false;
        }
        Firing f = (Firing) o;
        return f.timing == timing && f.index == index && f.watermark == watermark;
    }

    @Override
    public int hashCode() {
        return Objects.hash(timing, index, watermark);
    }

    @Override
    public String toString() {
        return timing + "#" + index;
    }
}
