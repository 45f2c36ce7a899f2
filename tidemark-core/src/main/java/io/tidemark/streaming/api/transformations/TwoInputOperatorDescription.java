package io.tidemark.streaming.api.transformations;

import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.streaming.api.functions.co.BroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.CoFlatMapFunction;
import io.tidemark.streaming.api.functions.co.CoMapFunction;
import io.tidemark.streaming.api.functions.co.CoProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedCoProcessFunction;
import io.tidemark.streaming.api.functions.co.ProcessJoinFunction;
import io.tidemark.util.OutputTag;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * What a two-input operator node computes, in user-level terms (the two-input counterpart of
 * {@link OperatorDescription}). Closed: an engine handles every case through a {@link Visitor}, so a
 * new kind is a compile error in every engine until each one handles it. Serializable: each subtask
 * gets its own copy of the user function.
 */
public sealed interface TwoInputOperatorDescription extends Serializable {

    /** Calls the visitor's method for this kind of operator. */
    <R> R accept(Visitor<R> visitor);

    /** The user function (for names in errors and its life cycle). */
    Object function();

    /** One method per kind of two-input operator. */
    interface Visitor<R> {
        R coMap(CoMap d);

        R coFlatMap(CoFlatMap d);

        R coProcess(CoProcess d);

        R keyedCoProcess(KeyedCoProcess d);

        R broadcastProcess(BroadcastProcess d);

        R keyedBroadcastProcess(KeyedBroadcastProcess d);

        R intervalJoin(IntervalJoin d);
    }

    /** {@code connect(..).map(CoMapFunction)}. */
    record CoMap(CoMapFunction<?, ?, ?> function) implements TwoInputOperatorDescription {
        public CoMap {
            Objects.requireNonNull(function, "co-map function");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.coMap(this);
        }
    }

    /** {@code connect(..).flatMap(CoFlatMapFunction)}. */
    record CoFlatMap(CoFlatMapFunction<?, ?, ?> function) implements TwoInputOperatorDescription {
        public CoFlatMap {
            Objects.requireNonNull(function, "co-flatMap function");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.coFlatMap(this);
        }
    }

    /** {@code connect(..).process(CoProcessFunction)} (keyed state and timers when both inputs are keyed). */
    record CoProcess(CoProcessFunction<?, ?, ?> function) implements TwoInputOperatorDescription {
        public CoProcess {
            Objects.requireNonNull(function, "co-process function");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.coProcess(this);
        }
    }

    /** {@code connect(..).keyBy(..).process(KeyedCoProcessFunction)}. */
    record KeyedCoProcess(KeyedCoProcessFunction<?, ?, ?, ?> function) implements TwoInputOperatorDescription {
        public KeyedCoProcess {
            Objects.requireNonNull(function, "keyed co-process function");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.keyedCoProcess(this);
        }
    }

    /**
     * A non-keyed stream connected with a broadcast stream.
     *
     * @param descriptors the broadcast states the function may use (those given to {@code broadcast})
     */
    record BroadcastProcess(BroadcastProcessFunction<?, ?, ?> function, List<MapStateDescriptor<?, ?>> descriptors)
            implements TwoInputOperatorDescription {
        public BroadcastProcess {
            Objects.requireNonNull(function, "broadcast process function");
            descriptors = List.copyOf(descriptors);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.broadcastProcess(this);
        }
    }

    /**
     * A keyed stream connected with a broadcast stream.
     *
     * @param descriptors the broadcast states the function may use (those given to {@code broadcast})
     */
    record KeyedBroadcastProcess(KeyedBroadcastProcessFunction<?, ?, ?, ?> function,
            List<MapStateDescriptor<?, ?>> descriptors) implements TwoInputOperatorDescription {
        public KeyedBroadcastProcess {
            Objects.requireNonNull(function, "keyed broadcast process function");
            descriptors = List.copyOf(descriptors);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.keyedBroadcastProcess(this);
        }
    }

    /**
     * An interval join of two keyed streams: a left element at {@code l} and a right element of the same
     * key at {@code r} join when {@code l + lowerBound <= r <= l + upperBound} ({@code <} at an exclusive
     * bound). Event time only.
     *
     * @param lowerBound milliseconds, may be negative
     * @param upperBound milliseconds, may be negative
     * @param leftLateDataTag where left elements behind the watermark go, or null (dropped)
     * @param rightLateDataTag where right elements behind the watermark go, or null (dropped)
     */
    record IntervalJoin(ProcessJoinFunction<?, ?, ?> function, long lowerBound, long upperBound, boolean lowerBoundInclusive,
            boolean upperBoundInclusive, OutputTag<?> leftLateDataTag, OutputTag<?> rightLateDataTag)
            implements TwoInputOperatorDescription {
        public IntervalJoin {
            Objects.requireNonNull(function, "process join function");
            if (inclusiveLowerBound(lowerBound, lowerBoundInclusive) > inclusiveUpperBound(upperBound, upperBoundInclusive)) {
                throw new IllegalArgumentException("lowerBound <= upperBound must be fulfilled: the interval ["
                        + lowerBound + ", " + upperBound + "] with " + (lowerBoundInclusive ? "inclusive" : "exclusive")
                        + " lower and " + (upperBoundInclusive ? "inclusive" : "exclusive") + " upper bound is empty");
            }
        }

        /** The smallest {@code r - l} that joins. */
        public long inclusiveLowerBound() {
            return inclusiveLowerBound(lowerBound, lowerBoundInclusive);
        }

        /** The largest {@code r - l} that joins. */
        public long inclusiveUpperBound() {
            return inclusiveUpperBound(upperBound, upperBoundInclusive);
        }

        private static long inclusiveLowerBound(long bound, boolean inclusive) {
            return inclusive ? bound : bound + 1;
        }

        private static long inclusiveUpperBound(long bound, boolean inclusive) {
            return inclusive ? bound : bound - 1;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.intervalJoin(this);
        }
    }
}
