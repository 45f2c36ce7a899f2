package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.RuntimeExecutionMode;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Tidemark job in BATCH mode gives the same results on the embedded engine and on Flink through the
 * runner (which declares its bounded sources bounded, as Flink's BATCH mode requires): one final
 * result per window although the input is out of order, no late record, and rolling sums that emit
 * only their final value; BATCH with an unbounded source fails on both.
 */
class BatchOnFlinkTest {

    @Test
    void windowsAndRollingSumsAreFinalOnBothEngines() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.setRuntimeMode(RuntimeExecutionMode.BATCH);
            env.setParallelism(2);
            DataStream<Tuple2<String, Long>> in = env.fromData(Tuple2.of("a", 5_000L), Tuple2.of("b", 1_000L),
                    Tuple2.of("a", 1_500L), Tuple2.of("a", 500L), Tuple2.of("b", 4_200L), Tuple2.of("b", 1_200L))
                    .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forMonotonousTimestamps()
                            .withTimestampAssigner((e, ts) -> e.f1));
            in.keyBy(e -> e.f0).window(TumblingEventTimeWindows.of(Duration.ofSeconds(2))).sum(1).addSink(sinks.sink("windows"));
            in.keyBy(e -> e.f0).sum(1).addSink(sinks.sink("totals"));
        });
        assertThat(sorted(r.tidemark().get("windows"))).isEqualTo(sorted(r.flink().get("windows")))
                .containsExactly("(a,2000)", "(a,5000)", "(b,2200)", "(b,4200)");
        assertThat(sorted(r.tidemark().get("totals"))).isEqualTo(sorted(r.flink().get("totals")))
                .containsExactly("(a,7000)", "(b,6400)");
    }

    @Test
    void anUnboundedSourceFailsInBatch() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.socketTextStream("localhost", 1).print();
        assertThatThrownBy(() -> env.execute("unbounded")).hasMessageContaining("UNBOUNDED").hasMessageContaining("'Socket Stream'");
        StreamExecutionEnvironment onFlink = StreamExecutionEnvironment.getExecutionEnvironment();
        onFlink.setRuntimeMode(RuntimeExecutionMode.BATCH);
        onFlink.socketTextStream("localhost", 1).print();
        assertThatThrownBy(() -> FlinkRunner.execute(onFlink, "unbounded", SharedMiniCluster.options()))
                .hasMessageContaining("UNBOUNDED");
    }

    private static List<String> sorted(Object values) {
        return ((List<?>) values).stream().map(String::valueOf).sorted().toList();
    }
}
