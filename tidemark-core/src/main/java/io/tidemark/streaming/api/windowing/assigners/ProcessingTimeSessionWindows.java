package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.Objects;

/**
 * Processing-time session windows with a fixed gap.
 *
 * <p>Rule: an element arriving at processing time {@code now = context.getCurrentProcessingTime()}
 * (its timestamp is ignored) gets {@code [now, now + gap)}; windows that overlap or touch are merged
 * with {@link TimeWindow#mergeWindows}.
 *
 * <p>Bounds: {@code gap > 0}, else {@link IllegalArgumentException}. Default trigger: {@link
 * ProcessingTimeTrigger}; {@link #isEventTime()} is false.
 */
public class ProcessingTimeSessionWindows extends MergingWindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long gap;

    protected ProcessingTimeSessionWindows(long gap) {
        if (gap <= 0) {
            throw new IllegalArgumentException(
                    "ProcessingTimeSessionWindows parameters must satisfy 0 < gap, got gap=" + gap);
        }
        this.gap = gap;
    }

    /** Processing-time session windows that close after {@code gap} without elements. */
    public static ProcessingTimeSessionWindows withGap(Duration gap) {
        Objects.requireNonNull(gap, "gap");
        return new ProcessingTimeSessionWindows(gap.toMillis());
    }

    /** Processing-time session windows whose gap {@code extractor} computes per element. */
    public static <T> DynamicProcessingTimeSessionWindows<T> withDynamicGap(
            SessionWindowTimeGapExtractor<T> extractor) {
        return new DynamicProcessingTimeSessionWindows<>(extractor);
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        long now = context.getCurrentProcessingTime();
        return Collections.singletonList(new TimeWindow(now, now + gap));
    }

    @Override
    public void mergeWindows(Collection<TimeWindow> windows, MergeCallback<TimeWindow> callback) {
        TimeWindow.mergeWindows(windows, callback::merge);
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return ProcessingTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return false;
    }

    /** Session gap in milliseconds. */
    public long getGap() {
        return gap;
    }

    @Override
    public String toString() {
        return "ProcessingTimeSessionWindows(" + gap + ")";
    }
}
