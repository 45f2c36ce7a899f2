package io.tidemark.connector.kafka.source.reader;

import io.tidemark.util.Collector;
import java.util.Arrays;

/**
 * The records one partition's share of a poll deserializes to, each with its Kafka timestamp, kept
 * until they are emitted together under the checkpoint lock. Grows to the largest batch (at most
 * {@code max.poll.records} times what one Kafka record deserializes to) and is reused.
 */
final class RecordBuffer<T> implements Collector<T> {

    private Object[] elements = new Object[64];
    private long[] timestamps = new long[64];
    private int size;
    /** The timestamp of the Kafka record being deserialized. */
    long currentTimestamp;

    @Override
    public void collect(T record) {
        if (size == elements.length) {
            elements = Arrays.copyOf(elements, size * 2);
            timestamps = Arrays.copyOf(timestamps, size * 2);
        }
        elements[size] = record;
        timestamps[size] = currentTimestamp;
        size++;
    }

    int size() {
        return size;
    }

    @SuppressWarnings("unchecked")
    T element(int i) {
        return (T) elements[i];
    }

    long timestamp(int i) {
        return timestamps[i];
    }

    /** Forgets the records (and drops the references, so they can be collected). */
    void clear() {
        Arrays.fill(elements, 0, size, null);
        size = 0;
    }
}
