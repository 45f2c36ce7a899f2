package io.tidemark.flink.bridge;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.FilterFunction;
import io.tidemark.api.common.functions.FlatMapFunction;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.windowing.assigners.SessionWindowTimeGapExtractor;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFilterFunction;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.functions.RichReduceFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.streaming.api.functions.sink.legacy.RichSinkFunction;

/** Flink functions that call Tidemark user functions. Each holds the user function and the operator name. */
public final class Functions {

    private Functions() {}

    /** Passes records on unchanged (to re-declare a stream's type). */
    public static final org.apache.flink.api.common.functions.MapFunction<Object, Object> IDENTITY = new Identity();

    private static final class Identity implements org.apache.flink.api.common.functions.MapFunction<Object, Object> {
        private static final long serialVersionUID = 1L;

        @Override
        public Object map(Object value) {
            return value;
        }
    }

    /**
     * Passes records on, counting them under the Tidemark counter {@code name#metric}: for Flink's own
     * connectors (which keep no Tidemark counters) chained next to them.
     */
    public static final class Counted extends RichMapFunction<Object, Object> {
        private static final long serialVersionUID = 1L;
        private final String name;
        private final String metric;
        private transient LongCounter counter;

        public Counted(String name, String metric) {
            this.name = name;
            this.metric = metric;
        }

        @Override
        public void open(OpenContext openContext) {
            counter = Runtime.counter(getRuntimeContext(), name, metric);
        }

        @Override
        public Object map(Object value) {
            counter.add(1L);
            return value;
        }
    }

    public static final class Map extends RichMapFunction<Object, Object> implements Checkpointed.Hooks {
        private static final long serialVersionUID = 1L;

        @Override
        public Object wrapped() {
            return f;
        }
        private final MapFunction<Object, Object> f;
        private final String name;
        private transient LongCounter in;

        public Map(MapFunction<Object, Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            in = Runtime.counter(getRuntimeContext(), name, "numRecordsIn");
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public Object map(Object value) throws Exception {
            in.add(1L);
            return f.map(value);
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }
    }

    public static final class FlatMap extends RichFlatMapFunction<Object, Object> implements Checkpointed.Hooks {
        private static final long serialVersionUID = 1L;

        @Override
        public Object wrapped() {
            return f;
        }
        private final FlatMapFunction<Object, Object> f;
        private final String name;
        private transient LongCounter in;
        private transient LongCounter out;

        public FlatMap(FlatMapFunction<Object, Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            in = Runtime.counter(getRuntimeContext(), name, "numRecordsIn");
            out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public void flatMap(Object value, org.apache.flink.util.Collector<Object> collector) throws Exception {
            in.add(1L);
            f.flatMap(value, Runtime.collector(collector, out));
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }
    }

    public static final class Filter extends RichFilterFunction<Object> implements Checkpointed.Hooks {
        private static final long serialVersionUID = 1L;

        @Override
        public Object wrapped() {
            return f;
        }
        private final FilterFunction<Object> f;
        private final String name;
        private transient LongCounter in;
        private transient LongCounter out;

        public Filter(FilterFunction<Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            in = Runtime.counter(getRuntimeContext(), name, "numRecordsIn");
            out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public boolean filter(Object value) throws Exception {
            in.add(1L);
            boolean keep = f.filter(value);
            if (keep) {
                out.add(1L);
            }
            return keep;
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }
    }

    /** Rolling reduce on a keyed stream (may be rich). Keeps no counter: Flink calls it from the second record of a key on. */
    public static final class RollingReduce extends RichReduceFunction<Object> {
        private static final long serialVersionUID = 1L;
        private final ReduceFunction<Object> f;

        public RollingReduce(ReduceFunction<Object> f) {
            this.f = f;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public Object reduce(Object a, Object b) throws Exception {
            return f.reduce(a, b);
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }
    }

    /**
     * A Tidemark key selector on Flink. Its key is a generic type, also where Flink extracts the key's
     * type itself (the interval join keys its inputs again): Flink then takes the produced type
     * instead of checking the function's input against the stream's declared type.
     */
    public static final class Keys implements org.apache.flink.api.java.functions.KeySelector<Object, Object>,
            ResultTypeQueryable<Object> {
        private static final long serialVersionUID = 1L;
        private final KeySelector<Object, Object> f;

        public Keys(KeySelector<Object, Object> f) {
            this.f = f;
        }

        @Override
        public Object getKey(Object value) throws Exception {
            return f.getKey(value);
        }

        @Override
        public TypeInformation<Object> getProducedType() {
            return States.OBJECT;
        }
    }

    public static final class Aggregate implements org.apache.flink.api.common.functions.AggregateFunction<Object, Object, Object> {
        private static final long serialVersionUID = 1L;
        private final AggregateFunction<Object, Object, Object> f;

        public Aggregate(AggregateFunction<Object, Object, Object> f) {
            this.f = f;
        }

        @Override
        public Object createAccumulator() {
            return f.createAccumulator();
        }

        @Override
        public Object add(Object value, Object accumulator) {
            return f.add(value, accumulator);
        }

        @Override
        public Object getResult(Object accumulator) {
            return f.getResult(accumulator);
        }

        @Override
        public Object merge(Object a, Object b) {
            return f.merge(a, b);
        }
    }

    public static final class SessionGap implements org.apache.flink.streaming.api.windowing.assigners.SessionWindowTimeGapExtractor<Object> {
        private static final long serialVersionUID = 1L;
        private final SessionWindowTimeGapExtractor<Object> f;

        public SessionGap(SessionWindowTimeGapExtractor<Object> f) {
            this.f = f;
        }

        @Override
        public long extract(Object element) {
            long gap = f.extract(element);
            if (gap <= 0) {
                // Tidemark's rule (and Flink's): a gap must be positive
                throw new IllegalArgumentException(
                        "Dynamic session time gap must satisfy 0 < gap, got " + gap + " for element " + element);
            }
            return gap;
        }
    }

    public static final class Sink extends RichSinkFunction<Object> implements Checkpointed.Hooks {
        private static final long serialVersionUID = 1L;

        @Override
        public Object wrapped() {
            return f;
        }
        private final SinkFunction<Object> f;
        private final String name;
        private transient LongCounter in;

        public Sink(SinkFunction<Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            in = Runtime.counter(getRuntimeContext(), name, "numRecordsIn");
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public void invoke(Object value, Context context) throws Exception {
            in.add(1L);
            f.invoke(value, new SinkFunction.Context() {
                @Override
                public long currentProcessingTime() {
                    return context.currentProcessingTime();
                }

                @Override
                public long currentWatermark() {
                    return context.currentWatermark();
                }

                @Override
                public Long timestamp() {
                    return context.timestamp();
                }
            });
        }

        @Override
        public void finish() throws Exception {
            f.finish();
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }
    }
}
