package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.functions.CoGroupFunction;
import io.tidemark.api.common.functions.FlatJoinFunction;
import io.tidemark.api.common.functions.JoinFunction;
import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.Collector;
import io.tidemark.util.TaggedUnion;
import java.time.Duration;
import java.util.Objects;

/**
 * A window join of two streams ({@code first.join(second).where(k1).equalTo(k2).window(assigner)
 * .apply(joinFunction)}), as in Flink: a {@link CoGroupedStreams co-group} whose function joins every
 * pair of the key's elements of one window, first input's outer, second's inner, both in arrival order
 * (an inner join: a key and window with elements of one side only gives nothing). Results carry the
 * window's max timestamp. Worked example: tumbling 10 s windows; first (k, a)@1s, (k, b)@12s; second
 * (k, x)@3s, (k, y)@5s → window [0, 10s) joins (a, x), (a, y) at 9999; [10s, 20s) has no second element
 * of k and joins nothing.
 *
 * @param <T1> first input type
 * @param <T2> second input type
 */
public class JoinedStreams<T1, T2> {

    private final DataStream<T1> input1;
    private final DataStream<T2> input2;

    public JoinedStreams(DataStream<T1> input1, DataStream<T2> input2) {
        this.input1 = Objects.requireNonNull(input1, "first input");
        this.input2 = Objects.requireNonNull(input2, "second input");
    }

    /** The key of the first input's elements. */
    public <KEY> Where<KEY> where(KeySelector<T1, KEY> keySelector) {
        return new Where<>(Objects.requireNonNull(keySelector, "key selector"));
    }

    /** {@link #where(KeySelector)}; the key's type is accepted for compatibility (keys need none). */
    public <KEY> Where<KEY> where(KeySelector<T1, KEY> keySelector, TypeInformation<KEY> keyType) {
        return where(keySelector);
    }

    /** The first input's key, waiting for the second's. */
    public class Where<KEY> {
        private final KeySelector<T1, KEY> keySelector1;

        Where(KeySelector<T1, KEY> keySelector1) {
            this.keySelector1 = keySelector1;
        }

        /** The key of the second input's elements (equal keys join). */
        public EqualTo equalTo(KeySelector<T2, KEY> keySelector) {
            return new EqualTo(Objects.requireNonNull(keySelector, "key selector"));
        }

        /** {@link #equalTo(KeySelector)}; the key's type is accepted for compatibility (keys need none). */
        public EqualTo equalTo(KeySelector<T2, KEY> keySelector, TypeInformation<KEY> keyType) {
            return equalTo(keySelector);
        }

        /** Both keys, waiting for the windows. */
        public class EqualTo {
            private final KeySelector<T2, KEY> keySelector2;

            EqualTo(KeySelector<T2, KEY> keySelector2) {
                this.keySelector2 = keySelector2;
            }

            /** The windows both inputs' elements are joined in. */
            public <W extends Window> WithWindow<T1, T2, KEY, W> window(WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
                return new WithWindow<>(new CoGroupedStreams<>(input1, input2).where(keySelector1).equalTo(keySelector2)
                        .window(assigner));
            }
        }
    }

    /** A join with its windows: set the trigger, evictor and allowed lateness, then apply the function. */
    public static class WithWindow<T1, T2, KEY, W extends Window> {
        private final CoGroupedStreams.WithWindow<T1, T2, KEY, W> coGroup;

        WithWindow(CoGroupedStreams.WithWindow<T1, T2, KEY, W> coGroup) {
            this.coGroup = coGroup;
        }

        public WithWindow<T1, T2, KEY, W> trigger(Trigger<? super TaggedUnion<T1, T2>, ? super W> trigger) {
            coGroup.trigger(trigger);
            return this;
        }

        public WithWindow<T1, T2, KEY, W> evictor(Evictor<? super TaggedUnion<T1, T2>, ? super W> evictor) {
            coGroup.evictor(evictor);
            return this;
        }

        public WithWindow<T1, T2, KEY, W> allowedLateness(Duration lateness) {
            coGroup.allowedLateness(lateness);
            return this;
        }

        /** One result per joined pair. */
        public <T> SingleOutputStreamOperator<T> apply(JoinFunction<T1, T2, T> function) {
            return coGroup.apply(new JoinCoGroupFunction<>(Objects.requireNonNull(function, "join function")))
                    .name("Window(Join)");
        }

        /** {@link #apply(JoinFunction)} with the result type declared (see {@code returns}). */
        public <T> SingleOutputStreamOperator<T> apply(JoinFunction<T1, T2, T> function, TypeInformation<T> resultType) {
            return apply(function).returns(resultType);
        }

        /** Any number of results per joined pair. */
        public <T> SingleOutputStreamOperator<T> apply(FlatJoinFunction<T1, T2, T> function) {
            return coGroup.apply(new FlatJoinCoGroupFunction<>(Objects.requireNonNull(function, "join function")))
                    .name("Window(Join)");
        }

        /** {@link #apply(FlatJoinFunction)} with the result type declared (see {@code returns}). */
        public <T> SingleOutputStreamOperator<T> apply(FlatJoinFunction<T1, T2, T> function, TypeInformation<T> resultType) {
            return apply(function).returns(resultType);
        }
    }

    /** Joins every pair: first input outer, second inner. */
    static final class JoinCoGroupFunction<T1, T2, T> extends WrappingFunction<JoinFunction<T1, T2, T>>
            implements CoGroupFunction<T1, T2, T> {
        private static final long serialVersionUID = 1L;

        JoinCoGroupFunction(JoinFunction<T1, T2, T> function) {
            super(function);
        }

        @Override
        public void coGroup(Iterable<T1> first, Iterable<T2> second, Collector<T> out) throws Exception {
            for (T1 a : first) {
                for (T2 b : second) {
                    out.collect(wrapped.join(a, b));
                }
            }
        }
    }

    /** Joins every pair with a flat-join function. */
    static final class FlatJoinCoGroupFunction<T1, T2, T> extends WrappingFunction<FlatJoinFunction<T1, T2, T>>
            implements CoGroupFunction<T1, T2, T> {
        private static final long serialVersionUID = 1L;

        FlatJoinCoGroupFunction(FlatJoinFunction<T1, T2, T> function) {
            super(function);
        }

        @Override
        public void coGroup(Iterable<T1> first, Iterable<T2> second, Collector<T> out) throws Exception {
            for (T1 a : first) {
                for (T2 b : second) {
                    wrapped.join(a, b, out);
                }
            }
        }
    }
}
