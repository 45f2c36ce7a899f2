package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.transformations.PartitionTransformation;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.Window;
import java.util.Objects;

/** A stream partitioned by key: the operators after it have keyed state and timers. */
public class KeyedStream<T, K> extends DataStream<T> {

    private final KeySelector<T, K> keySelector;

    public KeyedStream(DataStream<T> input, KeySelector<T, K> keySelector) {
        super(input.getExecutionEnvironment(),
                new PartitionTransformation<>(input.getTransformation(), PartitionTransformation.Partitioning.HASH, keySelector));
        this.keySelector = keySelector;
    }

    public KeySelector<T, K> getKeySelector() {
        return keySelector;
    }

    @Override
    protected KeySelector<T, ?> keySelectorForNext() {
        return keySelector;
    }

    /** A keyed process function: keyed state and event/processing-time timers. */
    public <R> SingleOutputStreamOperator<R> process(KeyedProcessFunction<K, T, R> function) {
        Objects.requireNonNull(function, "process function");
        return transform("KeyedProcess", new OperatorDescription.KeyedProcess(function));
    }

    /** A process function on a keyed stream (it may use keyed state and timers). */
    @Override
    public <R> SingleOutputStreamOperator<R> process(ProcessFunction<T, R> function) {
        Objects.requireNonNull(function, "process function");
        return transform("Process", new OperatorDescription.Process(function));
    }

    /** A rolling reduce: after each record, the reduction of all records of its key so far. */
    public SingleOutputStreamOperator<T> reduce(ReduceFunction<T> reducer) {
        Objects.requireNonNull(reducer, "reduce function");
        return transform("Keyed Reduce", new OperatorDescription.RollingReduce(reducer));
    }

    /** Groups each key's records into windows. */
    public <W extends Window> WindowedStream<T, K, W> window(WindowAssigner<? super T, W> assigner) {
        return new WindowedStream<>(this, assigner);
    }
}
