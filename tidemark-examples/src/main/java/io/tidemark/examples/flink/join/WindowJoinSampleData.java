package io.tidemark.examples.flink.join;

import io.tidemark.api.common.eventtime.SerializableTimestampAssigner;
import io.tidemark.api.java.tuple.Tuple2;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Sample data for the {@link WindowJoin} example. */
public class WindowJoinSampleData {

    static final String[] NAMES = {"tom", "jerry", "alice", "bob", "john", "grace"};
    static final int GRADE_COUNT = 5;
    static final int SALARY_MAX = 10000;

    /** {@code count} (name, grade) pairs, the same every time. */
    public static List<Tuple2<String, Integer>> grades(int count) {
        Random rnd = new Random(42);
        List<Tuple2<String, Integer>> grades = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            grades.add(Tuple2.of(NAMES[rnd.nextInt(NAMES.length)], rnd.nextInt(GRADE_COUNT) + 1));
        }
        return grades;
    }

    /** {@code count} (name, salary) pairs, the same every time. */
    public static List<Tuple2<String, Integer>> salaries(int count) {
        Random rnd = new Random(7);
        List<Tuple2<String, Integer>> salaries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            salaries.add(Tuple2.of(NAMES[rnd.nextInt(NAMES.length)], rnd.nextInt(SALARY_MAX) + 1));
        }
        return salaries;
    }

    /** Timestamps records as arriving at {@code rate} per second from time 0: the n-th at n * 1000 / rate ms. */
    public static class AtRate<T> implements SerializableTimestampAssigner<T> {
        private final long rate;
        private long count;

        public AtRate(long rate) {
            this.rate = rate;
        }

        @Override
        public long extractTimestamp(T element, long recordTimestamp) {
            return count++ * 1000 / rate;
        }
    }
}
