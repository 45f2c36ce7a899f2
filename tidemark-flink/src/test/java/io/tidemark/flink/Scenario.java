package io.tidemark.flink;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.functions.Commutative;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.datastream.WindowedStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import io.tidemark.streaming.api.windowing.triggers.CountTrigger;
import io.tidemark.streaming.api.windowing.triggers.PurgingTrigger;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * One random windowing scenario of the differential suite, fully determined by its seed: events (key,
 * timestamp, value) with disorder, very late events, timestamps on window boundaries and negative
 * ones; a window assigner (tumbling with or without offset, sliding, session), an allowed lateness
 * (0, small, larger than the window), sometimes an early-firing trigger; watermarks after every event
 * (interval 0), parallelism 1, late records to a side output. Every other scenario (even seeds) counts
 * with a function declared {@code Commutative}, so Tidemark's sliding windows without allowed
 * lateness accumulate per slide frame there (Flink ignores the marker).
 */
final class Scenario {

    /** An input event. {@code seq} is its position in the input, so equal events stay distinct. */
    record Event(String key, long ts, long value, int seq) implements Serializable {}

    /** One window firing as the process window function sees it. */
    record Fired(String key, long start, long end, long count, long sum, String timing, int index, long watermark)
            implements Serializable {
        @Override
        public String toString() {
            return key + "[" + start + "," + end + ") n=" + count + " sum=" + sum + " " + timing + "#" + index + " wm=" + watermark;
        }
    }

    enum Kind { TUMBLING, TUMBLING_OFFSET, SLIDING, SESSION }

    enum TriggerKind { DEFAULT, COUNT, CONTINUOUS, PURGING_COUNT }

    final long seed;
    final Kind kind;
    final long size;
    final long slide;
    final long offset;
    final long gap;
    final long bound;
    final long lateness;
    final TriggerKind trigger;
    final long triggerParam;
    final List<Event> events;
    /** Whether the count and sum are declared order-insensitive (decided by the seed, not drawn). */
    final boolean commutative;

    Scenario(long seed) {
        this.seed = seed;
        this.commutative = (seed & 1) == 0;
        // scrambled: java.util.Random's first draws are nearly equal for consecutive seeds, which made
        // consecutive scenarios all tumbling
        Random r = new Random(scramble(seed));
        kind = Kind.values()[r.nextInt(Kind.values().length)];
        long[] sizes = {3, 4, 5, 10, 20, 60};
        size = sizes[r.nextInt(sizes.length)];
        slide = kind == Kind.SLIDING ? 1 + r.nextInt((int) size) : size;
        long offsetRange = kind == Kind.SLIDING ? slide : size;
        offset = kind == Kind.TUMBLING_OFFSET ? r.nextLong(-(offsetRange - 1), offsetRange) : 0;
        gap = kind == Kind.SESSION ? 1 + r.nextInt((int) size) : 0;
        bound = switch (r.nextInt(4)) {
            case 0 -> 0;
            case 1 -> r.nextInt((int) size);
            case 2 -> size + r.nextInt((int) size);
            default -> r.nextInt(3 * (int) size + 1);
        };
        lateness = switch (r.nextInt(3)) {
            case 0 -> 0;
            case 1 -> 1 + r.nextInt((int) Math.max(1, size / 2));
            default -> size + 1 + r.nextInt(2 * (int) size);
        };
        int t = r.nextInt(10);
        trigger = t < 7 ? TriggerKind.DEFAULT : t == 7 ? TriggerKind.COUNT : t == 8 ? TriggerKind.CONTINUOUS : TriggerKind.PURGING_COUNT;
        triggerParam = trigger == TriggerKind.CONTINUOUS ? 1 + r.nextInt((int) size) : 2 + r.nextInt(3);
        events = events(r);
    }

    /** A 64-bit mix (the finalizer of SplitMix64), so neighbouring seeds give unrelated scenarios. */
    static long scramble(long seed) {
        long z = seed + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private List<Event> events(Random r) {
        int n = 10 + r.nextInt(50);
        int keys = 1 + r.nextInt(4);
        long disorder = r.nextInt(3 * (int) size + 1);
        long clock = -r.nextInt(8 * (int) size + 1); // often starts below zero
        long max = Long.MIN_VALUE;
        List<Event> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            clock += r.nextInt((int) size + 1);
            long ts = clock - (disorder == 0 ? 0 : r.nextInt((int) disorder + 1));
            int mode = r.nextInt(10);
            if (mode == 0 && max != Long.MIN_VALUE) {
                ts = max - size * (2 + r.nextInt(5)) - r.nextInt((int) size); // very late
            } else if (mode <= 2) {
                long unit = kind == Kind.SLIDING ? slide : size;
                long boundary = TimeWindow.getWindowStartWithOffset(ts, offset, unit);
                ts = boundary + (r.nextInt(3) - 1); // on a window boundary, or one off
            }
            max = Math.max(max, ts);
            out.add(new Event("k" + r.nextInt(keys), ts, 1 + r.nextInt(9), i));
        }
        return out;
    }

