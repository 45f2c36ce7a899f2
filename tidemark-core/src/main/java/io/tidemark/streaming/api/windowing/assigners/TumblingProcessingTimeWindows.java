package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.Objects;

/**
 * Puts each element into exactly one fixed-size, non-overlapping processing-time window.
 *
 * <p>Rule: with {@code now = context.getCurrentProcessingTime()} (the element timestamp is ignored),
 * the window is {@code [start, start + size)} with {@code start =
 * TimeWindow.getWindowStartWithOffset(now, offset, size)}.
 *
 * <p>Bounds: {@code size > 0} and {@code |offset| < size}, else {@link IllegalArgumentException};
 * offset defaults to 0. Default trigger: {@link ProcessingTimeTrigger}; {@link #isEventTime()} is
 * false. Window staggering ({@code WindowStagger}) is not supported.
 */
public class TumblingProcessingTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long offset;

    protected TumblingProcessingTimeWindows(long size, long offset) {
        if (size <= 0) {
            throw new IllegalArgumentException(
                    "TumblingProcessingTimeWindows parameters must satisfy size > 0, got size=" + size);
        }
        if (Math.abs(offset) >= size) {
            throw new IllegalArgumentException(
                    "TumblingProcessingTimeWindows parameters must satisfy abs(offset) < size, got size="
                            + size + ", offset=" + offset);
        }
        this.size = size;
        this.offset = offset;
    }

    /** Tumbling processing-time windows of {@code size}, aligned to the epoch. */
    public static TumblingProcessingTimeWindows of(Duration size) {
        return of(size, Duration.ZERO);
    }

    /** Tumbling processing-time windows of {@code size}, aligned to the epoch shifted by {@code offset}. */
    public static TumblingProcessingTimeWindows of(Duration size, Duration offset) {
        Objects.requireNonNull(size, "size");
        Objects.requireNonNull(offset, "offset");
        return new TumblingProcessingTimeWindows(size.toMillis(), offset.toMillis());
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        long now = context.getCurrentProcessingTime();
        long start = TimeWindow.getWindowStartWithOffset(now, offset, size);
        return Collections.singletonList(new TimeWindow(start, start + size));
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return ProcessingTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return false;
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
        return "TumblingProcessingTimeWindows(" + size + ")";
    }
}
