package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.Collection;
import java.util.Objects;

/**
 * Puts each element into every event-time window of length {@code size} that contains it, where a
 * new window starts every {@code slide} (windows overlap when {@code slide < size}).
 *
 * <p>Rule: with {@code lastStart = TimeWindow.getWindowStartWithOffset(ts, offset, slide)}, the
 * windows are {@code [start, start + size)} for {@code start = lastStart, lastStart - slide, ...}
 * while {@code start > ts - size}; they are returned in that order (latest start first). An element
 * thus lands in {@code ceil(size / slide)} or {@code floor(size / slide)} windows.
 *
 * <p>Bounds: {@code size > 0}, {@code slide > 0} and {@code |offset| < slide}, else {@link
 * IllegalArgumentException}; offset defaults to 0. An element without a timestamp ({@code
 * Long.MIN_VALUE}) is rejected with a {@link RuntimeException}. Default trigger: {@link
 * EventTimeTrigger}; {@link #isEventTime()} is true.
 */
public class SlidingEventTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long slide;
    private final long offset;

    protected SlidingEventTimeWindows(long size, long slide, long offset) {
        SlidingWindows.validate("SlidingEventTimeWindows", size, slide, offset);
        this.size = size;
        this.slide = slide;
        this.offset = offset;
    }

    /** Windows of {@code size} starting every {@code slide}, aligned to the epoch. */
    public static SlidingEventTimeWindows of(Duration size, Duration slide) {
        return of(size, slide, Duration.ZERO);
    }

    /** Windows of {@code size} starting every {@code slide}, aligned to the epoch shifted by {@code offset}. */
    public static SlidingEventTimeWindows of(Duration size, Duration slide, Duration offset) {
        Objects.requireNonNull(size, "size");
        Objects.requireNonNull(slide, "slide");
        Objects.requireNonNull(offset, "offset");
        return new SlidingEventTimeWindows(size.toMillis(), slide.toMillis(), offset.toMillis());
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        if (timestamp == Long.MIN_VALUE) {
            throw WindowAssignerSupport.missingTimestamp(element);
        }
        return SlidingWindows.windowsContaining(timestamp, size, slide, offset);
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

    /** Distance between window starts in milliseconds. */
    public long getSlide() {
        return slide;
    }

    /** Alignment offset in milliseconds. */
    public long getOffset() {
        return offset;
    }

    @Override
    public String toString() {
        return "SlidingEventTimeWindows(" + size + ", " + slide + ")";
    }
}
