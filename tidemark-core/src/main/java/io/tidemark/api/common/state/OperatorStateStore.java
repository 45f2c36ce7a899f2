package io.tidemark.api.common.state;

import java.util.Set;

/**
 * Operator state: state owned by one subtask, not by a key. A list state's items are independent of
 * each other, the unit in which the state is redistributed when the parallelism changes:
 * {@link #getListState} splits the concatenation of all subtasks' items round robin,
 * {@link #getUnionListState} gives every subtask all of them.
 */
public interface OperatorStateStore {

    /** The list state {@code descriptor} names (created empty, or restored). */
    <S> ListState<S> getListState(ListStateDescriptor<S> descriptor) throws Exception;

    /** The list state {@code descriptor} names, restored as the union of every subtask's items. */
    <S> ListState<S> getUnionListState(ListStateDescriptor<S> descriptor) throws Exception;

    /**
     * The broadcast state {@code descriptor} names: the same entries on every subtask (the caller
     * guarantees it), restored whole on each.
     */
    <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> descriptor) throws Exception;

    /** The names of the list states registered so far. */
    Set<String> getRegisteredStateNames();

    /** The names of the broadcast states registered so far. */
    Set<String> getRegisteredBroadcastStateNames();
}
