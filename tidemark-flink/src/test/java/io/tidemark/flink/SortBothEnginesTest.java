package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code sortByEventTime} and sorting split sources on both engines, against the worked example of
 * docs/semantics.md (buffer 5 s; event times in seconds 7 3 10 8 15 2 12 21 16 30): out 3 7 8 10 12 15
 * 16 21 30 in that order, 2 late; with 10 s tumbling windows after it nothing is late downstream and the
 * windows count 3, 4, 1, 1. On Flink the buffer is Tidemark's own, as a Flink operator followed by
 * Flink's watermark assigner; a sorting split source is the runner's split source with a router for its
 * late records.
 */
class SortBothEnginesTest {

    static final long[] SECONDS = {7, 3, 10, 8, 15, 2, 12, 21, 16, 30};

    /** The records as "ts" strings with their timestamp. */
    static final class Stamp extends ProcessFunction<Long, String> {
        @Override
        public void processElement(Long value, Context ctx, Collector<String> out) {
            out.collect(value + "@" + ctx.timestamp());
        }
    }

    static final class Count implements AggregateFunction<Long, Long, Long> {
        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(Long value, Long acc) {
            return acc + 1;
        }

        @Override
        public Long getResult(Long acc) {
            return acc;
        }

        @Override
        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    @Test
    void sortByEventTimeGivesTheWorkedExampleOnBothEngines() throws Exception {
        OutputTag<Long> late = new OutputTag<>("late") {};
        OutputTag<Long> windowLate = new OutputTag<>("window-late") {};
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(1);
            Long[] ms = new Long[SECONDS.length];
            for (int i = 0; i < ms.length; i++) {
                ms[i] = SECONDS[i] * 1000;
            }
            SingleOutputStreamOperator<Long> sorted = env.fromData(ms)
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>noWatermarks().withTimestampAssigner((v, t) -> v))
                    .sortByEventTime(Duration.ofSeconds(5), late);
            sorted.process(new Stamp()).addSink(sinks.sink("out"));
            sorted.getSideOutput(late).addSink(sinks.sink("late"));
            SingleOutputStreamOperator<Long> counts = sorted.keyBy(v -> 0).window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                    .sideOutputLateData(windowLate).aggregate(new Count());
            counts.addSink(sinks.sink("counts"));
            counts.getSideOutput(windowLate).addSink(sinks.sink("window-late"));
        });
        List<String> out = List.of("3000@3000", "7000@7000", "8000@8000", "10000@10000", "12000@12000", "15000@15000",
                "16000@16000", "21000@21000", "30000@30000");
        for (var engine : List.of(r.tidemark(), r.flink())) {
            assertThat(engine.get("out")).isEqualTo(out);
            assertThat(engine.get("late")).isEqualTo(List.of(2000L));
            assertThat(engine.get("counts")).isEqualTo(List.of(3L, 4L, 1L, 1L));
            assertThat(engine.get("window-late")).isEqualTo(List.of());
        }
    }

    /** Two splits, "a" with the worked example's times and "b" with the same times plus 100 s, interleaved. */
    static final class TwoSplits implements SplitSourceFunction<Tuple2<String, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void run(SplitSourceContext<Tuple2<String, Long>> ctx) {
            ctx.announceSplit("a");
            ctx.announceSplit("b");
            for (long s : SECONDS) {
                ctx.collect("a", Tuple2.of("a", s * 1000));
                ctx.collect("b", Tuple2.of("b", (s + 100) * 1000));
            }
            ctx.splitFinished("b");
        }

        @Override
        public void cancel() {}
    }

    @Test
    void aSortingSplitSourceSortsEachSplitOnItsOwnOnBothEngines() throws Exception {
        OutputTag<Tuple2<String, Long>> late = new OutputTag<>("late") {};
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setParallelism(1);
            DataStream<Tuple2<String, Long>> in = env.fromSource(new TwoSplits(),
                    WatermarkStrategy.<Tuple2<String, Long>>forMonotonousTimestamps().withTimestampAssigner((e, t) -> e.f1),
                    "splits", Duration.ofSeconds(5), late);
            in.map(e -> e.f0 + e.f1 / 1000).addSink(sinks.sink("out"));
            ((SingleOutputStreamOperator<Tuple2<String, Long>>) in).getSideOutput(late).map(e -> e.f0 + e.f1 / 1000)
                    .addSink(sinks.sink("late"));
        });
        // "b" finishes first (its buffer empties then), "a" at the end of the input
        List<String> out = List.of("a3", "b103", "a7", "a8", "a10", "b107", "b108", "b110", "a12", "a15", "b112", "b115",
                "a16", "b116", "a21", "b121", "b130", "a30");
        for (var engine : List.of(r.tidemark(), r.flink())) {
            assertThat(engine.get("out")).isEqualTo(out);
            assertThat(engine.get("late")).isEqualTo(List.of("a2", "b102"));
        }
    }
}
