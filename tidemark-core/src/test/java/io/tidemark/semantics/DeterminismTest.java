package io.tidemark.semantics;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.semantics.WindowProperties.Ev;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSource;
import io.tidemark.time.ReplayClock;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** With a replayed clock, the same input gives the same outputs in the same order. */
class DeterminismTest {

    private static List<Object> run(long seed) throws Exception {
        Random r = new Random(seed);
        ReplayClock clock = new ReplayClock(0);
        ScriptedSource<Ev> src = new ScriptedSource<>(clock);
        long arrival = 0;
        for (int i = 0; i < 400; i++) {
            arrival += r.nextInt(120);
            long ts = arrival - r.nextInt(4000); // up to 4 s behind arrival: some beyond the 1 s bound
            src.at(arrival).record(new Ev(String.valueOf((char) ('a' + r.nextInt(4))), ts, r.nextInt(100)));
        }
        StreamExecutionEnvironment env = Sem.env(clock, 200); // periodic emission driven by the replayed clock
        DataStream<Ev> in = env.addSource(src).assignTimestampsAndWatermarks(
                WatermarkStrategy.<Ev>forBoundedOutOfOrderness(Duration.ofSeconds(1)).withTimestampAssigner((e, t) -> e.ts()));
        OutputTag<Ev> late = new OutputTag<>("late");
        SingleOutputStreamOperator<String> tumbling = in.keyBy(Ev::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(2))).allowedLateness(Duration.ofMillis(500))
                .sideOutputLateData(late).process(new Sem.Describe<Ev, String>());
        CollectSink<String> main = new CollectSink<>();
        CollectSink<Ev> side = new CollectSink<>();
        CollectSink<String> sessions = new CollectSink<>();
        CollectSink<String> processing = new CollectSink<>();
        tumbling.addSink(main);
        tumbling.getSideOutput(late).addSink(side);
        in.keyBy(Ev::key).window(EventTimeSessionWindows.withGap(Duration.ofMillis(700)))
                .process(new Sem.Describe<Ev, String>()).addSink(sessions);
        in.keyBy(Ev::key).window(TumblingProcessingTimeWindows.of(Duration.ofSeconds(1)))
                .process(new Sem.Describe<Ev, String>()).addSink(processing);
        JobExecutionResult result = env.execute("determinism");
        List<Object> outputs = new ArrayList<>();
        outputs.add(main.values());
        outputs.add(side.values());
        outputs.add(sessions.values());
        outputs.add(processing.values());
        result.getMetrics().forEach(m -> outputs.add(m.getOperatorName() + " " + m.snapshot()));
        return outputs;
    }

    @Test
    void sameInputSameOutputsInTheSameOrder() throws Exception {
        List<Object> first = run(42);
        List<Object> second = run(42);
        assertThat(second).isEqualTo(first);
        // the run is not trivial: windows fired, and some records were late
        assertThat((List<?>) first.get(0)).hasSizeGreaterThan(10);
        assertThat((List<?>) first.get(1)).isNotEmpty();
        assertThat((List<?>) first.get(3)).hasSizeGreaterThan(10);
        // and a different input gives different outputs
        assertThat(run(43).get(0)).isNotEqualTo(first.get(0));
    }
}
