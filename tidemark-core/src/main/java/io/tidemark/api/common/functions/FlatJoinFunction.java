package io.tidemark.api.common.functions;

import io.tidemark.util.Collector;

/** Joins a pair of elements of two streams that share a key (and a window): any number of results per pair. */
@FunctionalInterface
public interface FlatJoinFunction<IN1, IN2, OUT> extends Function {
    void join(IN1 first, IN2 second, Collector<OUT> out) throws Exception;
}
