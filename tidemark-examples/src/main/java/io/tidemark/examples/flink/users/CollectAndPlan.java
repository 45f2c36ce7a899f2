package io.tidemark.examples.flink.users;

import java.util.List;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.util.CloseableIterator;

/**
 * A Flink 2 user's program that prints its plan ({@code getExecutionPlan()}) and reads its results
 * back into the program: all of them ({@code executeAndCollect()}), and the first few of a long job
 * ({@code executeAndCollect(limit)}, which stops the job once they came).
 */
public class CollectAndPlan {

    /** Doubles. */
    static final class Doubled implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            return value * 2;
        }
    }

    /** Even or odd. */
    static final class Parity implements KeySelector<Long, Long> {
        @Override
        public Long getKey(Long value) {
            return value % 4;
        }
    }

    /** Adds. */
    static final class Sum implements ReduceFunction<Long> {
        @Override
        public Long reduce(Long a, Long b) {
            return a + b;
        }
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        DataStream<Long> doubled = env.fromSequence(1, 5).name("numbers").map(new Doubled()).name("double");
        doubled.keyBy(new Parity()).reduce(new Sum()).name("sum").print().name("out").setParallelism(1);
        System.out.println(env.getExecutionPlan());

        // the job runs with the printing sink above and the collecting one
        try (CloseableIterator<Long> results = env.fromSequence(1, 4).map(new Doubled()).executeAndCollect()) {
            while (results.hasNext()) {
                System.out.println("collected " + results.next());
            }
        }
        List<Long> first = env.fromSequence(1, Long.MAX_VALUE).executeAndCollect(3);
        System.out.println("first " + first);
    }
}
