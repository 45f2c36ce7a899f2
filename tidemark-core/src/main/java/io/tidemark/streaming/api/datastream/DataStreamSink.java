package io.tidemark.streaming.api.datastream;

import io.tidemark.streaming.api.transformations.Transformation;

/** The end of a pipeline. */
public class DataStreamSink<T> {

    private final Transformation<Void> transformation;

    public DataStreamSink(Transformation<Void> transformation) {
        this.transformation = transformation;
    }

    public Transformation<Void> getTransformation() {
        return transformation;
    }

    public DataStreamSink<T> name(String name) {
        transformation.setName("Sink: " + name);
        return this;
    }

    public DataStreamSink<T> uid(String uid) {
        transformation.setUid(uid);
        return this;
    }

    /** See {@link SingleOutputStreamOperator#setUidHash}. */
    public DataStreamSink<T> setUidHash(String uidHash) {
        transformation.setUidHash(java.util.Objects.requireNonNull(uidHash, "uid hash"));
        return this;
    }

    /** See {@link SingleOutputStreamOperator#setDescription}. */
    public DataStreamSink<T> setDescription(String description) {
        transformation.setUserDescription(java.util.Objects.requireNonNull(description, "description"));
        return this;
    }

    /** See {@link SingleOutputStreamOperator#slotSharingGroup}. */
    public DataStreamSink<T> slotSharingGroup(String slotSharingGroup) {
        transformation.setSlotSharingGroup(java.util.Objects.requireNonNull(slotSharingGroup, "slot sharing group"));
        return this;
    }

    /** Runs the sink in a chain of its own, not chained to its input. */
    public DataStreamSink<T> disableChaining() {
        transformation.setChaining(Transformation.Chaining.NEVER);
        return this;
    }

    public DataStreamSink<T> setParallelism(int parallelism) {
        transformation.setParallelism(parallelism);
        return this;
    }
}
