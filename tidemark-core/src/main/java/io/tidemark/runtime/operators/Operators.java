package io.tidemark.runtime.operators;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.FilterFunction;
import io.tidemark.api.common.functions.FlatMapFunction;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.runtime.operators.windowing.WindowOperators;
import io.tidemark.runtime.state.StateBackend;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.api.connector.sink2.Sink;
import io.tidemark.runtime.operators.sink.SinkWriterOperator;
import io.tidemark.streaming.api.transformations.OperatorDescription;

/**
 * The embedded engine's operator for each {@link OperatorDescription}: one case per kind of operator,
 * checked complete by the compiler.
 */
@SuppressWarnings({"unchecked", "rawtypes"})
public final class Operators implements OperatorDescription.Visitor<AbstractStreamOperator<?, ?>> {

    private static final Operators ON_HEAP = new Operators(null);

    /** The job's state backend (null: the default, the heap): window operators keep their contents in it or not. */
    private final StateBackend stateBackend;

    private Operators(StateBackend stateBackend) {
        this.stateBackend = stateBackend;
    }

    /** A new operator subtask for {@code description} on the heap state backend; uses the description's functions as they are. */
    public static AbstractStreamOperator<?, ?> create(OperatorDescription description) {
        return description.accept(ON_HEAP);
    }

    /** A new operator subtask for {@code description} on a job whose state backend is {@code stateBackend}. */
    public static AbstractStreamOperator<?, ?> create(OperatorDescription description, StateBackend stateBackend) {
        return description.accept(stateBackend == null ? ON_HEAP : new Operators(stateBackend));
    }

    @Override
    public AbstractStreamOperator<?, ?> map(OperatorDescription.Map d) {
        return new StreamMap<>((MapFunction) d.function());
    }

    @Override
    public AbstractStreamOperator<?, ?> flatMap(OperatorDescription.FlatMap d) {
        return new StreamFlatMap<>((FlatMapFunction) d.function());
    }

    @Override
    public AbstractStreamOperator<?, ?> filter(OperatorDescription.Filter d) {
        return new StreamFilter<>((FilterFunction) d.function());
    }

    @Override
    public AbstractStreamOperator<?, ?> process(OperatorDescription.Process d) {
        return new ProcessOperator<>((ProcessFunction) d.function());
    }

    @Override
    public AbstractStreamOperator<?, ?> keyedProcess(OperatorDescription.KeyedProcess d) {
        return new KeyedProcessOperator<>((KeyedProcessFunction) d.function());
    }

    @Override
    public AbstractStreamOperator<?, ?> rollingReduce(OperatorDescription.RollingReduce d) {
        return new StreamGroupedReduce<>((ReduceFunction) d.function());
    }

    @Override
    public AbstractStreamOperator<?, ?> timestampsAndWatermarks(OperatorDescription.TimestampsAndWatermarks d) {
        return new TimestampsAndWatermarksOperator<>((WatermarkStrategy) d.strategy(), d.sort());
    }

    @Override
    public AbstractStreamOperator<?, ?> sink(OperatorDescription.Sink d) {
        return new StreamSink<>((SinkFunction) d.function());
    }

    @Override
    public AbstractStreamOperator<?, ?> sinkV2(OperatorDescription.SinkV2 d) {
        return new SinkWriterOperator<>((Sink) d.sink());
    }

    @Override
    public AbstractStreamOperator<?, ?> window(OperatorDescription.Window d) {
        return WindowOperators.create(d, stateBackend);
    }

    @Override
    public AbstractStreamOperator<?, ?> custom(OperatorDescription.Custom d) {
        if (d.factory() instanceof io.tidemark.streaming.api.operators.AsyncWaitOperatorFactory<?, ?> async) {
            return new io.tidemark.runtime.operators.async.AsyncWaitOperator<>(async);
        }
        Object operator = d.factory().createOperator();
        if (!(operator instanceof AbstractStreamOperator)) {
            throw new IllegalArgumentException("a custom operator's factory must create an "
                    + AbstractStreamOperator.class.getName() + " to run on the embedded engine; it created "
                    + (operator == null ? "null" : operator.getClass().getName()));
        }
        return (AbstractStreamOperator<?, ?>) operator;
    }
}
