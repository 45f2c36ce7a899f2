package io.tidemark.runtime.operators;

import io.tidemark.streaming.api.functions.co.BroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.CoFlatMapFunction;
import io.tidemark.streaming.api.functions.co.CoMapFunction;
import io.tidemark.streaming.api.functions.co.CoProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedCoProcessFunction;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;

/**
 * The embedded engine's operator for each {@link TwoInputOperatorDescription}: one case per kind,
 * checked complete by the compiler.
 */
@SuppressWarnings({"unchecked", "rawtypes"})
public final class TwoInputOperators implements TwoInputOperatorDescription.Visitor<AbstractTwoInputOperator<?, ?, ?>> {

    private static final TwoInputOperators INSTANCE = new TwoInputOperators();

    private TwoInputOperators() {}

    /** A new operator subtask for {@code description}; uses the description's function as it is. */
    public static AbstractTwoInputOperator<?, ?, ?> create(TwoInputOperatorDescription description) {
        return description.accept(INSTANCE);
    }

    @Override
    public AbstractTwoInputOperator<?, ?, ?> coMap(TwoInputOperatorDescription.CoMap d) {
        return new CoStreamMap<>((CoMapFunction) d.function());
    }

    @Override
    public AbstractTwoInputOperator<?, ?, ?> coFlatMap(TwoInputOperatorDescription.CoFlatMap d) {
        return new CoStreamFlatMap<>((CoFlatMapFunction) d.function());
    }

    @Override
    public AbstractTwoInputOperator<?, ?, ?> coProcess(TwoInputOperatorDescription.CoProcess d) {
        return new CoProcessOperator<>((CoProcessFunction) d.function());
    }

    @Override
    public AbstractTwoInputOperator<?, ?, ?> keyedCoProcess(TwoInputOperatorDescription.KeyedCoProcess d) {
        return new KeyedCoProcessOperator<>((KeyedCoProcessFunction) d.function());
    }

    @Override
    public AbstractTwoInputOperator<?, ?, ?> broadcastProcess(TwoInputOperatorDescription.BroadcastProcess d) {
        return new CoBroadcastWithNonKeyedOperator<>((BroadcastProcessFunction) d.function(), d.descriptors());
    }

    @Override
    public AbstractTwoInputOperator<?, ?, ?> keyedBroadcastProcess(TwoInputOperatorDescription.KeyedBroadcastProcess d) {
        return new CoBroadcastWithKeyedOperator<>((KeyedBroadcastProcessFunction) d.function(), d.descriptors());
    }

    @Override
    public AbstractTwoInputOperator<?, ?, ?> intervalJoin(TwoInputOperatorDescription.IntervalJoin d) {
        return new IntervalJoinOperator<>(d);
    }
}
