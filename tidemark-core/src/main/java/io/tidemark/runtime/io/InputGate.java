package io.tidemark.runtime.io;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The input of one downstream subtask: a bounded queue of batches from all its upstream channels.
 *
 * <p>Bound: {@link #CAPACITY_BATCHES} batches of up to {@link Batch#CAPACITY} items, so at most
 * 8,192 items wait per subtask; a full gate blocks its producers (backpressure). The graph is acyclic
 * and every sink drains, so blocked producers always resume: no deadlock. An empty gate blocks its
 * consumer without spinning.
 */
public final class InputGate {

    /** Batches a gate holds before producers block. */
    public static final int CAPACITY_BATCHES = 32;

    private final ArrayBlockingQueue<Batch> queue = new ArrayBlockingQueue<>(CAPACITY_BATCHES);
    private final int numChannels;

    public InputGate(int numChannels) {
        this.numChannels = numChannels;
    }

    public int getNumChannels() {
        return numChannels;
    }

    void put(Batch batch) throws InterruptedException {
        queue.put(batch);
    }

    /** The next batch, waiting at most {@code timeoutMillis}; null on timeout. */
    public Batch poll(long timeoutMillis) throws InterruptedException {
        if (timeoutMillis <= 0) {
            return queue.poll();
        }
        return queue.poll(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    /** An empty batch: wakes the consumer without giving it anything to process. */
    private static final Batch WAKE_UP = new Batch(0);

    /**
     * Wakes the consumer if it waits on an empty gate (an action arrived in its task's mailbox). A full
     * gate is left as it is: its consumer is busy and looks at its mailbox after the next batch.
     */
    public void wake() {
        queue.offer(WAKE_UP);
    }

    /** Batches waiting (the queue fill metric). */
    public int queued() {
        return queue.size();
    }
}
