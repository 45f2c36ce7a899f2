package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.Objects;

/**
 * Puts each element into exactly one fixed-size, non-overlapping event-time window.
 *
 * <p>Rule: the window of an element with timestamp {@code ts} is {@code [start, start + size)} with
 * {@code start = TimeWindow.getWindowStartWithOffset(ts, offset, size)}, i.e. windows are aligned to
 * the epoch shifted by {@code offset}. A timestamp on a window end belongs to the next window (with
 * 5-minute windows, 10:05:00 falls in {@code [10:05, 10:10)}).
 *
 * <p>Bounds: {@code size > 0} and {@code |offset| < size}, else {@link IllegalArgumentException};
 * offset defaults to 0. An element without a timestamp ({@code Long.MIN_VALUE}) is rejected with a
 * {@link RuntimeException}. Default trigger: {@link EventTimeTrigger}; {@link #isEventTime()} is true.
 * Window staggering ({@code WindowStagger}) is not supported.
 */
public class TumblingEventTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long offset;

    protected TumblingEventTimeWindows(long size, long offset) {
        if (size <= 0) {
            throw new IllegalArgumentException(
                    "TumblingEventTimeWindows parameters must satisfy size > 0, got size=" + size);
        }
        if (Math.abs(offset) >= size) {
            throw new IllegalArgumentException(
                    "TumblingEventTimeWindows parameters must satisfy abs(offset) < size, got size="
                            + size + ", offset=" + offset);
        }
        this.size = size;
        this.offset = offset;
    }

    /** Tumbling windows of {@code size}, aligned to the epoch. */
    public static TumblingEventTimeWindows of(Duration size) {
        return of(size, Duration.ZERO);
    }

    /** Tumbling windows of {@code size}, aligned to the epoch shifted by {@code offset} ({@code |offset| < size}). */
    public static TumblingEventTimeWindows of(Duration size, Duration offset) {
        Objects.requireNonNull(size, "size");
        Objects.requireNonNull(offset, "offset");
        return new TumblingEventTimeWindows(size.toMillis(), offset.toMillis());
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        if (timestamp == Long.MIN_VALUE) {
            throw WindowAssignerSupport.missingTimestamp(element);
        }
        long start = TimeWindow.getWindowStartWithOffset(timestamp, offset, size);
        return Collections.singletonList(new TimeWindow(start, start + size));
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return EventTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return true;
    }

    /** Window size in milliseconds. */
    public long getSize() {
        return size;
    }

    /** Alignment offset in milliseconds. */
    public long getOffset() {
        return offset;
    }

    @Override
    public String toString() {
        return "TumblingEventTimeWindows(" + size + ")";
    }
}
