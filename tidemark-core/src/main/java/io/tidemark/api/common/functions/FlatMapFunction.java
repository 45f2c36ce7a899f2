package io.tidemark.api.common.functions;

import io.tidemark.util.Collector;

/** One record in, zero or more records out. */
@FunctionalInterface
public interface FlatMapFunction<T, O> extends Function {
    void flatMap(T value, Collector<O> out) throws Exception;
}
