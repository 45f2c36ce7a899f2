package io.tidemark.flink.bridge;

import io.tidemark.api.common.state.BroadcastState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReadOnlyBroadcastState;
import io.tidemark.api.common.state.State;
import io.tidemark.api.common.state.StateDescriptor;
import io.tidemark.runtime.state.KeyedStateFunction;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.streaming.api.functions.co.BroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import io.tidemark.util.OutputTag;
import java.util.Iterator;
import java.util.Map;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;

/** Tidemark's broadcast process functions as Flink's, with the broadcast state and its descriptors. */
public final class Broadcasts {

    private Broadcasts() {}

    /** Flink's descriptor for a Tidemark broadcast state descriptor (same name, key and value types). */
    @SuppressWarnings("unchecked")
    public static <K, V> org.apache.flink.api.common.state.MapStateDescriptor<K, V> toFlink(MapStateDescriptor<K, V> d) {
        return (org.apache.flink.api.common.state.MapStateDescriptor<K, V>) States.toFlink(d);
    }

    static <K, V> ReadOnlyBroadcastState<K, V> readOnly(org.apache.flink.api.common.state.ReadOnlyBroadcastState<K, V> s) {
        return new ReadOnlyBroadcastState<>() {
            @Override
            public V get(K key) throws Exception {
                return s.get(key);
            }

            @Override
            public boolean contains(K key) throws Exception {
                return s.contains(key);
            }

            @Override
            public Iterable<Map.Entry<K, V>> immutableEntries() throws Exception {
                return s.immutableEntries();
            }

            @Override
            public void clear() {
                throw new UnsupportedOperationException("the broadcast state is read only on the non-broadcast side");
            }
        };
    }

    static <K, V> BroadcastState<K, V> writable(org.apache.flink.api.common.state.BroadcastState<K, V> s) {
        return new BroadcastState<>() {
            @Override
            public void put(K key, V value) throws Exception {
                s.put(key, value);
            }

            @Override
            public void putAll(Map<K, V> map) throws Exception {
                s.putAll(map);
            }

            @Override
            public void remove(K key) throws Exception {
                s.remove(key);
            }

            @Override
            public Iterator<Map.Entry<K, V>> iterator() throws Exception {
                return s.iterator();
            }

            @Override
            public Iterable<Map.Entry<K, V>> entries() throws Exception {
                return s.entries();
            }

            @Override
            public V get(K key) throws Exception {
                return s.get(key);
            }

            @Override
            public boolean contains(K key) throws Exception {
                return s.contains(key);
            }

            @Override
            public Iterable<Map.Entry<K, V>> immutableEntries() throws Exception {
                return s.immutableEntries();
            }

            @Override
            public void clear() {
                s.clear();
            }
        };
    }

