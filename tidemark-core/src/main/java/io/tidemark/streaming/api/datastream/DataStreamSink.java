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

    public DataStreamSink<T> setParallelism(int parallelism) {
        transformation.setParallelism(parallelism);
        return this;
    }
}
