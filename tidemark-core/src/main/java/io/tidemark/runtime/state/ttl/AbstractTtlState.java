package io.tidemark.runtime.state.ttl;

import io.tidemark.api.common.state.State;

/**
 * What the states with a time-to-live share: the backend's state they decorate, the rules, and the
 * incremental cleanup (if any) run before each access.
 *
 * @param <O> the backend's state, whose values are {@link TtlValue}s
 */
abstract class AbstractTtlState<O extends State> implements State {

    protected final O original;
    protected final TtlPolicy policy;
    private final IncrementalCleanup cleanup;

    AbstractTtlState(O original, TtlPolicy policy, IncrementalCleanup cleanup) {
        this.original = original;
        this.policy = policy;
        this.cleanup = cleanup;
        if (cleanup != null) {
            cleanup.setCleaner(this::cleanCurrentKey);
        }
    }

    /** Called first by every access: the incremental cleanup's turn. */
    protected final void accessed() {
        if (cleanup != null) {
            cleanup.stateAccessed();
        }
    }

    /** Removes the current key's expired values, without the read rules (no re-stamp, nothing returned). */
    abstract void cleanCurrentKey() throws Exception;

    @Override
    public void clear() {
        original.clear();
    }
}
