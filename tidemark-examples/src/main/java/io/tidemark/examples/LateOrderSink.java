package io.tidemark.examples;

import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.time.Instant;

/**
 * seeds/000 §4.3 {@code lateStream.addSink(new LateOrderSink()); // 落库或告警}: the article does not
 * show it; this one prints each late order with the processing time it arrived at (store or alert
 * here in a real job).
 */
public class LateOrderSink implements SinkFunction<OrderEvent> {

    private static final long serialVersionUID = 1L;

    @Override
    public void invoke(OrderEvent value, Context context) {
        System.out.printf("late    %s user=%-5s eventTime=%s amount=%7.2f arrived=%s watermark=%s -> side output late-orders%n",
                value.orderId, value.userId, Instant.ofEpochMilli(value.eventTime), value.amount,
                Instant.ofEpochMilli(context.currentProcessingTime()), Instant.ofEpochMilli(context.currentWatermark()));
    }
}
