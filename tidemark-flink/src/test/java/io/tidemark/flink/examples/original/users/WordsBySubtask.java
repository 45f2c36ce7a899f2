package io.tidemark.flink.examples.original.users;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

/**
 * A Flink 2 user's word count at parallelism 4, ported by its imports: each printed line's prefix
 * ({@code counts:3> }) names the subtask its key went to, so the lines are the same as Flink's only if
 * keys go to the same subtasks. A second keyed stage, at parallelism 3, prints each word length once
 * from the subtask that owns it. An argument sets the maximum parallelism (the number of key groups);
 * without one it is Flink's default (128 at these parallelisms).
 */
public class WordsBySubtask {

    static final String[] LINES = {
        "To be, or not to be,--that is the question:--",
        "Whether 'tis nobler in the mind to suffer",
        "The slings and arrows of outrageous fortune",
        "Or to take arms against a sea of troubles,",
        "And by opposing end them?--To die,--to sleep,--",
        "No more; and by a sleep to say we end",
        "The heart-ache, and the thousand natural shocks",
        "That flesh is heir to,--'tis a consummation",
    };

    /** Lower-case words, each with a count of 1. */
    static final class Tokenizer implements FlatMapFunction<String, Tuple2<String, Integer>> {
        @Override
        public void flatMap(String value, Collector<Tuple2<String, Integer>> out) {
            for (String token : value.toLowerCase().split("\\W+")) {
                if (token.length() > 0) {
                    out.collect(new Tuple2<>(token, 1));
                }
            }
        }
    }

    /** Emits each length the first time it is seen. */
    static final class FirstOfLength extends KeyedProcessFunction<Integer, Tuple2<String, Integer>, String> {
        private transient ValueState<Boolean> seen;

        @Override
        public void open(OpenContext openContext) {
            seen = getRuntimeContext().getState(new ValueStateDescriptor<>("seen", Types.BOOLEAN));
        }

        @Override
        public void processElement(Tuple2<String, Integer> value, Context ctx, Collector<String> out) throws Exception {
            if (seen.value() == null) {
                seen.update(true);
                out.collect("length " + ctx.getCurrentKey());
            }
        }
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(4);
        if (args.length > 0) {
            env.getConfig().setMaxParallelism(Integer.parseInt(args[0]));
        }
        DataStream<Tuple2<String, Integer>> words = env.fromData(LINES).name("lines").flatMap(new Tokenizer()).name("tokenizer");
        words.keyBy(value -> value.f0).sum(1).name("counter").print("counts");
        words.keyBy(value -> value.f0.length()).process(new FirstOfLength()).name("lengths").setParallelism(3).print("lengths")
                .setParallelism(3);
        env.execute("words by subtask");
    }
}
