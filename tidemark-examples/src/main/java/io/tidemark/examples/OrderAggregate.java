package io.tidemark.examples;

import io.tidemark.api.common.functions.AggregateFunction;

/** seeds/000 §4.4, unchanged: incremental aggregation, one {@link OrderStat} accumulator per window. */
public class OrderAggregate implements AggregateFunction<OrderEvent, OrderStat, OrderStat> {
    @Override
    public OrderStat createAccumulator() {
        return new OrderStat(0, 0.0);
    }

    @Override
    public OrderStat add(OrderEvent e, OrderStat acc) {
        acc.count += 1;
        acc.totalAmount += e.amount;
        return acc;
    }

    @Override
    public OrderStat getResult(OrderStat acc) {
        return acc;
    }

    @Override
    public OrderStat merge(OrderStat a, OrderStat b) {
        return new OrderStat(a.count + b.count, a.totalAmount + b.totalAmount);
    }
}
