package io.tidemark.api.common.state;

import java.io.Serializable;
import java.util.Objects;

/**
 * Names a piece of keyed state. Two descriptors with the same name and kind refer to the same state.
 *
 * @param <S> the state type
 * @param <T> the value type
 */
public abstract class StateDescriptor<S extends State, T> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The kinds of state. */
    public enum Type {
        /** {@link ValueState}. */
        VALUE,
        /** {@link ListState}. */
        LIST,
        /** {@link ReducingState}. */
        REDUCING,
        /** {@link MapState}. */
        MAP,
        /** {@link AggregatingState}. */
        AGGREGATING
    }

    private final String name;
    private StateTtlConfig ttlConfig = StateTtlConfig.DISABLED;

    protected StateDescriptor(String name) {
        this.name = Objects.requireNonNull(name, "a state needs a name");
    }

    public String getName() {
        return name;
    }

    /** Gives the state a time-to-live ({@link StateTtlConfig}): its values expire in processing time. */
    public void enableTimeToLive(StateTtlConfig ttlConfig) {
        this.ttlConfig = Objects.requireNonNull(ttlConfig, "ttl config");
    }

    /** The state's time-to-live; {@link StateTtlConfig#DISABLED} unless {@link #enableTimeToLive} set one. */
    public StateTtlConfig getTtlConfig() {
        return ttlConfig;
    }

    public abstract Type getType();

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && ((StateDescriptor<?, ?>) o).name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + getClass().hashCode();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + name + ")";
    }
}