    WindowAssigner<Object, TimeWindow> assigner() {
        return switch (kind) {
            case TUMBLING -> TumblingEventTimeWindows.of(Duration.ofMillis(size));
            case TUMBLING_OFFSET -> TumblingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(offset));
            case SLIDING -> SlidingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(slide));
            case SESSION -> EventTimeSessionWindows.withGap(Duration.ofMillis(gap));
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    Trigger<Object, TimeWindow> trigger() {
        return switch (trigger) {
            case DEFAULT -> null;
            case COUNT -> (Trigger) CountTrigger.of(triggerParam);
            case CONTINUOUS -> (Trigger) ContinuousEventTimeTrigger.of(Duration.ofMillis(triggerParam));
            case PURGING_COUNT -> (Trigger) PurgingTrigger.of(CountTrigger.of(triggerParam));
        };
    }

    /** Adds this scenario's pipeline to {@code env}: results to {@code firedId}, late events to {@code lateId}. */
    void build(StreamExecutionEnvironment env, String firedId, String lateId) {
        OutputTag<Event> late = new OutputTag<>("late-" + seed);
        WindowedStream<Event, String, TimeWindow> w = env.fromCollection(events)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofMillis(bound))
                        .withTimestampAssigner((e, previous) -> e.ts()))
                .keyBy(Event::key)
                .window(assigner())
                .allowedLateness(Duration.ofMillis(lateness))
                .sideOutputLateData(late);
        Trigger<Object, TimeWindow> t = trigger();
        if (t != null) {
            w = w.trigger(t);
        }
        SingleOutputStreamOperator<Fired> fired = w.aggregate(commutative ? new CommutativeCountSum() : new CountSum(), new Describe());
        fired.addSink(Collect.sink(firedId));
        fired.getSideOutput(late).addSink(Collect.sink(lateId));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("seed=" + seed + " " + kind + " size=" + size);
        if (kind == Kind.SLIDING) {
            sb.append(" slide=").append(slide);
        }
        if (kind == Kind.TUMBLING_OFFSET) {
            sb.append(" offset=").append(offset);
        }
        if (kind == Kind.SESSION) {
            sb.append(" gap=").append(gap);
        }
        sb.append(" bound=").append(bound).append(" lateness=").append(lateness).append(" trigger=").append(trigger);
        if (commutative) {
            sb.append(" commutative");
        }
        if (trigger != TriggerKind.DEFAULT) {
            sb.append('(').append(triggerParam).append(')');
        }
        sb.append("\n  events (key@ts=value): ");
        for (Event e : events) {
            sb.append(e.key()).append('@').append(e.ts()).append('=').append(e.value()).append(' ');
        }
        return sb.toString();
    }

    /** Count and sum of values. */
    static final class CountSum implements AggregateFunction<Event, long[], long[]> {
        private static final long serialVersionUID = 1L;

        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(Event value, long[] acc) {
            acc[0]++;
            acc[1] += value.value();
            return acc;
        }

        @Override
        public long[] getResult(long[] acc) {
            return new long[] {acc[0], acc[1]};
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            a[0] += b[0];
            a[1] += b[1];
            return a;
        }
    }

    /** The same count and sum, declared order-insensitive. */
    static final class CommutativeCountSum implements AggregateFunction<Event, long[], long[]>, Commutative {
        private static final long serialVersionUID = 1L;
        private final CountSum plain = new CountSum();

        @Override
        public long[] createAccumulator() {
            return plain.createAccumulator();
        }

        @Override
        public long[] add(Event value, long[] acc) {
            return plain.add(value, acc);
        }

        @Override
        public long[] getResult(long[] acc) {
            return plain.getResult(acc);
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return plain.merge(a, b);
        }
    }

    /** Emits key, window, aggregates and the firing descriptor. */
    static final class Describe extends ProcessWindowFunction<long[], Fired, String, TimeWindow> {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(String key, Context ctx, Iterable<long[]> elements, Collector<Fired> out) {
            long[] cs = elements.iterator().next();
            TimeWindow w = ctx.window();
            out.collect(new Fired(key, w.getStart(), w.getEnd(), cs[0], cs[1], ctx.firing().timing().name(),
                    ctx.firing().index(), ctx.firing().watermark()));
        }
    }
}