    /** A Tidemark {@link BroadcastProcessFunction} as Flink's. */
    public static final class NonKeyed
            extends org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction<Object, Object, Object> {
        private static final long serialVersionUID = 1L;
        private final BroadcastProcessFunction<Object, Object, Object> f;
        private final String name;
        private transient LongCounter in;
        private transient LongCounter out;
        private transient ROCtx ro;
        private transient RWCtx rw;

        public NonKeyed(BroadcastProcessFunction<Object, Object, Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            in = Runtime.counter(getRuntimeContext(), name, "numRecordsIn");
            out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            ro = new ROCtx(f);
            rw = new RWCtx(f);
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public void processElement(Object value, ReadOnlyContext c, org.apache.flink.util.Collector<Object> o) throws Exception {
            in.add(1L);
            ro.c = c;
            f.processElement(value, ro, Runtime.collector(o, out));
        }

        @Override
        public void processBroadcastElement(Object value, Context c, org.apache.flink.util.Collector<Object> o) throws Exception {
            in.add(1L);
            rw.c = c;
            f.processBroadcastElement(value, rw, Runtime.collector(o, out));
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }

        private static final class ROCtx extends BroadcastProcessFunction<Object, Object, Object>.ReadOnlyContext {
            org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction<Object, Object, Object>.ReadOnlyContext c;

            ROCtx(BroadcastProcessFunction<Object, Object, Object> f) {
                f.super();
            }

            @Override
            public <K, V> ReadOnlyBroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> d) {
                return readOnly(c.getBroadcastState(toFlink(d)));
            }

            @Override
            public Long timestamp() {
                return c.timestamp();
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                c.output(Runtime.tag(outputTag), value);
            }

            @Override
            public long currentProcessingTime() {
                return c.currentProcessingTime();
            }

            @Override
            public long currentWatermark() {
                return c.currentWatermark();
            }
        }

        private static final class RWCtx extends BroadcastProcessFunction<Object, Object, Object>.Context {
            org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction<Object, Object, Object>.Context c;

            RWCtx(BroadcastProcessFunction<Object, Object, Object> f) {
                f.super();
            }

            @Override
            public <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> d) {
                return writable(c.getBroadcastState(toFlink(d)));
            }

            @Override
            public Long timestamp() {
                return c.timestamp();
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                c.output(Runtime.tag(outputTag), value);
            }

            @Override
            public long currentProcessingTime() {
                return c.currentProcessingTime();
            }

            @Override
            public long currentWatermark() {
                return c.currentWatermark();
            }
        }
    }

    /** A Tidemark {@link KeyedBroadcastProcessFunction} as Flink's. */
    public static final class Keyed
            extends org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction<Object, Object, Object, Object> {
        private static final long serialVersionUID = 1L;
        private final KeyedBroadcastProcessFunction<Object, Object, Object, Object> f;
        private final String name;
        private transient LongCounter in;
        private transient LongCounter out;
        private transient ROCtx ro;
        private transient RWCtx rw;

        public Keyed(KeyedBroadcastProcessFunction<Object, Object, Object, Object> f, String name) {
            this.f = f;
            this.name = name;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            in = Runtime.counter(getRuntimeContext(), name, "numRecordsIn");
            out = Runtime.counter(getRuntimeContext(), name, "numRecordsOut");
            ro = new ROCtx(f);
            rw = new RWCtx(f);
            Runtime.open(f, getRuntimeContext());
        }

        @Override
        public void processElement(Object value, ReadOnlyContext c, org.apache.flink.util.Collector<Object> o) throws Exception {
            in.add(1L);
            ro.set(c, null);
            f.processElement(value, ro, Runtime.collector(o, out));
        }

        @Override
        public void processBroadcastElement(Object value, Context c, org.apache.flink.util.Collector<Object> o) throws Exception {
            in.add(1L);
            rw.c = c;
            f.processBroadcastElement(value, rw, Runtime.collector(o, out));
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext c, org.apache.flink.util.Collector<Object> o) throws Exception {
            ro.set(c, c.timeDomain());
            f.onTimer(timestamp, ro, Runtime.collector(o, out));
        }

        @Override
        public void close() throws Exception {
            Runtime.close(f);
        }

        /** The keyed side's context, also the on-timer context. */
        private static final class ROCtx extends KeyedBroadcastProcessFunction<Object, Object, Object, Object>.OnTimerContext {
            org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction<Object, Object, Object, Object>.ReadOnlyContext c;
            org.apache.flink.streaming.api.TimeDomain domain;

            ROCtx(KeyedBroadcastProcessFunction<Object, Object, Object, Object> f) {
                f.super();
            }

            void set(org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction<Object, Object, Object, Object>.ReadOnlyContext c,
                    org.apache.flink.streaming.api.TimeDomain domain) {
                this.c = c;
                this.domain = domain;
            }

            @Override
            public TimeDomain timeDomain() {
                if (domain == null) {
                    throw new UnsupportedOperationException("not in a timer");
                }
                return Process.domain(domain);
            }

            @Override
            public Object getCurrentKey() {
                return c.getCurrentKey();
            }

            @Override
            public TimerService timerService() {
                return Process.timers(c.timerService());
            }

            @Override
            public <K, V> ReadOnlyBroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> d) {
                return readOnly(c.getBroadcastState(toFlink(d)));
            }

            @Override
            public Long timestamp() {
                return c.timestamp();
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                c.output(Runtime.tag(outputTag), value);
            }

            @Override
            public long currentProcessingTime() {
                return c.currentProcessingTime();
            }

            @Override
            public long currentWatermark() {
                return c.currentWatermark();
            }
        }

        private static final class RWCtx extends KeyedBroadcastProcessFunction<Object, Object, Object, Object>.Context {
            org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction<Object, Object, Object, Object>.Context c;

            RWCtx(KeyedBroadcastProcessFunction<Object, Object, Object, Object> f) {
                f.super();
            }

            @Override
            @SuppressWarnings({"unchecked", "rawtypes"})
            public <VS, S extends State> void applyToKeyedState(StateDescriptor<S, VS> d, KeyedStateFunction<Object, S> function)
                    throws Exception {
                org.apache.flink.api.common.state.StateDescriptor flink = States.toFlink(d);
                c.applyToKeyedState(flink, (key, state) -> function.process(key,
                        States.view(d, (org.apache.flink.api.common.state.State) state)));
            }

            @Override
            public <K, V> BroadcastState<K, V> getBroadcastState(MapStateDescriptor<K, V> d) {
                return writable(c.getBroadcastState(toFlink(d)));
            }

            @Override
            public Long timestamp() {
                return c.timestamp();
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                c.output(Runtime.tag(outputTag), value);
            }

            @Override
            public long currentProcessingTime() {
                return c.currentProcessingTime();
            }

            @Override
            public long currentWatermark() {
                return c.currentWatermark();
            }
        }
    }
}
