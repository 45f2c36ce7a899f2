package io.tidemark.runtime.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.WatermarkRecorder;
import io.tidemark.time.ManualClock;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link SplitSourceFunction.SplitSourceContext#collectAll}: a batch goes downstream exactly as one
 * {@code collect} per record would — the same records, timestamps, watermarks, idleness changes, in
 * the same order — with per-record and periodic watermarks, idleness, and a clock that moves between
 * batches.
 */
class SplitBatchProperties {

    /** A record: its split and event time, and a number that tells records apart. */
    record Ev(String split, long ts, int id) implements Serializable {
        @Override
        public String toString() {
            return split + "#" + id;
        }
    }

    /** Batches of one split each, and the clock time at which each batch is emitted. */
    static final class Script implements SplitSourceFunction<Ev> {
        final List<List<Ev>> batches;
        final long[] at;
        final boolean batched;
        final transient ManualClock clock;

        Script(List<List<Ev>> batches, long[] at, boolean batched, ManualClock clock) {
            this.batches = batches;
            this.at = at;
            this.batched = batched;
            this.clock = clock;
        }

        @Override
        public void run(SplitSourceContext<Ev> ctx) {
            for (int s = 0; s < 3; s++) {
                ctx.announceSplit("s" + s);
            }
            for (int b = 0; b < batches.size(); b++) {
                clock.advanceTo(at[b]);
                List<Ev> batch = batches.get(b);
                String split = batch.get(0).split();
                if (batched) {
                    ctx.collectAll(split, batch);
                } else {
                    for (Ev e : batch) {
                        ctx.collect(split, e);
                    }
                }
            }
        }

        @Override
        public void cancel() {}
    }

    @Property(tries = 120)
    void aBatchGoesDownstreamExactlyAsOneCollectPerRecordWould(@ForAll long seed,
            @ForAll @IntRange(min = 0, max = 2) int watermarks, @ForAll boolean idleness) throws Exception {
        Random r = new Random(seed);
        List<List<Ev>> batches = new ArrayList<>();
        long[] at = new long[1 + r.nextInt(40)];
        long[] maxTs = new long[3];
        long now = 0;
        int id = 0;
        for (int b = 0; b < at.length; b++) {
            now += r.nextInt(4) == 0 ? 500 + r.nextInt(1000) : r.nextInt(120); // sometimes past the idle timeout
            at[b] = now;
            int split = r.nextInt(3);
            List<Ev> batch = new ArrayList<>();
            for (int i = 1 + r.nextInt(30); i > 0; i--) {
                maxTs[split] += r.nextInt(40);
                batch.add(new Ev("s" + split, maxTs[split] - r.nextInt(60), id++));
            }
            batches.add(batch);
        }
        List<String> perRecord = run(batches, at, false, watermarks, idleness);
        List<String> perBatch = run(batches, at, true, watermarks, idleness);
        Ev first = batches.get(0).get(0);
        assertThat(perRecord).contains("r:" + first + "@" + first.ts()).hasSizeGreaterThan(at.length);
        assertThat(perBatch).isEqualTo(perRecord);
    }

    /**
     * The source's output as the next operator sees it. {@code watermarks}: 0 per record (per-event
     * watermarks, periodic every 200 ms), 1 periodic every 100 ms of the clock, 2 periodic every 1 ms (due
     * before almost every record).
     */
    private static List<String> run(List<List<Ev>> batches, long[] at, boolean batched, int watermarks, boolean idleness)
            throws Exception {
        ManualClock clock = new ManualClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setClock(clock);
        env.getConfig().setAutoWatermarkInterval(watermarks == 0 ? 200 : watermarks == 1 ? 100 : 1);
        env.getConfig().setPerEventWatermarks(watermarks == 0);
        WatermarkStrategy<Ev> strategy = WatermarkStrategy.<Ev>forBoundedOutOfOrderness(Duration.ofMillis(50))
                .withTimestampAssigner((e, t) -> e.ts());
        if (idleness) {
            strategy = strategy.withIdleness(Duration.ofMillis(400));
        }
        List<String> log = WatermarkRecorder.newLog();
        env.fromSource(new Script(batches, at, batched, clock), strategy, "script")
                .transform("rec", () -> new WatermarkRecorder<>(log))
                .addSink(new CollectSink<>());
        env.execute("batch-" + batched);
        return new ArrayList<>(log);
    }
}
