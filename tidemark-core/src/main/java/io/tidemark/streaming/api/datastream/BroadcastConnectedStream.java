package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.co.BroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import io.tidemark.streaming.api.transformations.TwoInputOperatorDescription;
import java.util.List;

/**
 * A stream connected with a broadcast stream ({@code stream.connect(broadcastStream)}): every subtask
 * sees every broadcast record, and keeps the broadcast states it writes; the other stream's records
 * read them. Finish with {@link #process}: a {@link KeyedBroadcastProcessFunction} when the stream is
 * keyed, else a {@link BroadcastProcessFunction}.
 */
public class BroadcastConnectedStream<IN1, IN2> {

    private final StreamExecutionEnvironment environment;
    private final DataStream<IN1> nonBroadcastStream;
    private final BroadcastStream<IN2> broadcastStream;
    private final List<MapStateDescriptor<?, ?>> descriptors;

    protected BroadcastConnectedStream(StreamExecutionEnvironment environment, DataStream<IN1> input1,
            BroadcastStream<IN2> input2, List<MapStateDescriptor<?, ?>> broadcastStateDescriptors) {
        this.environment = environment;
        this.nonBroadcastStream = input1;
        this.broadcastStream = input2;
        this.descriptors = List.copyOf(broadcastStateDescriptors);
    }

    public StreamExecutionEnvironment getExecutionEnvironment() {
        return environment;
    }

    public DataStream<IN1> getFirstInput() {
        return nonBroadcastStream;
    }

    public BroadcastStream<IN2> getSecondInput() {
        return broadcastStream;
    }

    /** Processes a keyed stream with the broadcast state. */
    public <KEY, OUT> SingleOutputStreamOperator<OUT> process(KeyedBroadcastProcessFunction<KEY, IN1, IN2, OUT> function) {
        if (!(nonBroadcastStream instanceof KeyedStream)) {
            throw new IllegalArgumentException("A KeyedBroadcastProcessFunction can only be used on a keyed stream.");
        }
        return transform("Co-Process-Broadcast-Keyed",
                new TwoInputOperatorDescription.KeyedBroadcastProcess(function, descriptors));
    }

    /** Processes a non-keyed stream with the broadcast state. */
    public <OUT> SingleOutputStreamOperator<OUT> process(BroadcastProcessFunction<IN1, IN2, OUT> function) {
        if (nonBroadcastStream instanceof KeyedStream) {
            throw new IllegalArgumentException("A BroadcastProcessFunction can only be used on a non-keyed stream.");
        }
        return transform("Co-Process-Broadcast", new TwoInputOperatorDescription.BroadcastProcess(function, descriptors));
    }

    /** {@link #process(KeyedBroadcastProcessFunction)} with the result type declared (see {@code returns}). */
    public <KEY, OUT> SingleOutputStreamOperator<OUT> process(KeyedBroadcastProcessFunction<KEY, IN1, IN2, OUT> function,
            io.tidemark.api.common.typeinfo.TypeInformation<OUT> outputType) {
        return process(function).returns(outputType);
    }

    /** {@link #process(BroadcastProcessFunction)} with the result type declared. */
    public <OUT> SingleOutputStreamOperator<OUT> process(BroadcastProcessFunction<IN1, IN2, OUT> function,
            io.tidemark.api.common.typeinfo.TypeInformation<OUT> outputType) {
        return process(function).returns(outputType);
    }

    private <OUT> SingleOutputStreamOperator<OUT> transform(String name, TwoInputOperatorDescription description) {
        DataStream<IN2> broadcast = new DataStream<>(environment, broadcastStream.getTransformation());
        return ConnectedStreams.addTwoInput(environment, nonBroadcastStream, broadcast, name, description);
    }
}
