package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.typeinfo.TypeHint;
import io.tidemark.api.common.typeinfo.Types;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a program declares with {@code returns(...)}, {@code map(f, type)} or {@code fromData(type, ...)}
 * reaches Flink: the operator's output serializer is Flink's for the declared type, where without the
 * declaration a lambda's result is a generic (Kryo) type.
 */
class DeclaredTypesTest {

    private static Map<String, String> serializers(StreamExecutionEnvironment env) {
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        FlinkTranslator.translate(env, flink);
        Map<String, String> out = new HashMap<>();
        flink.getStreamGraph().getStreamNodes().forEach(n -> out.put(n.getOperatorName(),
                n.getTypeSerializerOut() == null ? "none" : n.getTypeSerializerOut().getClass().getSimpleName()));
        return out;
    }

    @Test
    void declaredTypesBecomeFlinksSerializers() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromData(Types.LONG, 1L, 2L).name("longs")
                .map(x -> "v" + x).name("undeclared")
                .map(x -> x + "!", Types.STRING).name("declared")
                .map(x -> Tuple2.of(x, 1)).returns(new TypeHint<Tuple2<String, Integer>>() {}).name("hinted")
                .map(t -> List.of(t.f0)).returns(Types.LIST(Types.STRING)).name("list")
                .addSink(new Collect.Sink<>("unused"));
        Map<String, String> s = serializers(env);
        assertThat(s.get("Source: longs")).isEqualTo("LongSerializer");
        assertThat(s.get("undeclared")).isEqualTo("KryoSerializer");
        assertThat(s.get("declared")).isEqualTo("StringSerializer");
        assertThat(s.get("hinted")).as("Tidemark's Tuple2 with its fields' types: a POJO to Flink").isEqualTo("PojoSerializer");
        assertThat(s.get("list")).as("Flink's list type (its serializer wrapped for nulls)").isEqualTo("NullableSerializer");
    }

    /** The overloads of Flink's windowed streams and joins that take the result's type declare it too. */
    @Test
    void windowsAndJoinsDeclareTheirResultTypes() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        io.tidemark.streaming.api.datastream.DataStream<Long> source = env.fromData(Types.LONG, 1L, 2L);
        var longs = source.assignTimestampsAndWatermarks(
                io.tidemark.api.common.eventtime.WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((x, t) -> x));
        var window = io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows.of(java.time.Duration.ofSeconds(1));
        longs.keyBy(x -> x % 2).window(window)
                .apply((Long k, io.tidemark.streaming.api.windowing.windows.TimeWindow w, Iterable<Long> xs,
                        io.tidemark.util.Collector<String> out) -> out.collect("" + k), Types.STRING).name("apply")
                .addSink(new Collect.Sink<>("unused"));
        longs.windowAll(window).reduce((a, b) -> a + b, (io.tidemark.streaming.api.windowing.windows.TimeWindow w, Iterable<Long> xs,
                io.tidemark.util.Collector<String> out) -> out.collect("all"), Types.STRING).name("all")
                .addSink(new Collect.Sink<>("unused"));
        longs.join(longs).where(x -> x, Types.LONG).equalTo(x -> x, Types.LONG).window(window)
                .apply((Long a, Long b) -> a + "=" + b, Types.STRING).name("join")
                .addSink(new Collect.Sink<>("unused"));
        longs.keyBy(x -> x).intervalJoin(longs.keyBy(x -> x)).between(java.time.Duration.ZERO, java.time.Duration.ZERO)
                .process(new Pair(), Types.STRING).name("interval")
                .addSink(new Collect.Sink<>("unused"));
        Map<String, String> s = serializers(env);
        assertThat(s).containsEntry("apply", "StringSerializer").containsEntry("all", "StringSerializer")
                .containsEntry("interval", "StringSerializer");
        assertThat(s.entrySet()).as("the join's last operator").anyMatch(e -> e.getKey().startsWith("join") && e.getValue().equals("StringSerializer"));
    }

    static final class Pair extends io.tidemark.streaming.api.functions.co.ProcessJoinFunction<Long, Long, String> {
        @Override
        public void processElement(Long a, Long b, Context ctx, io.tidemark.util.Collector<String> out) {
            out.collect(a + "~" + b);
        }
    }
}
