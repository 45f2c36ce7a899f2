package io.tidemark.streaming.api.functions.windowing;

import io.tidemark.api.common.functions.Function;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.Collector;

/** Evaluates a window of a non-keyed stream ({@code windowAll(..).apply(..)}), without context. */
@FunctionalInterface
public interface AllWindowFunction<IN, OUT, W extends Window> extends Function {
    void apply(W window, Iterable<IN> values, Collector<OUT> out) throws Exception;
}
