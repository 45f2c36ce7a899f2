package io.tidemark.runtime.operators;

import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.util.Collector;

/** A {@link Collector} that emits records with a given timestamp (or none) into an {@link Output}. */
public final class TimestampedCollector<T> implements Collector<T> {

    private final Output<T> output;
    /** The one record handed on, re-used for every value (operators never keep a record; see RoutingOutput). */
    private final StreamRecord<T> reuse = new StreamRecord<>(null);
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
        StreamRecord<T> r = reuse.replace(record);
        if (hasTimestamp) {
            r.setTimestamp(timestamp);
        } else {
            r.eraseTimestamp();
        }
        output.collect(r);
    }
}
