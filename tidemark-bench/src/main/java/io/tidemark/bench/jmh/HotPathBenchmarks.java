package io.tidemark.bench.jmh;

import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.runtime.io.Batch;
import io.tidemark.runtime.io.InputGate;
import io.tidemark.runtime.io.RecordWriter;
import io.tidemark.runtime.io.WatermarkValve;
import io.tidemark.runtime.state.HeapKeyedStateBackend;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.runtime.timers.InternalTimerService;
import io.tidemark.runtime.timers.Timer;
import io.tidemark.runtime.timers.Triggerable;
import io.tidemark.streaming.api.transformations.PartitionTransformation.Partitioning;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.time.SystemClock;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH micro-benchmarks of the hot paths: window assignment, the watermark valve, keyed state access,
 * timers, and the exchange (record writer into an input gate). Run:
 * {@code java -cp <bench classpath> org.openjdk.jmh.Main io.tidemark.bench.jmh -f 1 -wi 3 -i 5}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class HotPathBenchmarks {

    private final TumblingEventTimeWindows tumbling = TumblingEventTimeWindows.of(Duration.ofSeconds(1));
    private final SlidingEventTimeWindows sliding = SlidingEventTimeWindows.of(Duration.ofSeconds(10), Duration.ofSeconds(1));
    private final WindowAssigner.WindowAssignerContext assignerContext = new WindowAssigner.WindowAssignerContext() {
        @Override
        public long getCurrentProcessingTime() {
            return 0;
        }
    };
    private long ts = 1_700_000_000_000L;

    private WatermarkValve valve;
    private final WatermarkValve.ValveOutput valveOut = new WatermarkValve.ValveOutput() {
        @Override
        public void emitWatermark(long watermark) {}

        @Override
        public void emitStatus(WatermarkStatus status) {}
    };
    private long valveWatermark;
    private int channel;

    private HeapKeyedStateBackend backend;
    private ValueState<long[]> valueState;
    private Long[] keys;
    private int nextKey;

    private InternalTimerService timers;
    private long timerTime;

    private InputGate gate;
    private RecordWriter<Object> writer;
    private final StreamRecord<Object> record = new StreamRecord<>("x", 1L);

    @Setup
    public void setup() {
        valve = new WatermarkValve(4);
        backend = new HeapKeyedStateBackend();
        valueState = backend.getPartitionedState(io.tidemark.runtime.state.VoidNamespace.INSTANCE,
                new ValueStateDescriptor<>("acc", long[].class));
        keys = new Long[10_000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (long) i * 7919;
        }
        timers = new InternalTimerService(backend, new ProcessingTimeService(SystemClock.getInstance()), new Triggerable() {
            @Override
            public void onEventTime(Timer timer) {}

            @Override
            public void onProcessingTime(Timer timer) {}
        });
        gate = new InputGate(1);
        writer = new RecordWriter<>(new InputGate[] {gate}, 0, Partitioning.FORWARD, null);
    }

    @Benchmark
    public Collection<TimeWindow> assignTumbling() {
        return tumbling.assignWindows(null, ts++, assignerContext);
    }

    @Benchmark
    public Collection<TimeWindow> assignSliding10() {
        return sliding.assignWindows(null, ts++, assignerContext);
    }

    /** Four channels, each advancing in turn; every fourth call moves the minimum. */
    @Benchmark
    public long valveWatermark() throws Exception {
        int c = channel;
        channel = (c + 1) & 3;
        valve.inputWatermark(++valveWatermark, c, valveOut);
        return valve.getOutputWatermark();
    }

    /** Read-modify-write of a value state over 10,000 keys. */
    @Benchmark
    public long keyedValueState() throws Exception {
        Long key = keys[nextKey];
        nextKey = nextKey + 1 == keys.length ? 0 : nextKey + 1;
        backend.setCurrentKey(key);
        long[] v = valueState.value();
        if (v == null) {
            v = new long[1];
            valueState.update(v);
        }
        return ++v[0];
    }

    /** Registering an event-time timer on 10,000 keys; the watermark fires a second's worth every 10,000 calls. */
    @Benchmark
    public int timerRegisterAndFire() throws Exception {
        int k = nextKey;
        nextKey = k + 1 == keys.length ? 0 : k + 1;
        backend.setCurrentKey(keys[k]);
        timers.registerEventTimeTimer(io.tidemark.runtime.state.VoidNamespace.INSTANCE, timerTime + 1_000);
        if (k == keys.length - 1) {
            timers.advanceWatermark(timerTime + 1_000);
            timerTime += 1_000;
        }
        return timers.numEventTimeTimers();
    }

    /** One record through a forward exchange: buffered in a batch, handed over when full, polled. */
    @Benchmark
    @OperationsPerInvocation(Batch.CAPACITY)
    public void exchange(Blackhole bh) throws Exception {
        for (int i = 0; i < Batch.CAPACITY; i++) {
            writer.processElement(record);
        }
        Batch b = gate.poll(0);
        for (int i = 0, n = b.size(); i < n; i++) {
            bh.consume(b.get(i));
        }
    }
}
