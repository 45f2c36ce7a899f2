package io.tidemark.runtime.state.ttl;

import io.tidemark.api.common.state.ListState;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ListState} with a time-to-live per element, over one that keeps {@link TtlValue}s. A read
 * returns the live elements (and the expired ones too with {@code ReturnExpiredIfNotCleanedUp}) and
 * writes back the live ones alone when some had expired, re-stamped with {@code OnReadAndWrite}.
 */
final class TtlListState<T> extends AbstractTtlState<ListState<TtlValue<T>>> implements ListState<T> {

    TtlListState(ListState<TtlValue<T>> original, TtlPolicy policy, IncrementalCleanup cleanup) {
        super(original, policy, cleanup);
    }

    @Override
    void cleanCurrentKey() throws Exception {
        List<TtlValue<T>> live = new ArrayList<>();
        boolean anyExpired = false;
        for (TtlValue<T> v : original.get()) {
            if (policy.expired(v)) {
                anyExpired = true;
            } else {
                live.add(v);
            }
        }
        if (anyExpired) {
            keep(live);
        }
    }

    private void keep(List<TtlValue<T>> live) throws Exception {
        if (live.isEmpty()) {
            original.clear();
        } else {
            original.update(live);
        }
    }

    @Override
    public Iterable<T> get() throws Exception {
        accessed();
        List<T> result = new ArrayList<>();
        List<TtlValue<T>> live = new ArrayList<>();
        boolean anyExpired = false;
        for (TtlValue<T> v : original.get()) {
            if (policy.expired(v)) {
                anyExpired = true;
                if (policy.returnExpired()) {
                    result.add(v.userValue());
                }
            } else {
                result.add(v.userValue());
                live.add(policy.updateOnRead() ? policy.wrap(v.userValue()) : v);
            }
        }
        if (anyExpired || (policy.updateOnRead() && !live.isEmpty())) {
            keep(live);
        }
        return result;
    }

    @Override
    public void add(T value) throws Exception {
        if (value == null) {
            throw new NullPointerException("a list state takes no null element");
        }
        accessed();
        original.add(policy.wrap(value));
    }

    @Override
    public void update(List<T> values) throws Exception {
        accessed();
        original.update(wrapped(values));
    }

    @Override
    public void addAll(List<T> values) throws Exception {
        accessed();
        original.addAll(wrapped(values));
    }

    private List<TtlValue<T>> wrapped(List<T> values) {
        List<TtlValue<T>> out = new ArrayList<>(values.size());
        for (T v : values) {
            out.add(policy.wrap(v));
        }
        return out;
    }
}
