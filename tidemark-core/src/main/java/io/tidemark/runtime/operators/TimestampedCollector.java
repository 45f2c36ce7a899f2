package io.tidemark.runtime.operators;

import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.util.Collector;

/** A {@link Collector} that emits records with a given timestamp (or none) into an {@link Output}. */
public final class TimestampedCollector<T> implements Collector<T> {

    private final Output<T> output;
    private long timestamp;
    private boolean hasTimestamp;

    public TimestampedCollector(Output<T> output) {
        this.output = output;
    }

    public void setTimestamp(long timestamp) {
        this.timestamp = timestamp;
        this.hasTimestamp = true;
    }

    public void setTimestamp(StreamRecord<?> from) {
        if (from.hasTimestamp()) {
            setTimestamp(from.getTimestamp());
        } else {
            eraseTimestamp();
        }
    }

    public void eraseTimestamp() {
        this.hasTimestamp = false;
    }

    @Override
    public void collect(T record) {
        output.collect(hasTimestamp ? new StreamRecord<>(record, timestamp) : new StreamRecord<>(record));
    }
}
