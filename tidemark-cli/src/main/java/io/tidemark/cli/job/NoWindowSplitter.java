package io.tidemark.cli.job;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.io.Event;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;

/**
 * Sends records whose event time falls into no window (sliding windows whose slide is larger than
 * their size) to a side output, so that they become dead letters rather than vanish in the window
 * operator; passes every other record on. After the source, so those records still move the
 * watermark, as they do in Flink.
 */
final class NoWindowSplitter extends ProcessFunction<Event, Event> {

    private static final long serialVersionUID = 1L;

    static final OutputTag<Event> TAG = new OutputTag<>("no-window") {};

    private final JobConfig.Window window;

    NoWindowSplitter(JobConfig.Window window) {
        this.window = window;
    }

    @Override
    public void processElement(Event e, Context ctx, Collector<Event> out) {
        if (window.inNoWindow(e.timestamp())) {
            ctx.output(TAG, e);
        } else {
            out.collect(e);
        }
    }
}
