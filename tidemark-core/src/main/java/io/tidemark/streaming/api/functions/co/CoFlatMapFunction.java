package io.tidemark.streaming.api.functions.co;

import io.tidemark.api.common.functions.Function;
import io.tidemark.util.Collector;

/**
 * A flatMap over two connected streams: {@link #flatMap1} for each record of the first input,
 * {@link #flatMap2} for each of the second, any number of results each. The two methods never run at
 * the same time, so they may share fields (e.g. rules from one input applied to the other).
 */
public interface CoFlatMapFunction<IN1, IN2, OUT> extends Function {

    void flatMap1(IN1 value, Collector<OUT> out) throws Exception;

    void flatMap2(IN2 value, Collector<OUT> out) throws Exception;
}
