package io.tidemark.examples.etl;

import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;

/**
 * seeds/001 §4.4.1's {@code MyWindowProcessFunction} (not shown there; its output is a
 * {@code MyEvent} stream): emits, per user and window firing, one {@link MyEvent} whose event time is
 * the window's start and whose value is the sum of the window's values.
 */
public class MyWindowProcessFunction extends ProcessWindowFunction<MyEvent, MyEvent, String, TimeWindow> {

    private static final long serialVersionUID = 1L;

    @Override
    public void process(String userId, Context context, Iterable<MyEvent> events, Collector<MyEvent> out) {
        double sum = 0;
        for (MyEvent e : events) {
            sum += e.getValue();
        }
        out.collect(new MyEvent(userId, context.window().getStart(), sum));
    }
}
