package io.tidemark.runtime.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkAlignmentParams;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.source.alignment.AlignmentGroups;
import io.tidemark.runtime.source.alignment.SplitAlignment;
import io.tidemark.time.ManualClock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Watermark alignment never deadlocks: two source subtasks of one group, each with up to three splits,
 * through the {@link SplitWatermarks} and {@link SplitContext} both engines run, driven in one thread —
 * splits with uneven speeds, gaps in their data (so that, with idleness, they go idle), splits that end
 * early and subtasks whose splits all end. Whenever every record left has arrived, some split can be
 * read within a second (it is not paused and its subtask does not wait): only data not yet there may
 * hold the source up;
 * every record is read in the end. Drift 0 included (the tightest group).
 */
class AlignmentProperties {

    record Ev(String split, long ts) {}

    /** One subtask: its splits' data (event time, and the processing time from which it is there). */
    static final class Subtask implements SplitContext.RecordOutput<Ev>, WatermarkOutput {
        final Map<String, ArrayDeque<long[]>> data = new LinkedHashMap<>();
        final Set<String> paused = new HashSet<>();
        final Set<String> finished = new HashSet<>();
        SplitWatermarks<Ev> watermarks;
        SplitContext<Ev> ctx;
        int emitted;

        @Override
        public void emit(Ev e, long timestamp) {
            emitted++;
        }

        @Override
        public void late(Ev e, long timestamp) {}

        @Override
        public void emitWatermark(Watermark w) {}

        @Override
        public void markIdle() {}

        @Override
        public void markActive() {}
    }

    @Property(tries = 300)
    void someSplitCanAlwaysBeReadAndEveryRecordIsReadInTheEnd(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3_000) int drift,
            @ForAll boolean idleness, @ForAll @IntRange(min = 1, max = 3) int splitsA, @ForAll @IntRange(min = 1, max = 3) int splitsB) {
        Random r = new Random(seed);
        ManualClock clock = new ManualClock(0);
        AlignmentGroups groups = new AlignmentGroups();
        WatermarkAlignmentParams params = new WatermarkAlignmentParams(drift, "g", 50);
        WatermarkStrategy<Ev> strategy = WatermarkStrategy.<Ev>forBoundedOutOfOrderness(Duration.ofMillis(100))
                .withTimestampAssigner((e, t) -> e.ts());
        if (idleness) {
            strategy = strategy.withIdleness(Duration.ofMillis(300));
        }
        List<Subtask> subtasks = new ArrayList<>();
        int total = 0;
        for (int n : new int[] {splitsA, splitsB}) {
            Subtask s = new Subtask();
            s.watermarks = new SplitWatermarks<>(strategy, clock, s);
            s.watermarks.align(new SplitAlignment(params, groups.group("g"), "source"), (pause, resume) -> {
                s.paused.addAll(pause);
                s.paused.removeAll(resume);
            });
            s.ctx = new SplitContext<>(new Object(), s.watermarks, subtasks.size(), 2, false, s);
            for (int i = 0; i < n; i++) {
                String id = "s" + subtasks.size() + "-" + i;
                ArrayDeque<long[]> q = new ArrayDeque<>();
                long ts = r.nextInt(1_000);
                long from = 0;
                int speed = 1 + r.nextInt(200); // event time per record: uneven splits
                for (int k = r.nextInt(200); k > 0; k--) {
                    ts += r.nextInt(speed + 1);
                    if (r.nextInt(50) == 0) {
                        from += 200 + r.nextInt(2_000); // a gap in the data: nothing before this processing time
                    }
                    q.add(new long[] {ts - r.nextInt(80), from});
                }
                total += q.size();
                s.data.put(id, q);
                s.ctx.announceSplit(id);
            }
            subtasks.add(s);
        }

        int read = 0;
        long stuckSince = -1;
        for (long step = 0; read < total; step++) {
            // timers: periodic emission every 100 ms, alignment updates every 50 ms
            if (clock.currentTimeMillis() % 100 == 0) {
                subtasks.forEach(s -> s.watermarks.onPeriodicEmit());
            }
            if (clock.currentTimeMillis() % 50 == 0) {
                subtasks.forEach(s -> s.watermarks.updateAlignment());
            }
            List<String[]> readable = new ArrayList<>();
            boolean dataToCome = false;
            for (int i = 0; i < subtasks.size(); i++) {
                Subtask s = subtasks.get(i);
                if (s.watermarks.alignmentWaits()) {
                    s.watermarks.reportWhileWaiting(); // as the waiting source thread does
                    continue;
                }
                for (Map.Entry<String, ArrayDeque<long[]>> e : s.data.entrySet()) {
                    long[] head = e.getValue().peek();
                    if (head != null && head[1] <= clock.currentTimeMillis() && !s.paused.contains(e.getKey())) {
                        readable.add(new String[] {String.valueOf(i), e.getKey()});
                    }
                }
            }
            for (Subtask s : subtasks) {
                for (ArrayDeque<long[]> q : s.data.values()) {
                    dataToCome |= q.peek() != null && q.peek()[1] > clock.currentTimeMillis();
                }
            }
            if (!readable.isEmpty()) {
                String[] pick = readable.get(r.nextInt(readable.size()));
                Subtask s = subtasks.get(Integer.parseInt(pick[0]));
                long[] head = s.data.get(pick[1]).poll();
                s.ctx.collect(pick[1], new Ev(pick[1], head[0]));
                read++;
                stuckSince = -1;
                if (s.data.get(pick[1]).isEmpty()) {
                    s.ctx.splitFinished(pick[1]);
                    if (s.data.values().stream().allMatch(ArrayDeque::isEmpty)) {
                        s.watermarks.alignmentFinished();
                    }
                }
            } else if (dataToCome) {
                stuckSince = -1; // waiting for data that has not arrived is no deadlock
            } else {
                // every record left is there, yet none may be read: the next updates (every 50 ms), idleness
                // (300 ms) and periodic emission (100 ms) must free one well within a second
                if (stuckSince < 0) {
                    stuckSince = clock.currentTimeMillis();
                }
                assertThat(clock.currentTimeMillis() - stuckSince).as("nothing readable though every record is there: a deadlock")
                        .isLessThan(1_000);
            }
            clock.advanceBy(1);
        }
        assertThat(subtasks.get(0).emitted + subtasks.get(1).emitted).isEqualTo(total);
    }
}
