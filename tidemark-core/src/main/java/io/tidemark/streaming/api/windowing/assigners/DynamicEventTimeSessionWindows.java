package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.triggers.EventTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.util.Collection;
import java.util.Collections;
import java.util.Objects;

/**
 * Event-time session windows whose gap is computed per element by a {@link
 * SessionWindowTimeGapExtractor}.
 *
 * <p>Rule: an element with timestamp {@code ts} gets {@code [ts, ts + extractor.extract(element))};
 * windows that overlap or touch are merged with {@link TimeWindow#mergeWindows}. A gap {@code <= 0}
 * makes {@link #assignWindows} throw {@link IllegalArgumentException}. Default trigger: {@link
 * EventTimeTrigger}; {@link #isEventTime()} is true.
 */
public class DynamicEventTimeSessionWindows<T> extends MergingWindowAssigner<T, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final SessionWindowTimeGapExtractor<T> gapExtractor;

    protected DynamicEventTimeSessionWindows(SessionWindowTimeGapExtractor<T> gapExtractor) {
        this.gapExtractor = Objects.requireNonNull(gapExtractor, "gapExtractor");
    }

    /** Session windows whose gap {@code extractor} computes per element. */
    public static <T> DynamicEventTimeSessionWindows<T> withDynamicGap(SessionWindowTimeGapExtractor<T> extractor) {
        return new DynamicEventTimeSessionWindows<>(extractor);
    }

    @Override
    public Collection<TimeWindow> assignWindows(T element, long timestamp, WindowAssignerContext context) {
        long gap = DynamicSessions.gapOf(gapExtractor, element);
        return Collections.singletonList(new TimeWindow(timestamp, timestamp + gap));
    }

    @Override
    public void mergeWindows(Collection<TimeWindow> windows, MergeCallback<TimeWindow> callback) {
        TimeWindow.mergeWindows(windows, callback::merge);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Trigger<T, TimeWindow> getDefaultTrigger() {
        return (Trigger<T, TimeWindow>) (Trigger<?, TimeWindow>) EventTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return true;
    }

    /** The function computing each element's session gap. */
    public SessionWindowTimeGapExtractor<T> getGapExtractor() {
        return gapExtractor;
    }

    @Override
    public String toString() {
        return "DynamicEventTimeSessionWindows()";
    }
}
