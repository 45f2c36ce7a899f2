package io.tidemark.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.time.ReplayClock;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The articles' idle-partition story (seeds/002 §4.2–4.3): 24 partitions, 2 of them stop for an hour
 * of event time. Processing time is replayed from arrival times, so the story runs in milliseconds.
 */
class IdlePartitionStoryTest {

    static final long MIN = 60_000;
    static final long STOP = 10 * MIN;
    static final long RESUME = 70 * MIN;
    static final long END = 80 * MIN;

    /** One event: split, event time, arrival time. */
    record Event(int split, long ts, long arrival) implements java.io.Serializable {}

    /** All events in arrival order: every split every 10 s; splits 22 and 23 hold back 10–70 min. */
    static List<Event> events() {
        List<Event> out = new ArrayList<>();
        List<Event> backlog = new ArrayList<>();
        for (long t = 0; t < END; t += 10_000) {
            if (t == RESUME) {
                for (Event e : backlog) {
                    out.add(new Event(e.split(), e.ts(), RESUME));
                }
            }
            for (int s = 0; s < 24; s++) {
                long ts = t - ((s * 7919L + t / 1000) % 3_000); // up to 3 s of disorder
                Event e = new Event(s, ts, t);
                if (s >= 22 && t >= STOP && t < RESUME) {
                    backlog.add(e);
                } else {
                    out.add(e);
                }
            }
        }
        return out;
    }

    static final class StorySource implements SplitSourceFunction<Event> {
        private final ReplayClock clock;

        StorySource(ReplayClock clock) {
            this.clock = clock;
        }

        @Override
        public void run(SplitSourceContext<Event> ctx) {
            for (Event e : events()) {
                clock.advanceTo(e.arrival());
                ctx.collect("p" + e.split(), e);
            }
        }

        @Override
        public void cancel() {}
    }

    static final class Count implements AggregateFunction<Event, Long, Long> {
        public Long createAccumulator() {
            return 0L;
        }

        public Long add(Event v, Long a) {
            return a + 1;
        }

        public Long getResult(Long a) {
            return a;
        }

        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    /** A firing: window start, count, timing, index, and the replayed processing time it happened at. */
    record Fired(long start, long count, Firing.Timing timing, int index, long at) implements java.io.Serializable {}

    static final class Describe extends ProcessWindowFunction<Long, Fired, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Long> counts, Collector<Fired> out) {
            out.collect(new Fired(ctx.window().getStart(), counts.iterator().next(), ctx.firing().timing(),
                    ctx.firing().index(), ctx.currentProcessingTime()));
        }
    }

    private static final OutputTag<Event> LATE = new OutputTag<>("late") {};

    private record Run(List<Fired> fired, List<Event> late, JobExecutionResult result) {}

    private static Run run(boolean idleness, int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        ReplayClock clock = new ReplayClock(0);
        env.setClock(clock).setParallelism(parallelism);
        WatermarkStrategy<Event> strategy = WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withTimestampAssigner((e, t) -> e.ts());
        if (idleness) {
            strategy = strategy.withIdleness(Duration.ofMinutes(2));
        }
        CollectSink<Fired> results = new CollectSink<>();
        CollectSink<Event> late = new CollectSink<>();
        SingleOutputStreamOperator<Fired> windows = env.fromSource(new StorySource(clock), strategy, "kafka-24")
                .setParallelism(1)
                .keyBy(e -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .allowedLateness(Duration.ofMinutes(5))
                .sideOutputLateData(LATE)
                .aggregate(new Count(), new Describe())
                .name("per-minute");
        windows.addSink(results);
        windows.getSideOutput(LATE).addSink(late);
        JobExecutionResult r = env.execute("idle story");
        return new Run(results.values(), late.values(), r);
    }

    private static Map<Long, Long> finalCounts(List<Fired> fired) {
        Map<Long, Long> last = new HashMap<>();
        for (Fired f : fired) {
            last.merge(f.start(), f.count(), Math::max);
        }
        return last;
    }

    private static Map<Long, Long> batch(List<Event> events) {
        Map<Long, Long> counts = new HashMap<>();
        for (Event e : events) {
            counts.merge(Math.floorDiv(e.ts(), MIN) * MIN, 1L, Long::sum);
        }
        return counts;
    }

    @Test
    void withoutIdlenessNoWindowFiresWhileTwoPartitionsAreSilent() throws Exception {
        Run run = run(false, 1);
        for (Fired f : run.fired()) {
            if (f.start() >= STOP) {
                assertThat(f.at()).as("window %d fired during the stall", f.start() / MIN).isGreaterThanOrEqualTo(RESUME);
            }
        }
        // once the backlog arrives, everything is on time: the result is the batch result, nothing late
        assertThat(run.late()).isEmpty();
        assertThat(finalCounts(run.fired())).isEqualTo(batch(events()));
        assertThat(run.fired()).allMatch(f -> f.timing() == Firing.Timing.ON_TIME && f.index() == 1);
    }

    @Test
    void withIdlenessWindowsKeepFiringAndTheBacklogFollowsTheRules() throws Exception {
        Run run = run(true, 1);
        // every minute window between the stop and the resume fired before the resume
        for (long m = STOP; m + MIN <= RESUME - 5 * MIN; m += MIN) {
            long start = m;
            assertThat(run.fired()).as("window at minute %d fired before the partitions resumed", m / MIN)
                    .anyMatch(f -> f.start() == start && f.index() == 1 && f.at() < RESUME);
        }
        // the backlog: records late beyond 5 min of lateness went to the side output, the others
        // re-fired their windows as LATE firings
        assertThat(run.late()).isNotEmpty().allMatch(e -> e.split() >= 22 && e.ts() > STOP - 3_000 && e.ts() < RESUME);
        assertThat(run.fired()).anyMatch(f -> f.timing() == Firing.Timing.LATE && f.index() >= 2);
        // nothing is lost: final window contents + late records = every input record
        long inWindows = finalCounts(run.fired()).values().stream().mapToLong(Long::longValue).sum();
        assertThat(inWindows + run.late().size()).isEqualTo(events().size());
        assertThat(run.result().getCounter("per-minute", "numLateRecordsSideOutput")).isEqualTo(run.late().size());
        // and the late records are exactly the backlog records whose windows were already cleaned up
        Map<Long, Long> expected = batch(events());
        Map<Long, Long> lateByWindow = batch(run.late());
        Map<Long, Long> actual = finalCounts(run.fired());
        for (Map.Entry<Long, Long> e : expected.entrySet()) {
            assertThat(actual.getOrDefault(e.getKey(), 0L) + lateByWindow.getOrDefault(e.getKey(), 0L))
                    .as("window %d", e.getKey() / MIN).isEqualTo(e.getValue());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void theSameResultsAtHigherParallelism(int parallelism) throws Exception {
        Run one = run(true, 1);
        Run more = run(true, parallelism);
        assertThat(finalCounts(more.fired())).isEqualTo(finalCounts(one.fired()));
        assertThat(more.late()).containsExactlyInAnyOrderElementsOf(one.late());
    }
}
