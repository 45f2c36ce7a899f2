package io.tidemark.examples;

/** seeds/000 §4.4: the accumulator and result of {@link OrderAggregate}: order count and total amount. */
public class OrderStat {
    public long count;
    public double totalAmount;

    public OrderStat() {}

    public OrderStat(long count, double totalAmount) {
        this.count = count;
        this.totalAmount = totalAmount;
    }

    @Override
    public String toString() {
        return String.format("OrderStat{count=%d, totalAmount=%.2f}", count, totalAmount);
    }
}
