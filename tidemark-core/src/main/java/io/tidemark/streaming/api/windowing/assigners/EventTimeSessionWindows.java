package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.Objects;

/**
 * Event-time session windows with a fixed gap: elements closer than the gap end up in one session.
 *
 * <p>Rule: an element with timestamp {@code ts} gets the window {@code [ts, ts + gap)}; windows are
 * then merged with {@link TimeWindow#mergeWindows}, which merges windows that overlap <em>or touch</em>
 * (so elements at 0 and 3000 with a 3-second gap share the session {@code [0, 6000)}, while 0 and 3001
 * do not).
 *
 * <p>Bounds: {@code gap > 0}, else {@link IllegalArgumentException}. Default trigger: {@link
 * EventTimeTrigger}; {@link #isEventTime()} is true. For a gap computed per element see {@link
 * #withDynamicGap}.
 */
public class EventTimeSessionWindows extends MergingWindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long gap;

    protected EventTimeSessionWindows(long gap) {
        if (gap <= 0) {
            throw new IllegalArgumentException(
                    "EventTimeSessionWindows parameters must satisfy 0 < gap, got gap=" + gap);
        }
        this.gap = gap;
    }

    /** Session windows that close after {@code gap} without elements. */
    public static EventTimeSessionWindows withGap(Duration gap) {
        Objects.requireNonNull(gap, "gap");
        return new EventTimeSessionWindows(gap.toMillis());
    }

    /** Session windows whose gap {@code extractor} computes per element. */
    public static <T> DynamicEventTimeSessionWindows<T> withDynamicGap(SessionWindowTimeGapExtractor<T> extractor) {
        return new DynamicEventTimeSessionWindows<>(extractor);
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        return Collections.singletonList(new TimeWindow(timestamp, timestamp + gap));
    }

    @Override
    public void mergeWindows(Collection<TimeWindow> windows, MergeCallback<TimeWindow> callback) {
        TimeWindow.mergeWindows(windows, callback::merge);
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return EventTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return true;
    }

    /** Session gap in milliseconds. */
    public long getGap() {
        return gap;
    }

    @Override
    public String toString() {
        return "EventTimeSessionWindows(" + gap + ")";
    }
}
