package io.tidemark.bench.jmh;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.functions.LongKeySelector;
import io.tidemark.runtime.operators.OperatorContext;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.operators.windowing.WindowOperator;
import io.tidemark.runtime.operators.windowing.WindowOperators;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.time.ManualClock;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH micro-benchmarks of the specialised window operators' per-key state, driven through the
 * operators' public interface (made by {@code WindowOperators.create}, set up and fed records as a task
 * does): an element of a present (key, window) of a tumbling window among {@code keys} live keys, by
 * {@code Long} keys read unboxed ({@code LongKeySelector}, compared by value in the slice's index) and
 * by {@code String} keys (hash, then {@code equals}); and a session window element that opens a new
 * session of its key (a key lookup, a scan of its sessions, a timer), with a watermark every
 * {@code keys} elements that fires and cleans up the sessions it passed. Run:
 * {@code tidemark-bench/bench.sh --jmh WindowStateBenchmarks -f 1 -wi 3 -i 5}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class WindowStateBenchmarks {

    /** An element: its key as a number and as a string. */
    public record Ev(long key, String name) {}

    /** Counts. */
    public static final class Count implements AggregateFunction<Ev, long[], Long> {
        @Override
        public long[] createAccumulator() {
            return new long[1];
        }

        @Override
        public long[] add(Ev value, long[] acc) {
            acc[0]++;
            return acc;
        }

        @Override
        public Long getResult(long[] acc) {
            return acc[0];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            a[0] += b[0];
            return a;
        }
    }

    @Param({"1000", "10000", "100000"})
    public int keys;

    private WindowOperator<Ev, ?, Long> longKeyed;
    private WindowOperator<Ev, ?, Long> stringKeyed;
    private StreamRecord<Ev>[] probes;
    private int next;

    private WindowOperator<Ev, ?, Long> sessions;
    private Ev[] sessionKeys;
    private int nextSession;
    private long round;
    private long emitted;

    @Setup
    @SuppressWarnings("unchecked")
    public void setup() throws Exception {
        SplittableRandom r = new SplittableRandom(42);
        Ev[] events = new Ev[keys];
        for (int k = 0; k < keys; k++) {
            events[k] = new Ev(k * 7919L, "key-" + k * 7919L);
        }
        WindowAssigner<Object, ?> hour = TumblingEventTimeWindows.of(Duration.ofHours(1));
        longKeyed = open(count(hour, LongKeySelector.of(Ev::key)));
        stringKeyed = open(count(hour, (KeySelector<Ev, String>) Ev::name));
        for (Ev e : events) { // every key present in the window
            process(longKeyed, new StreamRecord<>(e, 0));
            process(stringKeyed, new StreamRecord<>(e, 0));
        }
        probes = new StreamRecord[1 << 20];
        for (int i = 0; i < probes.length; i++) {
            probes[i] = new StreamRecord<>(events[r.nextInt(keys)], r.nextInt(3_600_000));
        }
        sessions = open(count(EventTimeSessionWindows.withGap(Duration.ofSeconds(1)), LongKeySelector.of(Ev::key)));
        sessionKeys = events;
    }

    /** {@code keyBy(keySelector).window(assigner).aggregate(new Count())}. */
    static OperatorDescription.Window count(WindowAssigner<?, ?> assigner, KeySelector<Ev, ?> keySelector) {
        return new OperatorDescription.Window(assigner, assigner.getDefaultTrigger(), 0, null,
                new OperatorDescription.Window.Contents.Aggregate(new Count()), new OperatorDescription.Window.Function.PassThrough(),
                keySelector);
    }

    @SuppressWarnings("unchecked")
    private WindowOperator<Ev, ?, Long> open(OperatorDescription.Window description) throws Exception {
        WindowOperator<Ev, ?, Long> operator = WindowOperators.create(description);
        operator.setKeySelector((KeySelector<Ev, ?>) description.keySelector());
        operator.setup(new OperatorContext("window", 0, 1, new ProcessingTimeService(new ManualClock()), new ExecutionConfig()),
                new Output<>() {
                    @Override
                    public void collect(StreamRecord<Long> record) {
                        emitted += record.getValue();
                    }

                    @Override
                    public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {}

                    @Override
                    public void emitWatermark(Watermark watermark) {}

                    @Override
                    public void emitWatermarkStatus(WatermarkStatus status) {}

                    @Override
                    public void endInput() {}
                });
        operator.open();
        return operator;
    }

    private static void process(WindowOperator<Ev, ?, Long> operator, StreamRecord<Ev> record) throws Exception {
        operator.setKeyContextElement(record);
        operator.processElement(record);
    }

    /** A present (key, window), the key a {@code Long} read unboxed: one slice probe by value. */
    @Benchmark
    public int alignedLongKey() throws Exception {
        return nextProbe(longKeyed);
    }

    /** A present (key, window), the key a {@code String}: the slice's index, the entry's hash, then {@code equals}. */
    @Benchmark
    public int alignedStringKey() throws Exception {
        return nextProbe(stringKeyed);
    }

    private int nextProbe(WindowOperator<Ev, ?, Long> operator) throws Exception {
        int i = next;
        next = (i + 1) & (probes.length - 1);
        process(operator, probes[i]);
        return i;
    }

    /**
     * Round {@code r} gives every key one element at {@code 2000 r + (key & 1023)}: a new session of
     * its key (the previous one, 2 s earlier, is past the 1 s gap) and its timer; after each round the
     * watermark fires and cleans up the previous round's sessions.
     */
    @Benchmark
    public long sessionElementThenFiring() throws Exception {
        int i = nextSession;
        long base = round * 2_000;
        process(sessions, new StreamRecord<>(sessionKeys[i], base + (i & 1023)));
        if (i + 1 == sessionKeys.length) {
            nextSession = 0;
            round++;
            sessions.processWatermark(new Watermark(base - 1));
        } else {
            nextSession = i + 1;
        }
        return emitted;
    }
}
