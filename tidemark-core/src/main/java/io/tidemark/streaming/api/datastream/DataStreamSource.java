package io.tidemark.streaming.api.datastream;

import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.transformations.SourceTransformation;

/** The stream a source produces. */
public class DataStreamSource<T> extends SingleOutputStreamOperator<T> {

    public DataStreamSource(StreamExecutionEnvironment environment, SourceTransformation<T> transformation) {
        super(environment, transformation);
    }
}
