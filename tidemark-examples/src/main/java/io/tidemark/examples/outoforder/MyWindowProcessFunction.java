package io.tidemark.examples.outoforder;

import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import java.time.Instant;

/**
 * seeds/003 §8's {@code MyWindowProcessFunction} (not shown in the article; it turns a window of
 * {@link CustomWatermarkExample.Event}s keyed by {@code data} into a {@code String}): one line per
 * firing with the key, the window and the number of events.
 */
public class MyWindowProcessFunction
        extends ProcessWindowFunction<CustomWatermarkExample.Event, String, String, TimeWindow> {

    private static final long serialVersionUID = 1L;

    @Override
    public void process(String data, Context context, Iterable<CustomWatermarkExample.Event> events, Collector<String> out) {
        int count = 0;
        for (CustomWatermarkExample.Event ignored : events) {
            count++;
        }
        out.collect(data + " [" + Instant.ofEpochMilli(context.window().getStart()) + ", "
                + Instant.ofEpochMilli(context.window().getEnd()) + ") count=" + count);
    }
}
