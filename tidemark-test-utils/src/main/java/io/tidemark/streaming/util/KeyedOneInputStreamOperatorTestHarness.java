package io.tidemark.streaming.util;

import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.streaming.api.operators.OneInputStreamOperator;

/**
 * A test harness for a one-input operator on a keyed stream, as Flink's of the same name: each element's
 * key, by {@code keySelector}, is the current key of the operator's keyed state and timers while it is
 * processed. The key's type information is accepted for Flink's signature; the engine needs none.
 *
 * @param <K> key type
 * @param <IN> input type
 * @param <OUT> output type
 */
public class KeyedOneInputStreamOperatorTestHarness<K, IN, OUT> extends OneInputStreamOperatorTestHarness<IN, OUT> {

    public KeyedOneInputStreamOperatorTestHarness(OneInputStreamOperator<IN, OUT> operator, KeySelector<IN, K> keySelector,
            TypeInformation<K> keyType) throws Exception {
        this(operator, keySelector, keyType, 1, 1, 0);
    }

    public KeyedOneInputStreamOperatorTestHarness(OneInputStreamOperator<IN, OUT> operator, KeySelector<IN, K> keySelector,
            TypeInformation<K> keyType, int maxParallelism, int parallelism, int subtaskIndex) throws Exception {
        this(engineOperator(operator), keySelector, keyType, maxParallelism, parallelism, subtaskIndex);
    }

    /** For an operator of the embedded engine itself. */
    public KeyedOneInputStreamOperatorTestHarness(AbstractStreamOperator<IN, OUT> operator, KeySelector<IN, K> keySelector,
            TypeInformation<K> keyType, int maxParallelism, int parallelism, int subtaskIndex) throws Exception {
        super(keyed(operator, keySelector), maxParallelism, parallelism, subtaskIndex);
    }

    private static <IN, OUT> AbstractStreamOperator<IN, OUT> keyed(AbstractStreamOperator<IN, OUT> operator,
            KeySelector<IN, ?> keySelector) {
        operator.setKeySelector(keySelector);
        return operator;
    }

    /** The number of keyed state entries: (key, namespace) pairs with a value, across all states. */
    public int numKeyedStateEntries() {
        return operator.getKeyedStateBackend() == null ? 0 : operator.getKeyedStateBackend().size();
    }
}
