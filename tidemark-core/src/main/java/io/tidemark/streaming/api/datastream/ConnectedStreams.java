package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.co.CoFlatMapFunction;
import io.tidemark.streaming.api.functions.co.CoMapFunction;
import io.tidemark.streaming.api.functions.co.CoProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedCoProcessFunction;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;
import io.tidemark.streaming.api.transformations.TwoInputTransformation;
import java.util.Objects;

/**
 * Two streams, possibly of different types, processed together by one operator
 * ({@code first.connect(second)}): a co-function sees the records of both, in the order they reach its
 * subtask. Keyed ({@link #keyBy}), records of equal keys from both inputs meet in one subtask and share
 * keyed state and timers. The operator's watermark is the minimum of the two inputs' (an idle input is
 * left out), as in Flink.
 */
public class ConnectedStreams<IN1, IN2> {

    protected final StreamExecutionEnvironment environment;
    protected final DataStream<IN1> inputStream1;
    protected final DataStream<IN2> inputStream2;

    protected ConnectedStreams(StreamExecutionEnvironment environment, DataStream<IN1> input1, DataStream<IN2> input2) {
        this.environment = Objects.requireNonNull(environment);
        this.inputStream1 = Objects.requireNonNull(input1, "first input");
        this.inputStream2 = Objects.requireNonNull(input2, "second input");
    }

    public StreamExecutionEnvironment getExecutionEnvironment() {
        return environment;
    }

    public DataStream<IN1> getFirstInput() {
        return inputStream1;
    }

    public DataStream<IN2> getSecondInput() {
        return inputStream2;
    }

    /** Keys both inputs: records of equal keys meet in one subtask, with keyed state and timers. */
    public <KEY> ConnectedStreams<IN1, IN2> keyBy(KeySelector<IN1, KEY> keySelector1, KeySelector<IN2, KEY> keySelector2) {
        return new ConnectedStreams<>(environment, inputStream1.keyBy(keySelector1), inputStream2.keyBy(keySelector2));
    }

    /**
     * Keys both inputs by a field position each (tuples; 0 for a basic type's value itself). The key is a
     * tuple of the field, as Flink's.
     */
    public ConnectedStreams<IN1, IN2> keyBy(int keyPosition1, int keyPosition2) {
        return keyBy(new int[] {keyPosition1}, new int[] {keyPosition2});
    }

    /** Keys both inputs by field positions; the key is a tuple of the fields. */
    public ConnectedStreams<IN1, IN2> keyBy(int[] keyPositions1, int[] keyPositions2) {
        return new ConnectedStreams<>(environment, inputStream1.keyBy(FieldsKeySelector.<IN1>ofPositions(keyPositions1)),
                inputStream2.keyBy(FieldsKeySelector.<IN2>ofPositions(keyPositions2)));
    }

    /** Keys both inputs by a field expression each (see {@code FieldAccessor}); the key is a tuple of the field. */
    public ConnectedStreams<IN1, IN2> keyBy(String field1, String field2) {
        return keyBy(new String[] {field1}, new String[] {field2});
    }

    /** Keys both inputs by field expressions; the key is a tuple of the fields. */
    public ConnectedStreams<IN1, IN2> keyBy(String[] fields1, String[] fields2) {
        return new ConnectedStreams<>(environment, inputStream1.keyBy(FieldsKeySelector.<IN1>ofExpressions(fields1)),
                inputStream2.keyBy(FieldsKeySelector.<IN2>ofExpressions(fields2)));
    }

    /** One result per record of either input. */
    public <R> SingleOutputStreamOperator<R> map(CoMapFunction<IN1, IN2, R> coMapper) {
        return transform("Co-Map", new TwoInputOperatorDescription.CoMap(coMapper));
    }

    /** Any number of results per record of either input. */
    public <R> SingleOutputStreamOperator<R> flatMap(CoFlatMapFunction<IN1, IN2, R> coFlatMapper) {
        return transform("Co-Flat Map", new TwoInputOperatorDescription.CoFlatMap(coFlatMapper));
    }

    /** A co-process function (keyed state and timers when both inputs are keyed). */
    public <R> SingleOutputStreamOperator<R> process(CoProcessFunction<IN1, IN2, R> coProcessFunction) {
        return transform("Co-Process", new TwoInputOperatorDescription.CoProcess(coProcessFunction));
    }

    /** A keyed co-process function: both inputs must be keyed. */
    public <K, R> SingleOutputStreamOperator<R> process(KeyedCoProcessFunction<K, IN1, IN2, R> keyedCoProcessFunction) {
        if (!(inputStream1 instanceof KeyedStream) || !(inputStream2 instanceof KeyedStream)) {
            throw new UnsupportedOperationException(
                    "KeyedCoProcessFunction can only be used when both input streams are of type KeyedStream.");
        }
        return transform("Co-Keyed-Process", new TwoInputOperatorDescription.KeyedCoProcess(keyedCoProcessFunction));
    }

    /** {@link #map(CoMapFunction)} with the result type declared (see {@code returns}). */
    public <R> SingleOutputStreamOperator<R> map(CoMapFunction<IN1, IN2, R> coMapper, TypeInformation<R> outputType) {
        return map(coMapper).returns(outputType);
    }

    /** {@link #flatMap(CoFlatMapFunction)} with the result type declared. */
    public <R> SingleOutputStreamOperator<R> flatMap(CoFlatMapFunction<IN1, IN2, R> coFlatMapper, TypeInformation<R> outputType) {
        return flatMap(coFlatMapper).returns(outputType);
    }

    /** {@link #process(CoProcessFunction)} with the result type declared. */
    public <R> SingleOutputStreamOperator<R> process(CoProcessFunction<IN1, IN2, R> function, TypeInformation<R> outputType) {
        return process(function).returns(outputType);
    }

    /** {@link #process(KeyedCoProcessFunction)} with the result type declared. */
    public <K, R> SingleOutputStreamOperator<R> process(KeyedCoProcessFunction<K, IN1, IN2, R> function,
            TypeInformation<R> outputType) {
        return process(function).returns(outputType);
    }

    private <R> SingleOutputStreamOperator<R> transform(String name, TwoInputOperatorDescription description) {
        return addTwoInput(environment, inputStream1, inputStream2, name, description);
    }

    /** Adds a two-input operator reading {@code input1} and {@code input2}, keyed where they are. */
    static <IN1, IN2, R> SingleOutputStreamOperator<R> addTwoInput(StreamExecutionEnvironment environment,
            DataStream<IN1> input1, DataStream<IN2> input2, String name, TwoInputOperatorDescription description) {
        TwoInputTransformation<IN1, IN2, R> t = new TwoInputTransformation<>(input1.getTransformation(),
                input2.getTransformation(), name, description, input1.keySelectorForNext(), input2.keySelectorForNext());
        environment.addTransformation(t);
        return new SingleOutputStreamOperator<>(environment, t);
    }
}
