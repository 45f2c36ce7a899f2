package io.tidemark.bench;

/**
 * One window result, the same shape for every engine: key, window start and end, and two numbers
 * (count and sum, or bidder and price for Nexmark q7). A Flink POJO.
 */
public class Result {
    public long key;
    public long start;
    public long end;
    public long count;
    public long sum;

    public Result() {}

    public Result(long key, long start, long end, long count, long sum) {
        this.key = key;
        this.start = start;
        this.end = end;
        this.count = count;
        this.sum = sum;
    }

    @Override
    public String toString() {
        return "Result{key=" + key + ", [" + start + ", " + end + "), count=" + count + ", sum=" + sum + "}";
    }
}
