package io.tidemark.flink.bridge;

import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.streaming.api.functions.co.CoFlatMapFunction;
import io.tidemark.streaming.api.functions.co.CoMapFunction;
import io.tidemark.streaming.api.functions.co.CoProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedCoProcessFunction;
import io.tidemark.streaming.api.functions.co.ProcessJoinFunction;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.co.RichCoFlatMapFunction;
import org.apache.flink.streaming.api.functions.co.RichCoMapFunction;

/** Tidemark's co-functions ({@code connect}) as Flink's, with their contexts. */
public final class CoFunctions {

    private CoFunctions() {}

    public static final class CoMap extends RichCoMapFunction<Object, Object, Object> {
        private static final long serialVersionUID = 1L;
        private final CoMapFunction<Object, Object, Object> f;
        private final String name;
        private transient LongCounter in;

        public CoMap(CoMapFunction<Object, Object, Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            in = Runtime.counter(getRuntimeContext(), name, "numRecordsIn");
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public Object map1(Object value) throws Exception {
            in.add(1L);
            return f.map1(value);
        }

        @Override
        public Object map2(Object value) throws Exception {
            in.add(1L);
            return f.map2(value);
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }
    }

    public static final class CoFlatMap extends RichCoFlatMapFunction<Object, Object, Object> {
        private static final long serialVersionUID = 1L;
        private final CoFlatMapFunction<Object, Object, Object> f;
        private final String name;
        private transient LongCounter in;
        private transient LongCounter out;

        public CoFlatMap(CoFlatMapFunction<Object, Object, Object> f, String name) {
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
        public void flatMap1(Object value, org.apache.flink.util.Collector<Object> collector) throws Exception {
            in.add(1L);
            f.flatMap1(value, Runtime.collector(collector, out));
        }

        @Override
        public void flatMap2(Object value, org.apache.flink.util.Collector<Object> collector) throws Exception {
            in.add(1L);
            f.flatMap2(value, Runtime.collector(collector, out));
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }
    }

    /** A Tidemark {@link CoProcessFunction} (keyed or not: Flink runs both) as Flink's. */
    public static final class CoProcess extends org.apache.flink.streaming.api.functions.co.CoProcessFunction<Object, Object, Object> {
        private static final long serialVersionUID = 1L;
        private final CoProcessFunction<Object, Object, Object> f;
        private final String name;
        private transient LongCounter in;
        private transient LongCounter out;
        private transient Ctx ctx;

        public CoProcess(CoProcessFunction<Object, Object, Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            in = Runtime.counter(getRuntimeContext(), name, "numRecordsIn");
            out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            ctx = new Ctx(f);
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public void processElement1(Object value, Context c, org.apache.flink.util.Collector<Object> o) throws Exception {
            in.add(1L);
            ctx.set(c, null);
            f.processElement1(value, ctx, Runtime.collector(o, out));
        }

        @Override
        public void processElement2(Object value, Context c, org.apache.flink.util.Collector<Object> o) throws Exception {
            in.add(1L);
            ctx.set(c, null);
            f.processElement2(value, ctx, Runtime.collector(o, out));
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext c, org.apache.flink.util.Collector<Object> o) throws Exception {
            ctx.set(c, c.timeDomain());
            f.onTimer(timestamp, ctx, Runtime.collector(o, out));
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }

        private static final class Ctx extends CoProcessFunction<Object, Object, Object>.OnTimerContext {
            private org.apache.flink.streaming.api.functions.co.CoProcessFunction<Object, Object, Object>.Context c;
            private org.apache.flink.streaming.api.TimeDomain domain;

            Ctx(CoProcessFunction<Object, Object, Object> f) {
                f.super();
            }

            void set(org.apache.flink.streaming.api.functions.co.CoProcessFunction<Object, Object, Object>.Context c,
                    org.apache.flink.streaming.api.TimeDomain domain) {
                this.c = c;
                this.domain = domain;
            }

            @Override
            public Long timestamp() {
                return c.timestamp();
            }

            @Override
            public TimerService timerService() {
                return Process.timers(c.timerService());
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                c.output(Runtime.tag(outputTag), value);
            }

            @Override
            public TimeDomain timeDomain() {
                if (domain == null) {
                    throw new UnsupportedOperationException("not in a timer");
                }
                return Process.domain(domain);
            }
        }
    }

