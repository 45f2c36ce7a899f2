package io.tidemark.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.connector.kafka.Jobs.Event;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.core.execution.JobClient;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.testutils.CollectSink;
import io.tidemark.time.ManualClock;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The seeds' idle-partition story (seeds/002 §4.2–4.3, seeds/000 §5.1) on a real topic: 24 partitions,
 * two of which stop for ten minutes. Without idleness every window stalls until they come back; with
 * {@code withIdleness(2 min)} the stopped partitions are left out once the periodic checks (one per
 * step here) have seen them silent for more than two minutes — Flink's rule: the check at step 5 still
 * sees their last records, the one at 6 starts the silence, the one at 9 is more than two minutes
 * after it — and the windows go on firing; their backlog is then late; and when they come back they are active again and hold the
 * watermark back (here they come back slower than the others, so windows follow their pace).
 *
 * <p>Processing time is a {@link ManualClock} the test moves one minute per step; each step writes one
 * minute of records and waits until the job has read and windowed them before the next, so every
 * watermark, idle mark and firing happens at a known step (the result does not depend on timing).
 */
class KafkaIdlePartitionStoryTest {

    static final int PARTITIONS = 24;
    static final long MIN = 60_000;
    static final int STOP = 5;
    static final int RESUME = 15;
    static final int END = 25;
    static final long BOUND = 5_000;

    /** The records partition {@code p} writes at step {@code step} (two per minute of event time). */
    static List<Event> written(int p, int step) {
        List<Event> out = new ArrayList<>();
        boolean stops = p >= 22;
        long jitter = (p % 3) * 1000L;
        if (!stops || step < STOP) {
            out.add(new Event(p, 2L * step, step * MIN + 10_000 - jitter));
            out.add(new Event(p, 2L * step + 1, step * MIN + 40_000 - jitter));
        } else if (step >= RESUME) {
            if (step == RESUME) { // the backlog of the silent minutes, in order
                for (int s = STOP; s < RESUME; s++) {
                    out.add(new Event(p, 2L * s, s * MIN + 10_000 - jitter));
                    out.add(new Event(p, 2L * s + 1, s * MIN + 40_000 - jitter));
                }
            }
            // back, but slower: 30 s of event time per minute, starting just after the backlog
            long j = step - RESUME;
            out.add(new Event(p, 1000 + 2 * j, (RESUME - 1) * MIN + 45_000 + 30_000 * j - jitter));
            out.add(new Event(p, 1001 + 2 * j, (RESUME - 1) * MIN + 58_000 + 30_000 * j - jitter));
        }
        return out;
    }

    /** A window's firing: start, count, and the (manual) processing time it fired at. */
    record Fired(long start, long count, long at) implements java.io.Serializable {}

    static final class Describe extends ProcessWindowFunction<Long, Fired, Integer, TimeWindow> {
        @Override
        public void process(Integer key, Context ctx, Iterable<Long> counts, Collector<Fired> out) {
            out.collect(new Fired(ctx.window().getStart(), counts.iterator().next(), ctx.currentProcessingTime()));
        }
    }

    static final OutputTag<Event> LATE = new OutputTag<>("late") {};

    record Run(List<Fired> fired, List<Event> late, int total) {}

    static Run run(boolean idleness) throws Exception {
        String topic = SharedBroker.topic(idleness ? "story-idle" : "story-stall", PARTITIONS);
        Map<TopicPartition, Long> end = new HashMap<>();
        for (int p = 0; p < PARTITIONS; p++) {
            int n = 0;
            for (int s = 0; s < END; s++) {
                n += written(p, s).size();
            }
            end.put(new TopicPartition(topic, p), (long) n);
        }
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(1);
        env.setClock(clock);
        WatermarkStrategy<Event> strategy = WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofMillis(BOUND))
                .withTimestampAssigner((e, t) -> e.ts());
        if (idleness) {
            strategy = strategy.withIdleness(Duration.ofMinutes(2));
        }
        KafkaSource<Event> source = KafkaSource.<Event>builder()
                .setBootstrapServers(SharedBroker.get().bootstrapServers())
                .setTopics(topic)
                .setBounded(OffsetsInitializer.offsets(end))
                .setDeserializer((r, out) -> out.collect(Event.parse(r.value())))
                .build();
        CollectSink<Fired> fired = new CollectSink<>();
        CollectSink<Event> late = new CollectSink<>();
        SingleOutputStreamOperator<Fired> windows = env.fromSource(source, strategy, "kafka-24")
                .keyBy(e -> 0)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .sideOutputLateData(LATE)
                .aggregate(new Jobs.Count(), new Describe())
                .name("per-minute");
        windows.addSink(fired);
        windows.getSideOutput(LATE).addSink(late);
        JobClient job = env.executeAsync("idle story");

