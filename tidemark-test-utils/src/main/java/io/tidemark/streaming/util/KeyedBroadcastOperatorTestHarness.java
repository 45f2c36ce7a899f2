package io.tidemark.streaming.util;

import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.operators.AbstractTwoInputOperator;
import io.tidemark.streaming.api.operators.co.CoBroadcastWithKeyedOperator;

/**
 * A test harness for a {@code KeyedBroadcastProcessFunction}'s operator, as Flink's of the same name:
 * the non-broadcast side is keyed by {@code keySelector}; the broadcast side has no key.
 *
 * @param <K> key type
 * @param <IN1> the keyed side's type
 * @param <IN2> the broadcast side's type
 * @param <OUT> output type
 */
public class KeyedBroadcastOperatorTestHarness<K, IN1, IN2, OUT>
        extends AbstractBroadcastStreamOperatorTestHarness<IN1, IN2, OUT> {

    public KeyedBroadcastOperatorTestHarness(CoBroadcastWithKeyedOperator<K, IN1, IN2, OUT> operator,
            KeySelector<IN1, K> keySelector, TypeInformation<K> keyType, int maxParallelism, int parallelism,
            int subtaskIndex) throws Exception {
        super(keyed(TwoInputStreamOperatorTestHarness.engineOperator(operator), keySelector), maxParallelism,
                parallelism, subtaskIndex);
    }

    private static <IN1, IN2, OUT> AbstractTwoInputOperator<IN1, IN2, OUT> keyed(
            AbstractTwoInputOperator<IN1, IN2, OUT> operator, KeySelector<IN1, ?> keySelector) {
        operator.setKeySelectors(keySelector, null);
        return operator;
    }
}