    /** A Tidemark {@link KeyedCoProcessFunction} as Flink's. */
    public static final class KeyedCoProcess
            extends org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction<Object, Object, Object, Object> {
        private static final long serialVersionUID = 1L;
        private final KeyedCoProcessFunction<Object, Object, Object, Object> f;
        private final String name;
        private transient LongCounter in;
        private transient LongCounter out;
        private transient Ctx ctx;

        public KeyedCoProcess(KeyedCoProcessFunction<Object, Object, Object, Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            in = Runtime.counter(getRuntimeContext(), name, "numRecordsIn");
            out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            ctx = new Ctx(f);
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public void processElement1(Object value, Context c, org.apache.flink.util.Collector<Object> o) throws Exception {
            in.add(1L);
            ctx.set(c, null);
            f.processElement1(value, ctx, Runtime.collector(o, out));
        }

        @Override
        public void processElement2(Object value, Context c, org.apache.flink.util.Collector<Object> o) throws Exception {
            in.add(1L);
            ctx.set(c, null);
            f.processElement2(value, ctx, Runtime.collector(o, out));
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext c, org.apache.flink.util.Collector<Object> o) throws Exception {
            ctx.set(c, c.timeDomain());
            f.onTimer(timestamp, ctx, Runtime.collector(o, out));
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }

        private static final class Ctx extends KeyedCoProcessFunction<Object, Object, Object, Object>.OnTimerContext {
            private org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction<Object, Object, Object, Object>.Context c;
            private org.apache.flink.streaming.api.TimeDomain domain;

            Ctx(KeyedCoProcessFunction<Object, Object, Object, Object> f) {
                f.super();
            }

            void set(org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction<Object, Object, Object, Object>.Context c,
                    org.apache.flink.streaming.api.TimeDomain domain) {
                this.c = c;
                this.domain = domain;
            }

            @Override
            public Long timestamp() {
                return c.timestamp();
            }

            @Override
            public TimerService timerService() {
                return Process.timers(c.timerService());
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                c.output(Runtime.tag(outputTag), value);
            }

            @Override
            public Object getCurrentKey() {
                return c.getCurrentKey();
            }

            @Override
            public TimeDomain timeDomain() {
                if (domain == null) {
                    throw new UnsupportedOperationException("not in a timer");
                }
                return Process.domain(domain);
            }
        }
    }

    /** A Tidemark collector over a Flink one (no counter). */
    static Collector<Object> collector(org.apache.flink.util.Collector<Object> out) {
        return Runtime.collector(out, null);
    }

    /**
     * A Tidemark {@link ProcessJoinFunction} (interval join) as Flink's, with the pair's timestamps.
     * Counts what it emits ({@code numRecordsOut}); Flink's operator sees the input records.
     */
    public static final class ProcessJoin extends org.apache.flink.streaming.api.functions.co.ProcessJoinFunction<Object, Object, Object> {
        private static final long serialVersionUID = 1L;
        private final ProcessJoinFunction<Object, Object, Object> f;
        private final String name;
        private transient LongCounter out;
        private transient JoinCtx ctx;

        public ProcessJoin(ProcessJoinFunction<Object, Object, Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            ctx = new JoinCtx(f);
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public void processElement(Object left, Object right, Context c, org.apache.flink.util.Collector<Object> o) throws Exception {
            ctx.c = c;
            f.processElement(left, right, ctx, Runtime.collector(o, out));
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }

        private static final class JoinCtx extends ProcessJoinFunction<Object, Object, Object>.Context {
            private org.apache.flink.streaming.api.functions.co.ProcessJoinFunction<Object, Object, Object>.Context c;

            JoinCtx(ProcessJoinFunction<Object, Object, Object> f) {
                f.super();
            }

            @Override
            public long getLeftTimestamp() {
                return c.getLeftTimestamp();
            }

            @Override
            public long getRightTimestamp() {
                return c.getRightTimestamp();
            }

            @Override
            public long getTimestamp() {
                return c.getTimestamp();
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                c.output(Runtime.tag(outputTag), value);
            }
        }
    }
}
