package io.tidemark.examples.etl;

import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.util.Collector;
import java.time.Instant;

/** For the examples' {@code main}: prints each event with the watermark current when it arrived. */
public class ShowWatermark<T> extends ProcessFunction<T, String> {

    private static final long serialVersionUID = 1L;

    @Override
    public void processElement(T value, Context ctx, Collector<String> out) {
        long wm = ctx.timerService().currentWatermark();
        out.collect(value + "  (watermark " + (wm == Long.MIN_VALUE ? "none yet" : Instant.ofEpochMilli(wm)) + ")");
    }
}
