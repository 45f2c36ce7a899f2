package io.tidemark.streaming.util;

import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.functions.co.BroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.CoProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import io.tidemark.streaming.api.functions.co.KeyedCoProcessFunction;
import io.tidemark.streaming.api.operators.KeyedProcessOperator;
import io.tidemark.streaming.api.operators.ProcessOperator;
import io.tidemark.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import io.tidemark.streaming.api.operators.co.CoBroadcastWithNonKeyedOperator;
import io.tidemark.streaming.api.operators.co.CoProcessOperator;
import io.tidemark.streaming.api.operators.co.KeyedCoProcessOperator;
import java.util.List;

/**
 * Test harnesses for process functions, as Flink's class of the same name: each returns a harness for
 * the function's operator, subtask 0 of 1, already open.
 */
public final class ProcessFunctionTestHarnesses {

    private ProcessFunctionTestHarnesses() {}

    public static <IN, OUT> OneInputStreamOperatorTestHarness<IN, OUT> forProcessFunction(ProcessFunction<IN, OUT> function)
            throws Exception {
        return opened(new OneInputStreamOperatorTestHarness<>(new ProcessOperator<>(function), 1, 1, 0));
    }

    public static <K, IN, OUT> KeyedOneInputStreamOperatorTestHarness<K, IN, OUT> forKeyedProcessFunction(
            KeyedProcessFunction<K, IN, OUT> function, KeySelector<IN, K> keySelector, TypeInformation<K> keyType)
            throws Exception {
        return opened(new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(function), keySelector,
                keyType, 1, 1, 0));
    }

    public static <IN1, IN2, OUT> TwoInputStreamOperatorTestHarness<IN1, IN2, OUT> forCoProcessFunction(
            CoProcessFunction<IN1, IN2, OUT> function) throws Exception {
        return opened(new TwoInputStreamOperatorTestHarness<>(new CoProcessOperator<>(function), 1, 1, 0));
    }

    public static <K, IN1, IN2, OUT> KeyedTwoInputStreamOperatorTestHarness<K, IN1, IN2, OUT> forKeyedCoProcessFunction(
            KeyedCoProcessFunction<K, IN1, IN2, OUT> function, KeySelector<IN1, K> keySelector1,
            KeySelector<IN2, K> keySelector2, TypeInformation<K> keyType) throws Exception {
        return opened(new KeyedTwoInputStreamOperatorTestHarness<>(new KeyedCoProcessOperator<>(function), keySelector1,
                keySelector2, keyType, 1, 1, 0));
    }

    public static <IN1, IN2, OUT> BroadcastOperatorTestHarness<IN1, IN2, OUT> forBroadcastProcessFunction(
            BroadcastProcessFunction<IN1, IN2, OUT> function, MapStateDescriptor<?, ?>... descriptors) throws Exception {
        return opened(new BroadcastOperatorTestHarness<>(
                new CoBroadcastWithNonKeyedOperator<>(function, List.of(descriptors)), 1, 1, 0));
    }

    public static <K, IN1, IN2, OUT> KeyedBroadcastOperatorTestHarness<K, IN1, IN2, OUT> forKeyedBroadcastProcessFunction(
            KeyedBroadcastProcessFunction<K, IN1, IN2, OUT> function, KeySelector<IN1, K> keySelector,
            TypeInformation<K> keyType, MapStateDescriptor<?, ?>... descriptors) throws Exception {
        return opened(new KeyedBroadcastOperatorTestHarness<>(
                new CoBroadcastWithKeyedOperator<>(function, List.of(descriptors)), keySelector, keyType, 1, 1, 0));
    }

    private static <H extends AbstractStreamOperatorTestHarness<?>> H opened(H harness) throws Exception {
        harness.open();
        return harness;
    }
}
