package io.tidemark.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Random out-of-order inputs over several splits, run at parallelism 1, 2 and 4.
 * <ul>
 *   <li>When every split's disorder stays within the bound, the final result of every window equals a
 *       plain batch group-by over event time, at every parallelism.
 *   <li>With late records, every input record is accounted for exactly once (final window contents +
 *       side output, or + the dropped counter), at every parallelism.
 * </ul>
 */
class ParallelProperties {

    record Ev(String split, int key, long ts) implements Serializable {}

    /** Per split, in order: timestamps advance with a random step and jitter back by up to {@code disorder}. */
    static List<Ev> generate(long seed, int splits, int perSplit, long disorder, double veryLate) {
        Random r = new Random(seed);
        List<List<Ev>> bySplit = new ArrayList<>();
        for (int s = 0; s < splits; s++) {
            List<Ev> l = new ArrayList<>();
            long t = r.nextInt(1000) - 500;
            for (int i = 0; i < perSplit; i++) {
                t += r.nextInt(40);
                long ts = t - (disorder == 0 ? 0 : r.nextInt((int) disorder + 1));
                if (r.nextDouble() < veryLate) {
                    ts -= 5_000 + r.nextInt(5_000);
                }
                l.add(new Ev("s" + s, r.nextInt(7), ts));
            }
            bySplit.add(l);
        }
        // interleave the splits randomly, keeping each split's own order
        List<Ev> out = new ArrayList<>();
        int[] pos = new int[splits];
        int left = splits * perSplit;
        while (left > 0) {
            int s = r.nextInt(splits);
            if (pos[s] < perSplit) {
                out.add(bySplit.get(s).get(pos[s]++));
                left--;
            }
        }
        return out;
    }

    static final class Src implements SplitSourceFunction<Ev> {
        private final List<Ev> events;

        Src(List<Ev> events) {
            this.events = events;
        }

        @Override
        public void run(SplitSourceContext<Ev> ctx) {
            events.stream().map(Ev::split).distinct().filter(ctx::owns).forEach(ctx::announceSplit);
            for (Ev e : events) {
                if (ctx.owns(e.split())) {
                    ctx.collect(e.split(), e);
                }
            }
        }

        @Override
        public void cancel() {}
    }

    static final class Count implements AggregateFunction<Ev, Long, Long> {
        public Long createAccumulator() {
            return 0L;
        }

        public Long add(Ev v, Long a) {
            return a + 1;
        }

