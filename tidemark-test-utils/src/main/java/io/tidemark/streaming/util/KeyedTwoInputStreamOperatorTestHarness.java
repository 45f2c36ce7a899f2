package io.tidemark.streaming.util;

import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.operators.AbstractTwoInputOperator;
import io.tidemark.streaming.api.operators.TwoInputStreamOperator;

/**
 * A test harness for a two-input operator on two keyed streams, as Flink's of the same name: each
 * element's key, by its input's selector, is the current key while it is processed.
 *
 * @param <K> key type
 * @param <IN1> first input's type
 * @param <IN2> second input's type
 * @param <OUT> output type
 */
public class KeyedTwoInputStreamOperatorTestHarness<K, IN1, IN2, OUT> extends TwoInputStreamOperatorTestHarness<IN1, IN2, OUT> {

    public KeyedTwoInputStreamOperatorTestHarness(TwoInputStreamOperator<IN1, IN2, OUT> operator,
            KeySelector<IN1, K> keySelector1, KeySelector<IN2, K> keySelector2, TypeInformation<K> keyType) throws Exception {
        this(operator, keySelector1, keySelector2, keyType, 1, 1, 0);
    }

    public KeyedTwoInputStreamOperatorTestHarness(TwoInputStreamOperator<IN1, IN2, OUT> operator,
            KeySelector<IN1, K> keySelector1, KeySelector<IN2, K> keySelector2, TypeInformation<K> keyType,
            int maxParallelism, int parallelism, int subtaskIndex) throws Exception {
        super(keyed(engineOperator(operator), keySelector1, keySelector2), maxParallelism, parallelism, subtaskIndex);
    }

    private static <IN1, IN2, OUT> AbstractTwoInputOperator<IN1, IN2, OUT> keyed(
            AbstractTwoInputOperator<IN1, IN2, OUT> operator, KeySelector<IN1, ?> keySelector1,
            KeySelector<IN2, ?> keySelector2) {
        operator.setKeySelectors(keySelector1, keySelector2);
        return operator;
    }

    /** The number of keyed state entries: (key, namespace) pairs with a value, across all states. */
    public int numKeyedStateEntries() {
        return operator.getKeyedStateBackend() == null ? 0 : operator.getKeyedStateBackend().size();
    }
}
