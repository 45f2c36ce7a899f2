package io.tidemark.runtime.state;

import io.tidemark.api.common.state.BroadcastState;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.OperatorStateStore;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The operator state of one function on one subtask ({@code CheckpointedFunction}): list states,
 * split or union, and broadcast states, on the heap.
 *
 * <p>Restore ({@link #restore}): a split list gets back the subtask's own items when the parallelism is
 * unchanged; otherwise the concatenation of every old subtask's items, in subtask order, is cut into
 * as many contiguous runs as there are subtasks now. A union list gets the concatenation whole. A
 * broadcast state gets its own subtask's entries, or subtask {@code i mod old parallelism}'s.
 */
public final class HeapOperatorStateStore implements OperatorStateStore {

    /** How a list state is redistributed on restore. */
    enum Mode {
        /** Round robin, as contiguous runs. */
        SPLIT,
        /** Every subtask gets all items. */
        UNION
    }

    private static final String LISTS = "lists";
    private static final String BROADCAST = "broadcast";

    private final Map<String, OperatorList<?>> lists = new LinkedHashMap<>();
    private final BroadcastStates broadcast = new BroadcastStates(List.of());
    /** Per list name: the items restored for this subtask, taken when the list is registered. */
    private final Map<String, List<Object>> restored = new LinkedHashMap<>();
    private final Map<String, Mode> restoredModes = new LinkedHashMap<>();

    @Override
    public <S> ListState<S> getListState(ListStateDescriptor<S> descriptor) {
        return list(descriptor, Mode.SPLIT);
    }

    @Override
    public <S> ListState<S> getUnionListState(ListStateDescriptor<S> descriptor) {
        return list(descriptor, Mode.UNION);
    }

    @SuppressWarnings("unchecked")
    private <S> ListState<S> list(ListStateDescriptor<S> descriptor, Mode mode) {
        String name = descriptor.getName();
        OperatorList<?> l = lists.get(name);
        if (l == null) {
            Mode was = restoredModes.get(name);
            if (was != null && was != mode) {
                throw new IllegalStateException("operator state '" + name + "' was checkpointed as a " + was.name().toLowerCase()
                        + " list and is now asked for as a " + mode.name().toLowerCase() + " list");
            }
            l = new OperatorList<>(mode);
            List<Object> items = restored.remove(name);
            if (items != null) {
                ((OperatorList<Object>) l).items.addAll(items);
            }
            lists.put(name, l);
        } else if (l.mode != mode) {
            throw new IllegalStateException("operator state '" + name + "' is a " + l.mode.name().toLowerCase() + " list");
        }
        return (ListState<S>) l;
    }

    @Override
    public <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> descriptor) {
        broadcast.register(descriptor);
        return broadcast.get(descriptor);
    }

    @Override
    public Set<String> getRegisteredStateNames() {
        return Collections.unmodifiableSet(lists.keySet());
    }

    @Override
    public Set<String> getRegisteredBroadcastStateNames() {
        return broadcast.names();
    }

    /** Writes every list (name, mode, items) and every broadcast state as sections of {@code out}. */
    public void snapshot(StateSnapshot.Builder out) throws Exception {
        out.section(LISTS, 1, o -> {
            o.writeInt(lists.size());
            for (Map.Entry<String, OperatorList<?>> e : lists.entrySet()) {
                o.writeString(e.getKey());
                o.writeByte(e.getValue().mode.ordinal());
                List<?> items = e.getValue().items;
                o.writeInt(items.size());
                for (Object item : items) {
                    o.writeValue(item);
                }
            }
        });
        out.section(BROADCAST, 1, broadcast::snapshot);
    }

    /**
     * Restores the state of subtask {@code subtask} of {@code all.size()} old subtasks' snapshots
     * (index = old subtask), now that there are {@code parallelism} subtasks.
     */
    public void restore(List<StateSnapshot> all, int subtask, int parallelism) throws Exception {
        Map<String, List<List<Object>>> perSubtask = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            int old = i;
            all.get(i).read(LISTS, 1, in -> readLists(in, old, all.size(), perSubtask));
        }
        for (Map.Entry<String, List<List<Object>>> e : perSubtask.entrySet()) {
            Mode mode = restoredModes.get(e.getKey());
            restored.put(e.getKey(), share(e.getValue(), mode, subtask, parallelism));
        }
        if (!all.isEmpty()) {
            StateSnapshot from = all.get(subtask < all.size() ? subtask : subtask % all.size());
            from.read(BROADCAST, 1, broadcast::restore);
        }
    }

    private void readLists(StateInput in, int old, int oldParallelism, Map<String, List<List<Object>>> perSubtask)
            throws IOException {
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            String name = in.readString();
            Mode mode = Mode.values()[in.readUnsignedByte()];
            restoredModes.put(name, mode);
            int size = in.readInt();
            List<Object> items = new ArrayList<>(size);
            for (int j = 0; j < size; j++) {
                items.add(in.readValue());
            }
            List<List<Object>> runs = perSubtask.computeIfAbsent(name, x -> new ArrayList<>());
            while (runs.size() < oldParallelism) {
                runs.add(List.of());
            }
            runs.set(old, items);
        }
    }

    /** What subtask {@code subtask} of {@code parallelism} gets of the old subtasks' {@code runs}. */
    static List<Object> share(List<List<Object>> runs, Mode mode, int subtask, int parallelism) {
        if (mode == Mode.SPLIT && runs.size() == parallelism) {
            return new ArrayList<>(runs.get(subtask));
        }
        List<Object> all = new ArrayList<>();
        runs.forEach(all::addAll);
        if (mode == Mode.UNION) {
            return all;
        }
        int per = (all.size() + parallelism - 1) / parallelism;
        int from = Math.min(all.size(), subtask * per);
        return new ArrayList<>(all.subList(from, Math.min(all.size(), from + per)));
    }

    /** One list state: its items, in order. */
    private static final class OperatorList<T> implements ListState<T> {
        final Mode mode;
        final List<T> items = new ArrayList<>();

        OperatorList(Mode mode) {
            this.mode = mode;
        }

        @Override
        public Iterable<T> get() {
            return Collections.unmodifiableList(items);
        }

        @Override
        public void add(T value) {
            if (value == null) {
                throw new NullPointerException("cannot add null to a ListState");
            }
            items.add(value);
        }

        @Override
        public void update(List<T> values) {
            items.clear();
            if (values != null) {
                values.forEach(this::add);
            }
        }

        @Override
        public void addAll(List<T> values) {
            if (values != null) {
                values.forEach(this::add);
            }
        }

        @Override
        public void clear() {
            items.clear();
        }
    }
}
