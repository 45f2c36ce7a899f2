package io.tidemark.streaming.util;

import io.tidemark.streaming.api.operators.co.CoBroadcastWithNonKeyedOperator;

/**
 * A test harness for a {@code BroadcastProcessFunction}'s operator, as Flink's of the same name (made by
 * {@link ProcessFunctionTestHarnesses#forBroadcastProcessFunction}).
 *
 * @param <IN1> the non-broadcast side's type
 * @param <IN2> the broadcast side's type
 * @param <OUT> output type
 */
public class BroadcastOperatorTestHarness<IN1, IN2, OUT> extends AbstractBroadcastStreamOperatorTestHarness<IN1, IN2, OUT> {

    public BroadcastOperatorTestHarness(CoBroadcastWithNonKeyedOperator<IN1, IN2, OUT> operator, int maxParallelism,
            int parallelism, int subtaskIndex) throws Exception {
        super(TwoInputStreamOperatorTestHarness.engineOperator(operator), maxParallelism, parallelism, subtaskIndex);
    }
}
