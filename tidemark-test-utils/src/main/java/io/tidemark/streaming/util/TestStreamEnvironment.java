package io.tidemark.streaming.util;

import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The environment of a test's jobs, as Flink's of the same name: an embedded environment whose default
 * parallelism is the test's ({@link #setAsContext} makes {@code getExecutionEnvironment()} return one).
 */
public class TestStreamEnvironment extends StreamExecutionEnvironment {

    public TestStreamEnvironment(int parallelism) {
        setParallelism(parallelism);
    }

    /** Until {@link #unsetAsContext}, {@code StreamExecutionEnvironment.getExecutionEnvironment()} returns a new one of these. */
    public static void setAsContext(int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1: " + parallelism);
        }
        initializeContextEnvironment(() -> new TestStreamEnvironment(parallelism));
    }

    /** {@code getExecutionEnvironment()} returns plain embedded environments again. */
    public static void unsetAsContext() {
        resetContextEnvironment();
    }
}