        long sent = 0;
        for (int step = 0; step < END; step++) {
            clock.advanceTo(step * MIN);
            for (int p = 0; p < PARTITIONS; p++) {
                for (Event e : written(p, step)) {
                    Jobs.send(topic, e);
                    sent++;
                }
            }
            SharedBroker.get().flush();
            long expected = sent;
            SharedBroker.await("step " + step + " read and windowed", Duration.ofSeconds(30),
                    () -> Jobs.emitted(job, "kafka-24") == expected && Jobs.received(job, "per-minute") == expected);
            if (step == STOP + 4) {
                OperatorMetrics m = Jobs.source(job, "kafka-24");
                if (idleness) {
                    assertThat(m.idleSplits()).containsExactlyInAnyOrder(topic + "-22", topic + "-23");
                } else {
                    assertThat(m.splitHoldingBack()).isIn(topic + "-22", topic + "-23");
                }
            }
        }
        job.getJobExecutionResult();
        return new Run(fired.values(), late.values(), (int) sent);
    }

    static Map<Long, Fired> byStart(List<Fired> fired) {
        Map<Long, Fired> m = new HashMap<>();
        for (Fired f : fired) {
            assertThat(m.put(f.start(), f)).as("window %d fired once", f.start() / MIN).isNull();
        }
        return m;
    }

    @Test
    void withoutIdlenessTheTwoSilentPartitionsStallEveryWindowUntilTheyComeBack() throws Exception {
        Run run = run(false);
        for (Fired f : run.fired()) {
            if (f.start() >= (STOP - 1) * MIN) {
                assertThat(f.at()).as("window %d fired during the stall", f.start() / MIN).isGreaterThanOrEqualTo(RESUME * MIN);
            }
        }
        assertThat(run.late()).isEmpty();
        assertThat(run.fired().stream().mapToLong(Fired::count).sum()).isEqualTo(run.total());
    }

    @Test
    void withIdlenessWindowsGoOnTheBacklogIsLateAndTheReturnHoldsTheWatermarkAgain() throws Exception {
        Run run = run(true);
        Map<Long, Fired> fired = byStart(run.fired());
        // released when the silent partitions turn idle at step 9 (the windows held until then fire
        // together), from then on each window fires two steps after it ends
        for (long m = STOP - 1; m < RESUME - 2; m++) {
            assertThat(fired.get(m * MIN).at()).as("window %d", m).isEqualTo(Math.max(STOP + 4, m + 2) * MIN);
        }
        // the backlog of windows that fired meanwhile is late (to the side output); nothing else is
        assertThat(run.late()).isNotEmpty().allMatch(e -> e.partition() >= 22 && e.ts() >= STOP * MIN
                && e.ts() < (RESUME - 1) * MIN);
        assertThat(run.late()).hasSize(2 * 2 * (RESUME - 1 - STOP));
        // back, the slower partitions hold the watermark: window 17 waits for them (the others alone
        // would have fired it at step 19, four steps after the resume)
        assertThat(fired.get((RESUME + 2) * MIN).at()).isEqualTo((RESUME + 8) * MIN);
        // nothing lost: every record is in a window or late
        assertThat(run.fired().stream().mapToLong(Fired::count).sum() + run.late().size()).isEqualTo(run.total());
    }
}
