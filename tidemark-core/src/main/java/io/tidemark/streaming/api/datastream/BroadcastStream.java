package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.transformations.PartitionTransformation;
import io.tidemark.streaming.api.transformations.Transformation;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A stream sent to every subtask of the operator it is connected to, with the broadcast states that
 * operator keeps ({@code stream.broadcast(descriptors)}); connect another stream to it with
 * {@code other.connect(broadcastStream)}.
 */
public class BroadcastStream<T> {

    private final StreamExecutionEnvironment environment;
    private final Transformation<T> transformation;
    private final List<MapStateDescriptor<?, ?>> descriptors;

    protected BroadcastStream(StreamExecutionEnvironment environment, DataStream<T> input,
            MapStateDescriptor<?, ?>... broadcastStateDescriptors) {
        this.environment = Objects.requireNonNull(environment);
        this.transformation = new PartitionTransformation<>(input.getTransformation(),
                PartitionTransformation.Partitioning.BROADCAST, null);
        this.descriptors = List.copyOf(Arrays.asList(broadcastStateDescriptors));
    }

    /** The broadcast partitioning of the input. */
    public Transformation<T> getTransformation() {
        return transformation;
    }

    public List<MapStateDescriptor<?, ?>> getBroadcastStateDescriptors() {
        return descriptors;
    }

    public StreamExecutionEnvironment getEnvironment() {
        return environment;
    }
}
