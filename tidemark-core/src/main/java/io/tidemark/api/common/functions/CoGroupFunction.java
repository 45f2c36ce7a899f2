package io.tidemark.api.common.functions;

import io.tidemark.util.Collector;

/** Evaluates the elements of two streams that share a key and a window, together (either side may be empty). */
@FunctionalInterface
public interface CoGroupFunction<IN1, IN2, OUT> extends Function {
    void coGroup(Iterable<IN1> first, Iterable<IN2> second, Collector<OUT> out) throws Exception;
}
