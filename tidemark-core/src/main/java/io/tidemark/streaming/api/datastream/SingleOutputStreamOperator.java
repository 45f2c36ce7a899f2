package io.tidemark.streaming.api.datastream;

import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.transformations.SideOutputTransformation;
import io.tidemark.streaming.api.transformations.Transformation;
import io.tidemark.util.OutputTag;
import java.util.Objects;

/** The stream produced by one operator: can be named, configured, and asked for its side outputs. */
public class SingleOutputStreamOperator<T> extends DataStream<T> {

    public SingleOutputStreamOperator(StreamExecutionEnvironment environment, Transformation<T> transformation) {
        super(environment, transformation);
    }

    /** Names the operator (in metrics, errors and the job result). */
    public SingleOutputStreamOperator<T> name(String name) {
        transformation.setName(Objects.requireNonNull(name));
        return this;
    }

    public String getName() {
        return transformation.getName();
    }

    public SingleOutputStreamOperator<T> uid(String uid) {
        transformation.setUid(uid);
        return this;
    }

    public SingleOutputStreamOperator<T> setParallelism(int parallelism) {
        transformation.setParallelism(parallelism);
        return this;
    }

    /** Accepted for source compatibility with Flink; Tidemark needs no type hints. */
    public SingleOutputStreamOperator<T> returns(Class<T> typeClass) {
        return this;
    }

    /** The records this operator sent to the side output named by {@code tag}. */
    public <X> DataStream<X> getSideOutput(OutputTag<X> tag) {
        Objects.requireNonNull(tag, "output tag");
        return new DataStream<>(environment, new SideOutputTransformation<>(transformation, tag));
    }
}
