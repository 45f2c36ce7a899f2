package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.state.KeyedStateBackend;
import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One key's merging windows (sessions) of a {@link KeyedStateWindowOperator}, kept in keyed state
 * ({@value #NAME}, one row per key) as Flink's {@code MergingWindowSet} keeps them: each live window
 * with its <i>state window</i>, the namespace its contents and entry live in. When windows merge,
 * the result takes the state window of the first merged one and the others' contents merge into it
 * ({@code mergeNamespaces}), so a session growing by one element moves no contents; only a window
 * merged in from before the session's first moves its contents once.
 *
 * <p>Windows are in creation order, a merge result last, exactly as {@link MergingWindowSet} orders
 * the heap operator's, so the assigner sees the same lists and merges in the same order. Used per
 * record or timer: {@link #load} the current key's windows, change them, {@link #store} them.
 * Bounds: the row holds a few windows per key (two window objects each); per element one read, and
 * one write when the windows changed.
 */
final class StoredMergingWindows<W extends Window> {

    /** The name of the state holding each key's windows. */
    static final String NAME = "window-merging-set";

    /** What the operator does when windows merged. */
    interface Merges<W> {
        /**
         * {@code merged} (the earlier windows, not the new one) became {@code result}, whose state
         * window is {@code target}; the contents of {@code sources} (other state windows) merge into it.
         */
        void merged(W result, Collection<W> merged, W target, List<W> sources) throws Exception;
    }

    private final MergingWindowAssigner<?, W> assigner;
    @SuppressWarnings({"unchecked", "rawtypes"})
    private final ValueStateDescriptor<ArrayList<Object>> descriptor =
            new ValueStateDescriptor<>(NAME, (Class<ArrayList<Object>>) (Class) ArrayList.class);
    /** The current key's windows and their state windows, in creation order. */
    private final LinkedHashMap<W, W> windows = new LinkedHashMap<>();
    private int loaded;
    private boolean changed;

    StoredMergingWindows(MergingWindowAssigner<?, W> assigner) {
        this.assigner = assigner;
    }

    /** Reads the current key's windows (stored as one list: window, state window, window, ...). */
    @SuppressWarnings("unchecked")
    void load(KeyedStateBackend backend) throws Exception {
        windows.clear();
        ArrayList<Object> pairs = state(backend).value();
        if (pairs != null) {
            for (int i = 0; i < pairs.size(); i += 2) {
                windows.put((W) pairs.get(i), (W) pairs.get(i + 1));
            }
        }
        loaded = windows.size();
        changed = false;
    }

    /** Writes the current key's windows back if they changed; returns by how many they grew (or shrank). */
    int store(KeyedStateBackend backend) throws Exception {
        if (!changed) {
            return 0;
        }
        ValueState<ArrayList<Object>> s = state(backend);
        if (windows.isEmpty()) {
            s.clear();
        } else {
            ArrayList<Object> pairs = new ArrayList<>(windows.size() * 2);
            for (Map.Entry<W, W> e : windows.entrySet()) {
                pairs.add(e.getKey());
                pairs.add(e.getValue());
            }
            s.update(pairs);
        }
        changed = false;
        int grown = windows.size() - loaded;
        loaded = windows.size();
        return grown;
    }

    private ValueState<ArrayList<Object>> state(KeyedStateBackend backend) {
        return backend.getPartitionedState(VoidNamespace.INSTANCE, descriptor);
    }

    /** The state window of live window {@code window}, or null when it is not live. */
    W stateWindow(W window) {
        return windows.get(window);
    }

    /** Adds {@code window} as a window of its own (its own state window). */
    void put(W window) {
        windows.put(window, window);
        changed = true;
    }

    /** Removes {@code window}; returns its state window, or null. */
    W remove(W window) {
        W stateWindow = windows.remove(window);
        changed |= stateWindow != null;
        return stateWindow;
    }

    /**
     * Adds {@code newWindow}, merging it and any windows it bridges; returns the window the new element
     * belongs to (which may not be live yet: the caller {@link #put}s it).
     */
    W add(W newWindow, Merges<W> merges) throws Exception {
        W result = newWindow;
        for (Map.Entry<W, Collection<W>> merge : MergingWindowSet.merges(assigner, windows.keySet(), newWindow).entrySet()) {
            W mergeResult = merge.getKey();
            Collection<W> merged = merge.getValue();
            if (merged.remove(newWindow)) {
                result = mergeResult;
            }
            W target = null;
            List<W> sources = new ArrayList<>();
            for (W m : merged) {
                W stateWindow = windows.remove(m);
                if (stateWindow != null) {
                    if (target == null) {
                        target = stateWindow;
                    } else {
                        sources.add(stateWindow);
                    }
                }
            }
            windows.put(mergeResult, target == null ? mergeResult : target);
            changed = true;
            merges.merged(mergeResult, merged, windows.get(mergeResult), sources);
        }
        return result;
    }
}
