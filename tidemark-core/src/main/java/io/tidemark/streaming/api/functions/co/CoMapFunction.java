package io.tidemark.streaming.api.functions.co;

import io.tidemark.api.common.functions.Function;

/**
 * A map over two connected streams: {@link #map1} for each record of the first input, {@link #map2}
 * for each of the second, one result each. The two methods never run at the same time (one thread
 * per subtask), so they may share fields.
 */
public interface CoMapFunction<IN1, IN2, OUT> extends Function {

    OUT map1(IN1 value) throws Exception;

    OUT map2(IN2 value) throws Exception;
}
