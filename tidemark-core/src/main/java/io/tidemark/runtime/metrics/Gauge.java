package io.tidemark.runtime.metrics;

/** A value that is read when asked for, for instance a watermark. */
public final class Gauge {

    private volatile long value;

    public Gauge(long initial) {
        this.value = initial;
    }

    public void set(long v) {
        value = v;
    }

    public long get() {
        return value;
    }
}
