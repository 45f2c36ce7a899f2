package io.tidemark.api.common.state;

import io.tidemark.api.common.functions.AggregateFunction;

/** Describes an {@link AggregatingState}: its aggregate function and accumulator type (Flink's). */
public class AggregatingStateDescriptor<IN, ACC, OUT> extends StateDescriptor<AggregatingState<IN, OUT>, ACC> {

    private static final long serialVersionUID = 1L;

    private final AggregateFunction<IN, ACC, OUT> aggFunction;
    private final Class<ACC> accumulatorClass;

    public AggregatingStateDescriptor(String name, AggregateFunction<IN, ACC, OUT> aggFunction, Class<ACC> accumulatorClass) {
        super(name);
        this.aggFunction = aggFunction;
        this.accumulatorClass = accumulatorClass;
    }

    /** The same with the accumulator type as type information. */
    public AggregatingStateDescriptor(String name, AggregateFunction<IN, ACC, OUT> aggFunction,
            io.tidemark.api.common.typeinfo.TypeInformation<ACC> accumulatorType) {
        this(name, aggFunction, accumulatorType.getTypeClass());
    }

    public AggregateFunction<IN, ACC, OUT> getAggregateFunction() {
        return aggFunction;
    }

    public Class<ACC> getAccumulatorClass() {
        return accumulatorClass;
    }

    @Override
    public Type getType() {
        return Type.AGGREGATING;
    }
}
