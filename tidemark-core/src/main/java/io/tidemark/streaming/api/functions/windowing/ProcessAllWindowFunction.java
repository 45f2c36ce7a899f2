package io.tidemark.streaming.api.functions.windowing;

import io.tidemark.api.common.functions.AbstractRichFunction;
import io.tidemark.api.common.state.KeyedStateStore;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;

/**
 * Evaluates a window of a non-keyed stream ({@code windowAll(..).process(..)}) with all its elements
 * (or, after {@code aggregate}/{@code reduce}, the one pre-aggregated value) and the window's context.
 */
public abstract class ProcessAllWindowFunction<IN, OUT, W extends Window> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    public abstract void process(Context context, Iterable<IN> elements, Collector<OUT> out) throws Exception;

    /** Called when the window is purged for good; clear per-window state here. */
    public void clear(Context context) throws Exception {}

    /** What a window function can see. */
    public abstract class Context {
        public abstract W window();

        /** State scoped to the current window. */
        public abstract KeyedStateStore windowState();

        /** State across windows. */
        public abstract KeyedStateStore globalState();

        public abstract <X> void output(OutputTag<X> outputTag, X value);

        /** Which firing this is: early, on time or late, and its index (Tidemark only). */
        public abstract Firing firing();
    }
}
