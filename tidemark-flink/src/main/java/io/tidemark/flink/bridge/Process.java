package io.tidemark.flink.bridge;

import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;

/** Tidemark process functions as Flink process functions, with their contexts and timer services. */
public final class Process {

    private Process() {}

    static TimerService timers(org.apache.flink.streaming.api.TimerService t) {
        return new TimerService() {
            @Override
            public long currentProcessingTime() {
                return t.currentProcessingTime();
            }

            @Override
            public long currentWatermark() {
                return t.currentWatermark();
            }

            @Override
            public void registerProcessingTimeTimer(long time) {
                t.registerProcessingTimeTimer(time);
            }

            @Override
            public void registerEventTimeTimer(long time) {
                t.registerEventTimeTimer(time);
            }

            @Override
            public void deleteProcessingTimeTimer(long time) {
                t.deleteProcessingTimeTimer(time);
            }

            @Override
            public void deleteEventTimeTimer(long time) {
                t.deleteEventTimeTimer(time);
            }
        };
    }

    static TimeDomain domain(org.apache.flink.streaming.api.TimeDomain d) {
        return d == org.apache.flink.streaming.api.TimeDomain.EVENT_TIME ? TimeDomain.EVENT_TIME : TimeDomain.PROCESSING_TIME;
    }

    /** What the Tidemark contexts read from Flink's. */
    interface Source {
        Long timestamp();

        org.apache.flink.streaming.api.TimerService timerService();

        <X> void output(org.apache.flink.util.OutputTag<X> tag, X value);

        Object key();

        org.apache.flink.streaming.api.TimeDomain domain();
    }

    /** {@link Source} over Flink's non-keyed process context: no key, not in a timer. */
    static final class NonKeyedSource implements Source {
        private final org.apache.flink.streaming.api.functions.ProcessFunction<Object, Object>.Context c;

        NonKeyedSource(org.apache.flink.streaming.api.functions.ProcessFunction<Object, Object>.Context c) {
            this.c = c;
        }

        @Override
        public Long timestamp() {
            return c.timestamp();
        }

        @Override
        public org.apache.flink.streaming.api.TimerService timerService() {
            return c.timerService();
        }

        @Override
        public <X> void output(org.apache.flink.util.OutputTag<X> tag, X v) {
            c.output(tag, v);
        }

        @Override
        public Object key() {
            throw new UnsupportedOperationException("no key on a non-keyed stream");
        }

        @Override
        public org.apache.flink.streaming.api.TimeDomain domain() {
            throw new UnsupportedOperationException("not in a timer");
        }
    }

    /** {@link Source} over Flink's keyed process context; {@code domain} is null outside a timer. */
    static final class KeyedSource implements Source {
        private final org.apache.flink.streaming.api.functions.KeyedProcessFunction<Object, Object, Object>.Context c;
        private final org.apache.flink.streaming.api.TimeDomain domain;

        KeyedSource(org.apache.flink.streaming.api.functions.KeyedProcessFunction<Object, Object, Object>.Context c,
                org.apache.flink.streaming.api.TimeDomain domain) {
            this.c = c;
            this.domain = domain;
        }

        @Override
        public Long timestamp() {
            return c.timestamp();
        }

        @Override
        public org.apache.flink.streaming.api.TimerService timerService() {
            return c.timerService();
        }

        @Override
        public <X> void output(org.apache.flink.util.OutputTag<X> tag, X v) {
            c.output(tag, v);
        }

        @Override
        public Object key() {
            return c.getCurrentKey();
        }

        @Override
        public org.apache.flink.streaming.api.TimeDomain domain() {
            if (domain == null) {
                throw new UnsupportedOperationException("not in a timer");
            }
            return domain;
        }
    }

    /** Tidemark's ProcessFunction context (also its on-timer context). */
    static final class PCtx extends ProcessFunction<Object, Object>.OnTimerContext {
        Source source;

        PCtx(ProcessFunction<Object, Object> f) {
            f.super();
        }

        @Override
        public Long timestamp() {
            return source.timestamp();
        }

