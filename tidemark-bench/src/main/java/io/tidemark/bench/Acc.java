package io.tidemark.bench;

/** A count-and-sum accumulator (a Flink POJO). */
public class Acc {
    public long count;
    public long sum;

    public Acc() {}
}
