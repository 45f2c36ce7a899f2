package io.tidemark.streaming.api.functions.windowing;

import io.tidemark.api.common.functions.AbstractRichFunction;
import io.tidemark.streaming.api.windowing.windows.Window;

/** A {@link WindowFunction} with {@code open}/{@code close} and the runtime context (keyed state). */
public abstract class RichWindowFunction<IN, OUT, KEY, W extends Window> extends AbstractRichFunction
        implements WindowFunction<IN, OUT, KEY, W> {

    private static final long serialVersionUID = 1L;
}
