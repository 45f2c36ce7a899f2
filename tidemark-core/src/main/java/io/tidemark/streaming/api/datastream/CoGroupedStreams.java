package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.functions.CoGroupFunction;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.functions.windowing.WindowFunction;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.Collector;
import io.tidemark.util.TaggedUnion;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Two streams whose elements with equal keys are evaluated together per window
 * ({@code first.coGroup(second).where(k1).equalTo(k2).window(assigner).apply(coGroupFunction)}), as in
 * Flink: each input's elements are tagged ({@link TaggedUnion}) by a map at that input's parallelism, the
 * two are united and keyed by their key, and one keyed window operator keeps both sides' elements; when
 * a window fires, the {@link CoGroupFunction} gets each side's elements of that key and window (in
 * arrival order; either side may be empty, never both). Results carry the window's max timestamp.
 * The windows follow every rule of keyed windows (triggers, evictors, allowed lateness); elements too
 * late for their windows are dropped and counted.
 *
 * @param <T1> first input type
 * @param <T2> second input type
 */
public class CoGroupedStreams<T1, T2> {

    private final DataStream<T1> input1;
    private final DataStream<T2> input2;

    public CoGroupedStreams(DataStream<T1> input1, DataStream<T2> input2) {
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

        /** The key of the second input's elements (equal keys meet). */
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

            /** The windows both inputs' elements are grouped into. */
            public <W extends Window> WithWindow<T1, T2, KEY, W> window(WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
                return new WithWindow<>(input1, input2, keySelector1, keySelector2, assigner);
            }
        }
    }

    /** A co-group with its windows: set the trigger, evictor and allowed lateness, then apply the function. */
    public static class WithWindow<T1, T2, KEY, W extends Window> {
        private final DataStream<T1> input1;
        private final DataStream<T2> input2;
        private final KeySelector<T1, KEY> keySelector1;
        private final KeySelector<T2, KEY> keySelector2;
        private final WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner;
        private Trigger<? super TaggedUnion<T1, T2>, ? super W> trigger;
        private Evictor<? super TaggedUnion<T1, T2>, ? super W> evictor;
        private Duration allowedLateness;

        WithWindow(DataStream<T1> input1, DataStream<T2> input2, KeySelector<T1, KEY> keySelector1,
                KeySelector<T2, KEY> keySelector2, WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
            this.input1 = input1;
            this.input2 = input2;
            this.keySelector1 = keySelector1;
            this.keySelector2 = keySelector2;
            this.assigner = Objects.requireNonNull(assigner, "window assigner");
        }

        public WithWindow<T1, T2, KEY, W> trigger(Trigger<? super TaggedUnion<T1, T2>, ? super W> trigger) {
            this.trigger = Objects.requireNonNull(trigger, "trigger");
            return this;
        }

        public WithWindow<T1, T2, KEY, W> evictor(Evictor<? super TaggedUnion<T1, T2>, ? super W> evictor) {
            this.evictor = Objects.requireNonNull(evictor, "evictor");
            return this;
        }

        public WithWindow<T1, T2, KEY, W> allowedLateness(Duration lateness) {
            this.allowedLateness = Objects.requireNonNull(lateness, "allowed lateness");
            return this;
        }

        /** Evaluates each key's elements of both inputs per window with {@code function}. */
        public <T> SingleOutputStreamOperator<T> apply(CoGroupFunction<T1, T2, T> function) {
            return windowed().apply(new CoGroupWindowFunction<>(Objects.requireNonNull(function, "co-group function")))
                    .name("Window(CoGroup)");
        }

        /** {@link #apply(CoGroupFunction)} with the result type declared (see {@code returns}). */
        public <T> SingleOutputStreamOperator<T> apply(CoGroupFunction<T1, T2, T> function, TypeInformation<T> resultType) {
            return apply(function).returns(resultType);
        }

        /** The keyed windows of both inputs' tagged elements. */
        WindowedStream<TaggedUnion<T1, T2>, KEY, W> windowed() {
            DataStream<TaggedUnion<T1, T2>> tagged1 = tag(input1, new Input1Tagger<>());
            DataStream<TaggedUnion<T1, T2>> tagged2 = tag(input2, new Input2Tagger<>());
            WindowedStream<TaggedUnion<T1, T2>, KEY, W> w = tagged1.union(tagged2)
                    .keyBy(new UnionKeySelector<>(keySelector1, keySelector2)).window(assigner);
            if (trigger != null) {
                w.trigger(trigger);
            }
            if (evictor != null) {
                w.evictor(evictor);
            }
            if (allowedLateness != null) {
                w.allowedLateness(allowedLateness);
            }
            return w;
        }

        /** The input's elements tagged, at the input's own parallelism (so the map chains with it). */
        private static <X, T1, T2> DataStream<TaggedUnion<T1, T2>> tag(DataStream<X> input, MapFunction<X, TaggedUnion<T1, T2>> tagger) {
            SingleOutputStreamOperator<TaggedUnion<T1, T2>> tagged = input.map(tagger);
            int p = input.getTransformation().getParallelism();
            if (p != -1) {
                tagged.setParallelism(p);
            }
            return tagged;
        }
    }

    static final class Input1Tagger<T1, T2> implements MapFunction<T1, TaggedUnion<T1, T2>> {
        private static final long serialVersionUID = 1L;

        @Override
        public TaggedUnion<T1, T2> map(T1 value) {
            return TaggedUnion.one(value);
        }
    }

    static final class Input2Tagger<T1, T2> implements MapFunction<T2, TaggedUnion<T1, T2>> {
        private static final long serialVersionUID = 1L;

        @Override
        public TaggedUnion<T1, T2> map(T2 value) {
            return TaggedUnion.two(value);
        }
    }

    /** The key of a tagged element: the first input's key selector or the second's. */
    static final class UnionKeySelector<T1, T2, KEY> implements KeySelector<TaggedUnion<T1, T2>, KEY> {
        private static final long serialVersionUID = 1L;
        private final KeySelector<T1, KEY> keySelector1;
        private final KeySelector<T2, KEY> keySelector2;

        UnionKeySelector(KeySelector<T1, KEY> keySelector1, KeySelector<T2, KEY> keySelector2) {
            this.keySelector1 = keySelector1;
            this.keySelector2 = keySelector2;
        }

        @Override
        public KEY getKey(TaggedUnion<T1, T2> value) throws Exception {
            return value.isOne() ? keySelector1.getKey(value.getOne()) : keySelector2.getKey(value.getTwo());
        }
    }

    /** Splits a window's tagged elements by side, in arrival order, and calls the co-group function. */
    static final class CoGroupWindowFunction<T1, T2, T, KEY, W extends Window>
            extends WrappingFunction<CoGroupFunction<T1, T2, T>> implements WindowFunction<TaggedUnion<T1, T2>, T, KEY, W> {
        private static final long serialVersionUID = 1L;

        CoGroupWindowFunction(CoGroupFunction<T1, T2, T> function) {
            super(function);
        }

        @Override
        public void apply(KEY key, W window, Iterable<TaggedUnion<T1, T2>> values, Collector<T> out) throws Exception {
            List<T1> first = new ArrayList<>();
            List<T2> second = new ArrayList<>();
            for (TaggedUnion<T1, T2> v : values) {
                if (v.isOne()) {
                    first.add(v.getOne());
                } else {
                    second.add(v.getTwo());
                }
            }
            wrapped.coGroup(first, second, out);
        }
    }
}
