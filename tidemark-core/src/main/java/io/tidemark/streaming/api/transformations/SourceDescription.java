package io.tidemark.streaming.api.transformations;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.connector.source.Boundedness;
import io.tidemark.api.connector.source.WithBoundedness;
import io.tidemark.streaming.api.functions.source.ParallelSourceFunction;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import java.io.Serializable;
import java.util.Objects;

/**
 * What a source node reads, in user-level terms; an engine builds its source from it. Closed: an
 * engine handles both cases through {@link #match}.
 */
public sealed interface SourceDescription extends Serializable {

    /** Picks the branch for this kind of source. */
    <R> R match(java.util.function.Function<Function, R> function, java.util.function.Function<Splits, R> splits);

    /** Whether the source may run as several parallel subtasks. */
    boolean isParallel();

    /** Whether the source's input ends: it says so ({@link WithBoundedness}); any other source counts as unbounded. */
    default boolean isBounded() {
        Object source = match(Function::function, Splits::source);
        return source instanceof WithBoundedness b && b.getBoundedness() == Boundedness.BOUNDED;
    }

    /**
     * A {@link SourceFunction} ({@code addSource}, collections, sockets): it emits records, timestamps,
     * watermarks and idleness itself. Parallel when it is a {@link ParallelSourceFunction}.
     */
    record Function(SourceFunction<?> function) implements SourceDescription {
        public Function {
            Objects.requireNonNull(function, "source function");
        }

        @Override
        public <R> R match(java.util.function.Function<Function, R> function,
                java.util.function.Function<Splits, R> splits) {
            return function.apply(this);
        }

        @Override
        public boolean isParallel() {
            return function instanceof ParallelSourceFunction;
        }
    }

    /**
     * A {@link SplitSourceFunction} ({@code env.fromSource}): the engine gives each split its own
     * timestamp assigner, watermark generator and idleness from {@code strategy}, and emits the minimum
     * over the active splits. With {@code sort} (else null), each split's records pass a reorder buffer
     * of their own between the assigner and the split's generator; records older than the last one
     * out of their split's buffer go to the source's side output {@code sort.lateTag()}. Always
     * parallel.
     */
    record Splits(SplitSourceFunction<?> source, WatermarkStrategy<?> strategy, OperatorDescription.Sort sort)
            implements SourceDescription {
        public Splits {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(strategy, "watermark strategy");
        }

        /** Without sorting. */
        public Splits(SplitSourceFunction<?> source, WatermarkStrategy<?> strategy) {
            this(source, strategy, null);
        }

        @Override
        public <R> R match(java.util.function.Function<Function, R> function,
                java.util.function.Function<Splits, R> splits) {
            return splits.apply(this);
        }

        @Override
        public boolean isParallel() {
            return true;
        }
    }
}
