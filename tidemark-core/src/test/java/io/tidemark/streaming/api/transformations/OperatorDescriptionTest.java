package io.tidemark.streaming.api.transformations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.triggers.CountTrigger;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The API describes each operator completely: an engine needs nothing but the description. */
class OperatorDescriptionTest {

    static final class Count implements AggregateFunction<String, Long, Long> {
        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(String value, Long acc) {
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

    static final class Label extends ProcessWindowFunction<Long, String, String, TimeWindow> {
        @Override
        public void process(String key, Context context, Iterable<Long> elements, Collector<String> out) {
            out.collect(key + elements.iterator().next());
        }
    }

    @Test
    void aWindowDescriptionCarriesEverythingTheOperatorNeeds() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<String> words = env.fromElements("a", "b");
        KeySelector<String, String> key = s -> s;
        OutputTag<String> late = new OutputTag<>("late") {};
        TumblingEventTimeWindows assigner = TumblingEventTimeWindows.of(Duration.ofSeconds(5));
        CountTrigger<TimeWindow> trigger = CountTrigger.of(3);
        Count count = new Count();
        Label label = new Label();
        words.keyBy(key).window(assigner).trigger(trigger).allowedLateness(Duration.ofSeconds(2)).sideOutputLateData(late)
                .aggregate(count, label);

        OneInputTransformation<?, ?> t = (OneInputTransformation<?, ?>) env.getTransformations().get(1);
        OperatorDescription.Window w = (OperatorDescription.Window) t.getDescription();
        assertThat(w.assigner()).isSameAs(assigner);
        assertThat(w.trigger()).isSameAs(trigger);
        assertThat(w.allowedLateness()).isEqualTo(2000);
        assertThat(w.lateDataTag()).isSameAs(late);
        assertThat(w.keySelector()).isSameAs(key);
        assertThat(w.contents()).isEqualTo(new OperatorDescription.Window.Contents.Aggregate(count));
        assertThat(w.function()).isEqualTo(new OperatorDescription.Window.Function.Process(label));
        assertThat(t.getDescription().accept(new Names())).isEqualTo("window");
    }

    @Test
    void aWindowThatKeepsElementsNeedsAFunction() {
        assertThatThrownBy(() -> new OperatorDescription.Window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)),
                CountTrigger.of(1), 0, null, new OperatorDescription.Window.Contents.Elements(),
                new OperatorDescription.Window.Function.PassThrough(), s -> s))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyApiCallHasItsDescription() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromElements(1, 2).map(x -> x).flatMap((Integer x, Collector<Integer> out) -> out.collect(x)).filter(x -> true)
                .keyBy(x -> x).reduce(Integer::sum).print();
        StringBuilder kinds = new StringBuilder();
        for (Transformation<?> t : env.getTransformations()) {
            if (t instanceof OneInputTransformation) {
                kinds.append(((OneInputTransformation<?, ?>) t).getDescription().accept(new Names())).append(' ');
            } else if (t instanceof SourceTransformation) {
                kinds.append(((SourceTransformation<?>) t).getDescription().<String>match(f -> "function", s -> "splits")).append(' ');
            }
        }
        assertThat(kinds.toString().trim()).isEqualTo("function map flatMap filter rollingReduce sink");
    }

    /** The kind of each description, by the visitor's method that handles it. */
    static final class Names implements OperatorDescription.Visitor<String> {
        @Override
        public String map(OperatorDescription.Map d) {
            return "map";
        }

        @Override
        public String flatMap(OperatorDescription.FlatMap d) {
            return "flatMap";
        }

        @Override
        public String filter(OperatorDescription.Filter d) {
            return "filter";
        }

        @Override
        public String process(OperatorDescription.Process d) {
            return "process";
        }

        @Override
        public String keyedProcess(OperatorDescription.KeyedProcess d) {
            return "keyedProcess";
        }

        @Override
        public String rollingReduce(OperatorDescription.RollingReduce d) {
            return "rollingReduce";
        }

        @Override
        public String timestampsAndWatermarks(OperatorDescription.TimestampsAndWatermarks d) {
            return "timestampsAndWatermarks";
        }

        @Override
        public String sink(OperatorDescription.Sink d) {
            return "sink";
        }

        @Override
        public String sinkV2(OperatorDescription.SinkV2 d) {
            return "sinkV2";
        }

        @Override
        public String window(OperatorDescription.Window d) {
            return "window";
        }

        @Override
        public String custom(OperatorDescription.Custom d) {
            return "custom";
        }
    }
}
