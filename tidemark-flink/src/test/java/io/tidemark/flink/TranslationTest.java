package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.runtime.operators.StreamMap;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What does not translate fails at translation time with a clear message; split sources translate faithfully. */
class TranslationTest {

    private static void translate(StreamExecutionEnvironment env) {
        FlinkTranslator.translate(env, org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment());
    }

    /** Holds a plain Object: not serializable. */
    static final class HoldsALock implements MapFunction<Integer, Integer> {
        private static final long serialVersionUID = 1L;
        @SuppressWarnings("unused")
        private final Object lock = new Object();

        @Override
        public Integer map(Integer value) {
            return value;
        }
    }

    @Test
    void aFunctionThatIsNotSerializableIsNamedWithTheReason() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromElements(1, 2).map(new HoldsALock()).name("locking map").print();
        assertThatThrownBy(() -> translate(env))
                .isInstanceOf(TranslationException.class)
                .hasMessageContaining("operator 'locking map'")
                .hasMessageContaining("map function " + HoldsALock.class.getName())
                .hasMessageContaining("java.lang.Object")
                .hasMessageContaining("not serializable");
    }

    /** A user subclass of a built-in assigner: its behaviour may differ, so it is not mapped to Flink's. */
    static final class MyWindows extends TumblingEventTimeWindows {
        private static final long serialVersionUID = 1L;

        MyWindows() {
            super(10, 0);
        }
    }

    @Test
    void aCustomWindowAssignerFailsClearly() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromElements(1, 2).keyBy(x -> x % 2).window(new MyWindows()).reduce(Integer::sum).name("my window").print();
        assertThatThrownBy(() -> translate(env))
                .isInstanceOf(TranslationException.class)
                .hasMessageContaining("window 'my window'")
                .hasMessageContaining(MyWindows.class.getName())
                .hasMessageContaining("has no Flink translation");
    }

    @Test
    void aCustomOperatorFailsClearly() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromElements(1, 2).transform("raw operator", () -> new StreamMap<Integer, Integer>(x -> x)).print();
        assertThatThrownBy(() -> translate(env))
                .isInstanceOf(TranslationException.class)
                .hasMessageContaining("'raw operator'")
                .hasMessageContaining("custom operator");
    }

    @Test
    void perKeyWatermarksAreRefusedWithTheReason() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromElements(1L, 2L).keyBy(x -> x % 2)
                .withPerKeyWatermarks(io.tidemark.api.common.eventtime.WatermarkStrategy.forMonotonousTimestamps())
                .window(io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows.of(java.time.Duration.ofSeconds(1)))
                .reduce(Long::sum).name("per-key windows").print();
        assertThatThrownBy(() -> translate(env))
                .isInstanceOf(TranslationException.class)
                .hasMessageContaining("'per-key windows'")
                .hasMessageContaining("Flink has no equivalent");
    }

    record Reading(String device, long ts, int value) implements java.io.Serializable {}

    /** Two devices (splits), one lagging: the source's watermark is the minimum over its splits. */
    static final class TwoDevices implements SplitSourceFunction<Reading> {
        private static final long serialVersionUID = 1L;

        @Override
        public void run(SplitSourceContext<Reading> ctx) {
            long[][] data = {{0, 1}, {12, 0}, {3, 1}, {25, 0}, {9, 1}, {15, 1}, {31, 0}, {21, 1}, {28, 1}};
            for (long[] d : data) {
                String split = "dev" + d[1];
                ctx.collect(split, new Reading(split, d[0], 1));
            }
            ctx.splitFinished("dev0");
            ctx.splitFinished("dev1");
        }

        @Override
        public void cancel() {}
    }

    static final class CountReadings
            extends io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction<Reading, String, String, TimeWindow> {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(String key, Context ctx, Iterable<Reading> elements, io.tidemark.util.Collector<String> out) {
            int n = 0;
            for (Reading ignored : elements) {
                n++;
            }
            out.collect(ctx.window().getStart() + " n=" + n + " " + ctx.firing() + " wm=" + ctx.firing().watermark());
        }
    }

    @Test
    void anAnonymousFunctionCapturingItsTestIsExplained() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromElements(1, 2).map(new MapFunction<Integer, Integer>() {
            private static final long serialVersionUID = 1L;

            @Override
            public Integer map(Integer value) {
                return value;
            }
        }).print();
        assertThatThrownBy(() -> translate(env))
                .isInstanceOf(TranslationException.class)
                .hasMessageContaining("keeps a reference to its enclosing object");
    }

    @Test
    void splitSourcesWatermarkPerSplitOnBothEngines() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> {
            env.getConfig().setPerEventWatermarks(true);
            env.fromSource(new TwoDevices(), WatermarkStrategy.<Reading>forMonotonousTimestamps()
                            .withTimestampAssigner((x, previous) -> x.ts()), "devices")
                    .keyBy(x -> "all")
                    .window(TumblingEventTimeWindows.of(Duration.ofMillis(10)))
                    .process(new CountReadings())
                    .addSink(sinks.sink("windows"));
        });
        // dev1 lags: [0,10) fires only when dev1 passes 10 (its record at 15: min(24, 14) = 14)
        assertThat(r.tidemark().get("windows")).isEqualTo(List.of(
                "0 n=3 ON_TIME#1 wm=14", "10 n=2 ON_TIME#1 wm=20", "20 n=3 ON_TIME#1 wm=" + Long.MAX_VALUE,
                "30 n=1 ON_TIME#1 wm=" + Long.MAX_VALUE));
        assertThat(r.flink()).isEqualTo(r.tidemark());
    }

    /** A plain Java object with public fields and a no-argument constructor: a Flink POJO. */
    public static class Order implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        public String customer;
        public long ts;
        public long cents;

        public Order() {}

        Order(String customer, long ts, long cents) {
            this.customer = customer;
            this.ts = ts;
            this.cents = cents;
        }
    }

    /** A subclass the source emits as well: it must cross the exchange whole, its own field included. */
    public static class RushOrder extends Order {
        private static final long serialVersionUID = 1L;
        public int priority;

        public RushOrder() {}

        RushOrder(String customer, long ts, long cents, int priority) {
            super(customer, ts, cents);
            this.priority = priority;
        }
    }

    /** Declares what it produces ({@code Order}), so the runner ships its records with Flink's POJO serializer. */
    static final class Orders implements SourceFunction<Order> {
        private static final long serialVersionUID = 1L;

        @Override
        public void run(SourceContext<Order> ctx) {
            ctx.collect(new Order("ann", 1, 100));
            ctx.collect(new RushOrder("bob", 2, 250, 3));
            ctx.collect(new Order("ann", 5, 20));
            ctx.collect(new RushOrder("ann", 12, 70, 2));
            ctx.collect(new Order("bob", 14, 5));
        }

        @Override
        public void cancel() {}
    }

    static final class OrderTotals
            extends io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction<Order, String, String, TimeWindow> {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(String key, Context ctx, Iterable<Order> elements, io.tidemark.util.Collector<String> out) {
            long cents = 0;
            int rush = 0;
            for (Order o : elements) {
                cents += o.cents;
                if (o instanceof RushOrder) {
                    rush += ((RushOrder) o).priority;
                }
            }
            out.collect(key + " " + ctx.window().getStart() + " cents=" + cents + " rush=" + rush);
        }
    }

    @Test
    void aSourceDeclaringItsRecordClassShipsItWithFlinksPojoSerializer() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.addSource(new Orders(), "orders").keyBy(o -> o.customer).print();
        env.fromElements(1, 2).keyBy(x -> x % 2).print();
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        FlinkTranslator.translate(env, flink);

        List<org.apache.flink.api.dag.Transformation<?>> sources = flinkNodes(flink).stream()
                .filter(t -> t.getInputs().isEmpty()).distinct().toList();
        assertThat(sources).filteredOn(t -> t.getName().equals("orders")).singleElement()
                .satisfies(t -> assertThat(t.getOutputType()).isEqualTo(org.apache.flink.api.common.typeinfo.Types.POJO(Order.class)));
        // a source whose record class is a type variable keeps the generic type, as before
        assertThat(sources).filteredOn(t -> !t.getName().equals("orders")).isNotEmpty()
                .allSatisfy(t -> assertThat(t.getOutputType().getTypeClass()).isEqualTo(Object.class));
    }

    @Test
    @SuppressWarnings("unchecked")
    void recordsOfADeclaredClassAndItsSubclassesCrossFlinksExchangeWhole() throws Exception {
        BothEngines.Results r = BothEngines.run((env, sinks) -> env.addSource(new Orders(), "orders")
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Order>forMonotonousTimestamps()
                        .withTimestampAssigner((o, previous) -> o.ts))
                .keyBy(o -> o.customer)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10)))
                .process(new OrderTotals())
                .addSink(sinks.sink("totals")));
        assertThat((List<Object>) r.tidemark().get("totals")).containsExactlyInAnyOrder(
                "ann 0 cents=120 rush=0", "bob 0 cents=250 rush=3", "ann 10 cents=70 rush=2", "bob 10 cents=5 rush=0");
        assertThat((List<Object>) r.flink().get("totals")).containsExactlyInAnyOrderElementsOf((List<Object>) r.tidemark().get("totals"));
    }

    static final class Cents implements MapFunction<Order, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long map(Order o) {
            return o.cents;
        }
    }

    private static List<org.apache.flink.api.dag.Transformation<?>> flinkNodes(
            org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink) {
        List<org.apache.flink.api.dag.Transformation<?>> nodes = new java.util.ArrayList<>();
        java.util.ArrayDeque<org.apache.flink.api.dag.Transformation<?>> todo = new java.util.ArrayDeque<>(flink.getTransformations());
        while (!todo.isEmpty()) {
            org.apache.flink.api.dag.Transformation<?> t = todo.pop();
            nodes.add(t);
            todo.addAll(t.getInputs());
        }
        return nodes;
    }

    private static org.apache.flink.api.common.typeinfo.TypeInformation<?> typeOf(
            List<org.apache.flink.api.dag.Transformation<?>> nodes, String name) {
        return nodes.stream().filter(t -> t.getName().equals(name)).findFirst().orElseThrow().getOutputType();
    }

    @Test
    void operatorsDeclaringTheirOutputClassShipItTyped() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.addSource(new Orders(), "orders")
                .map(new Cents()).name("cents")
                .map(c -> c).name("lambda")
                .print();
        env.addSource(new Orders(), "orders 2")
                .keyBy(o -> o.customer)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(10)))
                .process(new OrderTotals()).name("totals")
                .print();
        org.apache.flink.streaming.api.environment.StreamExecutionEnvironment flink =
                org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        FlinkTranslator.translate(env, flink);

        List<org.apache.flink.api.dag.Transformation<?>> nodes = flinkNodes(flink);
        assertThat(typeOf(nodes, "cents")).isEqualTo(org.apache.flink.api.common.typeinfo.Types.LONG);
        assertThat(typeOf(nodes, "totals")).isEqualTo(org.apache.flink.api.common.typeinfo.Types.STRING);
        assertThat(typeOf(nodes, "lambda").getTypeClass()).isEqualTo(Object.class); // a lambda's output is not declared
    }

    /** The operator settings the program made reach Flink's stream graph as Flink's own settings. */
    @Test
    void uidsDescriptionsSlotSharingAndChainingReachFlink() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSequence(1, 10).name("numbers").uid("numbers-uid")
                .map(x -> x).name("reporter").setDescription("reports its subtask").disableChaining()
                .filter(x -> x > 1).name("filter").setUidHash("0123456789abcdef0123456789abcdef").startNewChain()
                .slotSharingGroup("side")
                .print().name("out").uid("out-uid").setDescription("printed").disableChaining();
        var flink = org.apache.flink.streaming.api.environment.StreamExecutionEnvironment.getExecutionEnvironment();
        FlinkTranslator.translate(env, flink);
        java.util.Map<String, org.apache.flink.streaming.api.graph.StreamNode> nodes = new java.util.HashMap<>();
        for (var node : flink.getStreamGraph().getStreamNodes()) {
            nodes.put(node.getOperatorName().replace("Source: ", "").replace("Sink: ", ""), node);
        }
        assertThat(nodes.get("numbers").getTransformationUID()).isEqualTo("numbers-uid");
        assertThat(nodes.get("reporter").getOperatorDescription()).isEqualTo("reports its subtask");
        assertThat(nodes.get("reporter").getOperatorFactory().getChainingStrategy())
                .isEqualTo(org.apache.flink.streaming.api.operators.ChainingStrategy.NEVER);
        assertThat(nodes.get("filter").getUserHash()).isEqualTo("0123456789abcdef0123456789abcdef");
        assertThat(nodes.get("filter").getOperatorFactory().getChainingStrategy())
                .isEqualTo(org.apache.flink.streaming.api.operators.ChainingStrategy.HEAD);
        assertThat(nodes.get("filter").getSlotSharingGroup()).isEqualTo("side");
        assertThat(nodes.get("out").getTransformationUID()).isEqualTo("out-uid");
        assertThat(nodes.get("out").getOperatorDescription()).isEqualTo("printed");
        assertThat(nodes.get("out").getOperatorFactory().getChainingStrategy())
                .isEqualTo(org.apache.flink.streaming.api.operators.ChainingStrategy.NEVER);
    }
}
