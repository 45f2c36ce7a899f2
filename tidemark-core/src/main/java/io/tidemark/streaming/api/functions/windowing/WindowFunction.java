package io.tidemark.streaming.api.functions.windowing;

import io.tidemark.api.common.functions.Function;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.Collector;

/** The older, context-free window function ({@code apply}). */
@FunctionalInterface
public interface WindowFunction<IN, OUT, KEY, W extends Window> extends Function {
    void apply(KEY key, W window, Iterable<IN> input, Collector<OUT> out) throws Exception;
}
