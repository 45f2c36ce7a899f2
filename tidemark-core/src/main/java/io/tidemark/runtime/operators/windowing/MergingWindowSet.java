package io.tidemark.runtime.operators.windowing;

import io.tidemark.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges a new window into one key's windows as a {@link MergingWindowAssigner} decides (sessions):
 * the new window and every window it overlaps become one, whose contents combine those of the merged
 * windows in the key's window order ({@link WindowContents#absorb}, the highest firing history kept).
 * What merging means beyond the contents — the trigger's {@code onMerge}, the merged windows' trigger
 * state, cleanup timers and window state — is the caller's {@link Merges}.
 *
 * <p>Bounds: per new window, one call of the assigner's {@code mergeWindows} over the key's live
 * windows (a few), and a copy of their list.
 */
final class MergingWindowSet<W extends Window> {

    /** What the operator does when windows merged. */
    interface Merges<W> {
        /** {@code merged} (the earlier windows, not the new one) became {@code result}. */
        void merged(W result, Collection<W> merged) throws Exception;
    }

    private final MergingWindowAssigner<?, W> assigner;

    MergingWindowSet(MergingWindowAssigner<?, W> assigner) {
        this.assigner = assigner;
    }

    /**
     * How {@code assigner} merges {@code windows} (in order) and {@code newWindow} (last): each merge
     * result with the windows it is made of, in the assigner's order.
     */
    static <W extends Window> Map<W, Collection<W>> merges(MergingWindowAssigner<?, W> assigner, Collection<W> windows,
            W newWindow) {
        List<W> all = new ArrayList<>(windows);
        all.add(newWindow);
        Map<W, Collection<W>> results = new LinkedHashMap<>();
        assigner.mergeWindows(all, (toBeMerged, mergeResult) -> results.put(mergeResult, new ArrayList<>(toBeMerged)));
        return results;
    }

    /**
     * Adds {@code newWindow} to {@code windows} (one key's, in creation order), merging it and any
     * windows it bridges; returns the window the new element belongs to.
     */
    W add(Map<W, WindowContents> windows, W newWindow, WindowAccumulation<?, Object> accumulation, Merges<W> merges)
            throws Exception {
        W result = newWindow;
        for (Map.Entry<W, Collection<W>> merge : merges(assigner, windows.keySet(), newWindow).entrySet()) {
            W mergeResult = merge.getKey();
            Collection<W> merged = merge.getValue();
            if (merged.remove(newWindow)) {
                result = mergeResult;
            }
            WindowContents combined = new WindowContents();
            for (W m : merged) {
                WindowContents c = windows.remove(m);
                if (c != null) {
                    combined.absorb(c, accumulation);
                }
            }
            windows.put(mergeResult, combined);
            if (!(merged.size() == 1 && merged.contains(mergeResult))) {
                merges.merged(mergeResult, merged);
            }
        }
        return result;
    }
}
