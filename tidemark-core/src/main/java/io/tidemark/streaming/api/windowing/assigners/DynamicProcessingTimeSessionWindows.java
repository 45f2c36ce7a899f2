package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.util.Collection;
import java.util.Collections;
import java.util.Objects;

/**
 * Processing-time session windows whose gap is computed per element by a {@link
 * SessionWindowTimeGapExtractor}.
 *
 * <p>Rule: with {@code now = context.getCurrentProcessingTime()}, an element gets {@code [now, now +
 * extractor.extract(element))}; windows that overlap or touch are merged with {@link
 * TimeWindow#mergeWindows}. A gap {@code <= 0} makes {@link #assignWindows} throw {@link
 * IllegalArgumentException}. Default trigger: {@link ProcessingTimeTrigger}; {@link #isEventTime()}
 * is false.
 */
public class DynamicProcessingTimeSessionWindows<T> extends MergingWindowAssigner<T, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final SessionWindowTimeGapExtractor<T> gapExtractor;

    protected DynamicProcessingTimeSessionWindows(SessionWindowTimeGapExtractor<T> gapExtractor) {
        this.gapExtractor = Objects.requireNonNull(gapExtractor, "gapExtractor");
    }

    /** Processing-time session windows whose gap {@code extractor} computes per element. */
    public static <T> DynamicProcessingTimeSessionWindows<T> withDynamicGap(
            SessionWindowTimeGapExtractor<T> extractor) {
        return new DynamicProcessingTimeSessionWindows<>(extractor);
    }

    @Override
    public Collection<TimeWindow> assignWindows(T element, long timestamp, WindowAssignerContext context) {
        long gap = DynamicSessions.gapOf(gapExtractor, element);
        long now = context.getCurrentProcessingTime();
        return Collections.singletonList(new TimeWindow(now, now + gap));
    }

    @Override
    public void mergeWindows(Collection<TimeWindow> windows, MergeCallback<TimeWindow> callback) {
        TimeWindow.mergeWindows(windows, callback::merge);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Trigger<T, TimeWindow> getDefaultTrigger() {
        return (Trigger<T, TimeWindow>) (Trigger<?, TimeWindow>) ProcessingTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return false;
    }

    /** The function computing each element's session gap. */
    public SessionWindowTimeGapExtractor<T> getGapExtractor() {
        return gapExtractor;
    }

    @Override
    public String toString() {
        return "DynamicProcessingTimeSessionWindows()";
    }
}
