package io.tidemark.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.testutils.CollectSink;
import io.tidemark.time.ManualClock;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Watermark alignment ({@code withWatermarkAlignment}) on a backlog replay: one source, two splits of 300 s
 * of event time each (a record every 100 ms); after one record of each, the source reads the "fast" split
 * whenever it may and the "slow" one only when the fast one is paused, so without alignment it reads the whole fast split first
 * and every one of its 10 s windows stays open, waiting for the slow split's watermark. With alignment
 * (drift 20 s, updates every 10 ms of the source's clock, which moves 1 ms per record) the fast split
 * pauses whenever it is more than 20 s ahead, and the windows open at any time stay few — with the same
 * window results as the unaligned run.
 */
public class WatermarkAlignmentTest {

    public record Ev(String split, long ts) implements Serializable {}

    static final Set<String> PAUSED = ConcurrentHashMap.newKeySet();

    /** Reads one record of "slow", then "fast" whenever it is not paused, "slow" otherwise; its clock moves 1 ms per record. */
    static final class Backlog implements SplitSourceFunction<Ev> {
        private static final long serialVersionUID = 1L;
        private final ManualClock clock; // the environment's, serialized with the source (the Flink runner keeps them one)

        Backlog(ManualClock clock) {
            this.clock = clock;
        }

        @Override
        public void run(SplitSourceContext<Ev> ctx) {
            ctx.announceSplit("fast");
            ctx.announceSplit("slow");
            // the first poll brings a record of each, as a consumer's first poll does; then fast whenever it may
            clock.advanceBy(1);
            ctx.collect("slow", new Ev("slow", 0));
            int fast = 0;
            int slow = 1;
            while (fast < 3000 || slow < 3000) {
                clock.advanceBy(1);
                if (fast < 3000 && !PAUSED.contains("fast")) {
                    ctx.collect("fast", new Ev("fast", fast++ * 100L));
                    if (fast == 3000) {
                        ctx.splitFinished("fast");
                    }
                } else if (slow < 3000 && !PAUSED.contains("slow")) {
                    ctx.collect("slow", new Ev("slow", slow++ * 100L));
                    if (slow == 3000) {
                        ctx.splitFinished("slow");
                    }
                } else {
                    throw new IllegalStateException("both splits paused: a deadlock (fast " + fast + ", slow " + slow + ")");
                }
            }
        }

        @Override
        public void cancel() {}

        @Override
        public void pauseOrResumeSplits(Collection<String> pause, Collection<String> resume) {
            PAUSED.addAll(pause);
            PAUSED.removeAll(resume);
        }
    }

    static final OutputTag<Integer> OPEN = new OutputTag<>("open-windows") {};

    /** After the source: the number of 10 s windows holding a record that the watermark has not passed yet. */
    static final class OpenWindows extends ProcessFunction<Ev, Ev> {
        private final TreeSet<Long> open = new TreeSet<>();

        @Override
        public void processElement(Ev e, Context ctx, Collector<Ev> out) {
            open.add(e.ts() - e.ts() % 10_000);
            long w = ctx.timerService().currentWatermark();
            open.removeIf(start -> start + 10_000 - 1 <= w);
            ctx.output(OPEN, open.size());
            out.collect(e);
        }
    }

    static final class Count implements AggregateFunction<Ev, Long, String> {
        private String split;

        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(Ev value, Long acc) {
            split = value.split();
            return acc + 1;
        }

        @Override
        public String getResult(Long acc) {
            return split + ":" + acc;
        }

        @Override
        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    /** Window results (sorted) and the most windows open at once. */
    public record Run(List<String> results, int mostOpen) {}

    /** Runs a built pipeline: the embedded engine, or another (the Flink runner's test). */
    @FunctionalInterface
    public interface Engine {
        void execute(StreamExecutionEnvironment env, String name) throws Exception;
    }

    static Run run(boolean aligned) throws Exception {
        return run(aligned, StreamExecutionEnvironment::execute);
    }

    /** The backlog job, unaligned or aligned, on {@code engine}. */
    public static Run run(boolean aligned, Engine engine) throws Exception {
        PAUSED.clear();
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setClock(clock);
        env.getConfig().setPerEventWatermarks(true);
        WatermarkStrategy<Ev> strategy = WatermarkStrategy.<Ev>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                .withTimestampAssigner((e, t) -> e.ts());
        if (aligned) {
            strategy = strategy.withWatermarkAlignment("backlog", Duration.ofSeconds(20), Duration.ofMillis(10));
        }
        SingleOutputStreamOperator<Ev> probed = env.fromSource(new Backlog(clock), strategy, "backlog").setParallelism(1)
                .process(new OpenWindows());
        CollectSink<Integer> open = new CollectSink<>();
        probed.getSideOutput(OPEN).addSink(open);
        CollectSink<String> results = new CollectSink<>();
        probed.keyBy(Ev::split).window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))).aggregate(new Count())
                .addSink(results);
        engine.execute(env, "alignment-" + aligned);
        List<String> r = new ArrayList<>(results.values());
        r.sort(null);
        return new Run(r, open.values().stream().mapToInt(Integer::intValue).max().orElse(0));
    }

    @Test
    void aFastSplitPausesSoTheOpenWindowsStayFewAndTheResultsAreTheUnalignedOnes() throws Exception {
        Run unaligned = run(false);
        Run aligned = run(true);
        assertThat(unaligned.results()).hasSize(60).allMatch(r -> r.endsWith(":100"));
        assertThat(aligned.results()).isEqualTo(unaligned.results());
        // unaligned: the whole fast split (30 windows) is read while the slow split holds the watermark at its start
        assertThat(unaligned.mostOpen()).isGreaterThanOrEqualTo(30);
        // aligned: a split runs at most 20 s (plus one 1 s update step) ahead of the other: 20 s / 10 s + the two
        // windows at the edges + the other split's window
        assertThat(aligned.mostOpen()).isLessThanOrEqualTo(5);
        System.out.println("most windows open at once: unaligned " + unaligned.mostOpen() + ", aligned " + aligned.mostOpen());
    }
}
