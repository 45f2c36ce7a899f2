package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.Collection;
import java.util.Objects;

/**
 * Puts each element into every processing-time window of length {@code size} that contains the
 * current processing time, a new window starting every {@code slide}.
 *
 * <p>Rule: as {@link SlidingEventTimeWindows} but with {@code now = context.getCurrentProcessingTime()}
 * in place of the element timestamp: {@code [start, start + size)} for {@code start = lastStart,
 * lastStart - slide, ...} while {@code start > now - size}, where {@code lastStart =
 * TimeWindow.getWindowStartWithOffset(now, offset, slide)}; latest start first.
 *
 * <p>Bounds: {@code size > 0}, {@code slide > 0} and {@code |offset| < slide}, else {@link
 * IllegalArgumentException}; offset defaults to 0. Default trigger: {@link ProcessingTimeTrigger};
 * {@link #isEventTime()} is false.
 */
public class SlidingProcessingTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long slide;
    private final long offset;

    protected SlidingProcessingTimeWindows(long size, long slide, long offset) {
        SlidingWindows.validate("SlidingProcessingTimeWindows", size, slide, offset);
        this.size = size;
        this.slide = slide;
        this.offset = offset;
    }

    /** Processing-time windows of {@code size} starting every {@code slide}, aligned to the epoch. */
    public static SlidingProcessingTimeWindows of(Duration size, Duration slide) {
        return of(size, slide, Duration.ZERO);
    }

    /** Processing-time windows of {@code size} starting every {@code slide}, shifted by {@code offset}. */
    public static SlidingProcessingTimeWindows of(Duration size, Duration slide, Duration offset) {
        Objects.requireNonNull(size, "size");
        Objects.requireNonNull(slide, "slide");
        Objects.requireNonNull(offset, "offset");
        return new SlidingProcessingTimeWindows(size.toMillis(), slide.toMillis(), offset.toMillis());
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        return SlidingWindows.windowsContaining(context.getCurrentProcessingTime(), size, slide, offset);
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
        return "SlidingProcessingTimeWindows(" + size + ", " + slide + ")";
    }
}