        @Override
        public TimerService timerService() {
            return timers(source.timerService());
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            source.output(Runtime.tag(outputTag), value);
        }

        @Override
        public TimeDomain timeDomain() {
            return domain(source.domain());
        }
    }

    /** Tidemark's KeyedProcessFunction context (also its on-timer context). */
    static final class KCtx extends KeyedProcessFunction<Object, Object, Object>.OnTimerContext {
        Source source;

        KCtx(KeyedProcessFunction<Object, Object, Object> f) {
            f.super();
        }

        @Override
        public Long timestamp() {
            return source.timestamp();
        }

        @Override
        public TimerService timerService() {
            return timers(source.timerService());
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            source.output(Runtime.tag(outputTag), value);
        }

        @Override
        public Object getCurrentKey() {
            return source.key();
        }

        @Override
        public TimeDomain timeDomain() {
            return domain(source.domain());
        }
    }

    /** {@code process} on a non-keyed stream. */
    public static final class NonKeyed extends org.apache.flink.streaming.api.functions.ProcessFunction<Object, Object>
            implements Checkpointed.Hooks {
        private static final long serialVersionUID = 1L;

        @Override
        public Object wrapped() {
            return f;
        }
        private final ProcessFunction<Object, Object> f;
        private final String name;
        private transient LongCounter in;
        private transient LongCounter out;
        private transient PCtx ctx;

        public NonKeyed(ProcessFunction<Object, Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            in = Runtime.counter(getRuntimeContext(), name, "numRecordsIn");
            out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            ctx = new PCtx(f);
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public void processElement(Object value, Context c, org.apache.flink.util.Collector<Object> collector) throws Exception {
            in.add(1L);
            ctx.source = new NonKeyedSource(c);
            f.processElement(value, ctx, Runtime.collector(collector, out));
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }
    }

    /**
     * {@code process} on a keyed stream: a Tidemark {@link KeyedProcessFunction}, or a Tidemark
     * {@link ProcessFunction} used on a keyed stream (which Tidemark allows timers for; Flink 2 only
     * through a keyed process function, so it runs as one).
     */
    public static final class Keyed extends org.apache.flink.streaming.api.functions.KeyedProcessFunction<Object, Object, Object>
            implements Checkpointed.Hooks {
        private static final long serialVersionUID = 1L;

        @Override
        public Object wrapped() {
            return keyed != null ? keyed : plain;
        }
        private final KeyedProcessFunction<Object, Object, Object> keyed;
        private final ProcessFunction<Object, Object> plain;
        private final String name;
        private transient LongCounter in;
        private transient LongCounter out;
        private transient KCtx kctx;
        private transient PCtx pctx;

        public Keyed(KeyedProcessFunction<Object, Object, Object> keyed, ProcessFunction<Object, Object> plain, String name) {
            this.keyed = keyed;
            this.plain = plain;
            this.name = name;
        }

        private Object function() {
            return keyed != null ? keyed : plain;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            in = Runtime.counter(getRuntimeContext(), name, "numRecordsIn");
            out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            if (keyed != null) {
                kctx = new KCtx(keyed);
            } else {
                pctx = new PCtx(plain);
            }
            Runtime.open(function(), getRuntimeContext());
        }

        @Override
        public void processElement(Object value, Context c, org.apache.flink.util.Collector<Object> collector) throws Exception {
            in.add(1L);
            Source s = new KeyedSource(c, null);
            Collector<Object> o = Runtime.collector(collector, out);
            if (keyed != null) {
                kctx.source = s;
                keyed.processElement(value, kctx, o);
            } else {
                pctx.source = s;
                plain.processElement(value, pctx, o);
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext c, org.apache.flink.util.Collector<Object> collector) throws Exception {
            Source s = new KeyedSource(c, c.timeDomain());
            Collector<Object> o = Runtime.collector(collector, out);
            if (keyed != null) {
                kctx.source = s;
                keyed.onTimer(timestamp, kctx, o);
            } else {
                pctx.source = s;
                plain.onTimer(timestamp, pctx, o);
            }
        }

        @Override
        public void close() throws Exception {
            Runtime.close(function());
        }
    }
}
