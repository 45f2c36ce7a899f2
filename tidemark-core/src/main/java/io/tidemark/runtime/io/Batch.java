package io.tidemark.runtime.io;

/**
 * A run of stream items (records, watermarks, status changes, end of input) sent from one upstream
 * subtask to one downstream subtask. Batching amortizes the queue hand-over over up to
 * {@link #CAPACITY} items.
 */
public final class Batch {

    /** Items per batch. */
    public static final int CAPACITY = 256;

    final int channel;
    final Object[] items;
    int size;

    Batch(int channel) {
        this.channel = channel;
        this.items = new Object[CAPACITY];
    }

    boolean isFull() {
        return size == CAPACITY;
    }

    /** The upstream channel this batch came from. */
    public int channel() {
        return channel;
    }

    public int size() {
        return size;
    }

    public Object get(int i) {
        return items[i];
    }
}
