package io.tidemark.examples;

import java.time.Instant;

/** seeds/000 §4.2: an order event; {@code eventTime} is when it happened, in epoch milliseconds. */
public class OrderEvent {
    public String orderId;
    public String userId;
    public long eventTime; // 事件发生时间，毫秒
    public double amount;

    // 构造函数、getter/setter 省略 (the seed leaves them out; these are the obvious ones)
    public OrderEvent() {}

    public OrderEvent(String orderId, String userId, long eventTime, double amount) {
        this.orderId = orderId;
        this.userId = userId;
        this.eventTime = eventTime;
        this.amount = amount;
    }

    public String getOrderId() {
        return orderId;
    }

    public void setOrderId(String orderId) {
        this.orderId = orderId;
    }

    public String getUserId() {
        return userId;
    }

    public void setUserId(String userId) {
        this.userId = userId;
    }

    public long getEventTime() {
        return eventTime;
    }

    public void setEventTime(long eventTime) {
        this.eventTime = eventTime;
    }

    public double getAmount() {
        return amount;
    }

    public void setAmount(double amount) {
        this.amount = amount;
    }

    @Override
    public String toString() {
        return String.format("OrderEvent{%s user=%s eventTime=%s amount=%.2f}", orderId, userId,
                Instant.ofEpochMilli(eventTime), amount);
    }
}