        public Long getResult(Long a) {
            return a;
        }

        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    static final class Emit extends ProcessWindowFunction<Long, String, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Long> counts, Collector<String> out) {
            out.collect(key + "|" + ctx.window().getStart() + "|" + ctx.window().getEnd() + "|" + counts.iterator().next());
        }
    }

    private static final OutputTag<Ev> LATE = new OutputTag<>("late") {};

    private record Outcome(Map<String, Long> finalCounts, List<Ev> late, long dropped) {}

    private static Outcome run(List<Ev> events, int parallelism, WindowAssigner<Object, TimeWindow> assigner, long bound,
            long lateness, boolean sideOutput, int sourceParallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        env.getConfig().setPerEventWatermarks(true);
        CollectSink<String> results = new CollectSink<>();
        CollectSink<Ev> late = new CollectSink<>();
        var windowed = env.fromSource(new Src(events), WatermarkStrategy.<Ev>forBoundedOutOfOrderness(Duration.ofMillis(bound))
                        .withTimestampAssigner((e, t) -> e.ts()), "splits")
                .setParallelism(sourceParallelism)
                .keyBy(Ev::key)
                .window(assigner)
                .allowedLateness(Duration.ofMillis(lateness));
        if (sideOutput) {
            windowed = windowed.sideOutputLateData(LATE);
        }
        SingleOutputStreamOperator<String> out = windowed.aggregate(new Count(), new Emit()).name("w");
        out.addSink(results);
        out.getSideOutput(LATE).addSink(late);
        JobExecutionResult r = env.execute("prop");
        Map<String, Long> last = new TreeMap<>();
        for (String s : results.values()) {
            int cut = s.lastIndexOf('|');
            last.put(s.substring(0, cut), Long.parseLong(s.substring(cut + 1))); // later firings replace earlier
        }
        return new Outcome(last, late.values(), r.getCounter("w", "numLateRecordsDropped"));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static WindowAssigner<Object, TimeWindow> assigner(int kind) {
        switch (kind) {
            case 0:
                return (WindowAssigner) TumblingEventTimeWindows.of(Duration.ofMillis(500));
            case 1:
                return (WindowAssigner) SlidingEventTimeWindows.of(Duration.ofMillis(1000), Duration.ofMillis(250));
            default:
                return (WindowAssigner) EventTimeSessionWindows.withGap(Duration.ofMillis(30));
        }
    }

    /** Batch result for tumbling/sliding windows; sessions are checked against the 1-subtask run. */
    private static Map<String, Long> batch(List<Ev> events, int kind) {
        Map<String, Long> m = new TreeMap<>();
        for (Ev e : events) {
            if (kind == 0) {
                long start = Math.floorDiv(e.ts(), 500) * 500;
                m.merge(e.key() + "|" + start + "|" + (start + 500), 1L, Long::sum);
            } else {
                long last = Math.floorDiv(e.ts(), 250) * 250;
                for (long start = last; start > e.ts() - 1000; start -= 250) {
                    m.merge(e.key() + "|" + start + "|" + (start + 1000), 1L, Long::sum);
                }
            }
        }
        return m;
    }

    private static Map<String, Long> batchSessions(List<Ev> events, long gap) {
        Map<Integer, List<Long>> byKey = new HashMap<>();
        for (Ev e : events) {
            byKey.computeIfAbsent(e.key(), k -> new ArrayList<>()).add(e.ts());
        }
        Map<String, Long> m = new TreeMap<>();
        byKey.forEach((key, list) -> {
            list.sort(Long::compare);
            long start = list.get(0);
            long end = start + gap;
            long count = 0;
            for (long ts : list) {
                if (ts <= end) { // touching sessions merge, as in Flink
                    end = Math.max(end, ts + gap);
                } else {
                    m.put(key + "|" + start + "|" + end, count);
                    start = ts;
                    end = ts + gap;
                    count = 0;
                }
                count++;
            }
            m.put(key + "|" + start + "|" + end, count);
        });
        return m;
    }

    @Property(tries = 40)
    void withinTheBoundEveryWindowEqualsTheBatchResult(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int splits,
            @ForAll @IntRange(min = 0, max = 2) int kind, @ForAll @IntRange(min = 0, max = 300) int disorder) throws Exception {
        List<Ev> events = generate(seed, splits, 150, disorder, 0);
        Map<String, Long> expected = kind == 2 ? batchSessions(events, 30) : batch(events, kind);
        for (int p : new int[] {1, 2, 4}) {
            // the bound one more than the disorder: at a bound of exactly the disorder an element at t may
            // arrive at watermark t - 1 (its split already at t + disorder), after the session ending at t
            // fired and was cleaned up; it then starts a session of its own (Flink's rule too) where the
            // batch reference merges the touching sessions
            Outcome o = run(events, p, assigner(kind), disorder + 1, 0, true, p);
            assertThat(o.late()).as("nothing is late at parallelism %d", p).isEmpty();
            assertThat(o.finalCounts()).as("parallelism %d", p).isEqualTo(expected);
        }
    }

    @Property(tries = 40)
    void withLateRecordsEveryRecordIsAccountedForOnce(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int splits,
            @ForAll @IntRange(min = 0, max = 1) int kind, @ForAll @IntRange(min = 0, max = 2000) int lateness,
            @ForAll boolean sideOutput) throws Exception {
        List<Ev> events = generate(seed, splits, 150, 300, 0.1);
        for (int p : new int[] {1, 2, 4}) {
            Outcome o = run(events, p, assigner(kind), 100, lateness, sideOutput, p);
            long perWindowCopies = kind == 0 ? 1 : 4; // a sliding element is in size/slide windows
            long inWindows = o.finalCounts().values().stream().mapToLong(Long::longValue).sum();
            long lateCount = sideOutput ? o.late().size() : o.dropped();
            // each record is either in its windows (all of them not yet cleaned up) or late, never both
            assertThat(inWindows + lateCount * perWindowCopies)
                    .as("parallelism %d", p)
                    .isLessThanOrEqualTo(events.size() * perWindowCopies);
            if (kind == 0) {
                assertThat(inWindows + lateCount).as("parallelism %d", p).isEqualTo(events.size());
            }
            if (!sideOutput) {
                assertThat(o.late()).isEmpty();
            }
        }
    }

    @Property(tries = 25)
    void aSingleSourceSubtaskGivesTheSameResultsAtEveryParallelism(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 6) int splits, @ForAll @IntRange(min = 0, max = 2) int kind,
            @ForAll @IntRange(min = 0, max = 1500) int lateness) throws Exception {
        List<Ev> events = generate(seed, splits, 150, 300, 0.1);
        Outcome one = run(events, 1, assigner(kind), 100, lateness, true, 1);
        for (int p : new int[] {2, 4}) {
            Outcome more = run(events, p, assigner(kind), 100, lateness, true, 1);
            assertThat(more.finalCounts()).as("parallelism %d", p).isEqualTo(one.finalCounts());
            assertThat(more.late()).as("parallelism %d", p).containsExactlyInAnyOrderElementsOf(one.late());
        }
    }
}
