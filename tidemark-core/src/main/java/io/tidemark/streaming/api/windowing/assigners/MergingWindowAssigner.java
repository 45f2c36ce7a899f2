package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.windows.Window;
import java.util.Collection;

/** An assigner whose windows can merge, such as session windows. */
public abstract class MergingWindowAssigner<T, W extends Window> extends WindowAssigner<T, W> {

    private static final long serialVersionUID = 1L;

    /** Decides which of {@code windows} merge; reports each merge to {@code callback}. */
    public abstract void mergeWindows(Collection<W> windows, MergeCallback<W> callback);

    /** Receives a merge decision. */
    public interface MergeCallback<W> {
        void merge(Collection<W> toBeMerged, W mergeResult);
    }
}
