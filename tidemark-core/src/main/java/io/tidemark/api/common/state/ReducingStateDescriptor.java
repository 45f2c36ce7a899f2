package io.tidemark.api.common.state;

import io.tidemark.api.common.functions.ReduceFunction;

/** Describes a {@link ReducingState}. */
public class ReducingStateDescriptor<T> extends StateDescriptor<ReducingState<T>, T> {

    private static final long serialVersionUID = 1L;

    private final ReduceFunction<T> reduceFunction;
    private final Class<T> typeClass;

    public ReducingStateDescriptor(String name, ReduceFunction<T> reduceFunction, Class<T> typeClass) {
        super(name);
        this.reduceFunction = reduceFunction;
        this.typeClass = typeClass;
    }

    /** The same with the value type as type information. */
    public ReducingStateDescriptor(String name, ReduceFunction<T> reduceFunction,
            io.tidemark.api.common.typeinfo.TypeInformation<T> typeInfo) {
        this(name, reduceFunction, typeInfo.getTypeClass());
    }

    public ReduceFunction<T> getReduceFunction() {
        return reduceFunction;
    }

    public Class<T> getTypeClass() {
        return typeClass;
    }

    @Override
    public Type getType() {
        return Type.REDUCING;
    }
}
