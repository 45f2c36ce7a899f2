package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.typeinfo.TypeHint;
import io.tidemark.api.common.typeinfo.TypeInformation;
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

    /**
     * The operator's hash in a Flink savepoint, for state written by a job without uids: only the Flink
     * runner uses it; the embedded engine's checkpoints know operators by uid or name.
     */
    public SingleOutputStreamOperator<T> setUidHash(String uidHash) {
        transformation.setUidHash(Objects.requireNonNull(uidHash, "uid hash"));
        return this;
    }

    /** A description of the operator, beside its name (Flink shows it in its web UI and plan). */
    public SingleOutputStreamOperator<T> setDescription(String description) {
        transformation.setUserDescription(Objects.requireNonNull(description, "description"));
        return this;
    }

    /**
     * Flink's slot sharing group of the operator; the Flink runner sets it on Flink, the embedded engine,
     * which runs every subtask on a thread of its own, accepts it.
     */
    public SingleOutputStreamOperator<T> slotSharingGroup(String slotSharingGroup) {
        transformation.setSlotSharingGroup(Objects.requireNonNull(slotSharingGroup, "slot sharing group"));
        return this;
    }

    /** Runs the operator in a chain of its own: neither chained to its input nor chaining its consumers. */
    public SingleOutputStreamOperator<T> disableChaining() {
        transformation.setChaining(Transformation.Chaining.NEVER);
        return this;
    }

    /** Starts a new chain at this operator: it is not chained to its input; its consumers may chain to it. */
    public SingleOutputStreamOperator<T> startNewChain() {
        transformation.setChaining(Transformation.Chaining.HEAD);
        return this;
    }

    public SingleOutputStreamOperator<T> setParallelism(int parallelism) {
        transformation.setParallelism(parallelism);
        return this;
    }

    /**
     * Declares the type of this operator's records. The embedded engine needs no types; the Flink runner
     * gives the declared type to Flink (records a lambda produces then get Flink's serializer for it).
     */
    public SingleOutputStreamOperator<T> returns(Class<T> typeClass) {
        return returns(TypeInformation.of(typeClass));
    }

    /** Declares the type of this operator's records with a hint ({@code returns(new TypeHint<Tuple2<String, Integer>>(){})}). */
    public SingleOutputStreamOperator<T> returns(TypeHint<T> typeHint) {
        return returns(TypeInformation.of(typeHint));
    }

    /** Declares the type of this operator's records ({@code returns(Types.TUPLE(Types.STRING, Types.INT))}). */
    public SingleOutputStreamOperator<T> returns(TypeInformation<T> typeInfo) {
        transformation.setOutputType(Objects.requireNonNull(typeInfo, "type information"));
        return this;
    }

    /** The records this operator sent to the side output named by {@code tag}. */
    public <X> DataStream<X> getSideOutput(OutputTag<X> tag) {
        Objects.requireNonNull(tag, "output tag");
        return new DataStream<>(environment, new SideOutputTransformation<>(transformation, tag));
    }
}
