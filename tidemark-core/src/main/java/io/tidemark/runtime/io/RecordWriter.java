package io.tidemark.runtime.io;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.operators.Input;
import io.tidemark.runtime.state.KeyGroupRangeAssignment;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.streaming.api.transformations.PartitionTransformation.Partitioning;

/**
 * One upstream subtask's side of an exchange: partitions records over the downstream subtasks'
 * gates, batching them; control items (watermarks, status, end of input) go to every channel, in
 * order with the records. Plugged into a chain as the consumer of an operator's (main or side)
 * output.
 *
 * <p>Records are copied into new wrappers when buffered (the upstream chain re-uses its wrapper); the
 * value itself is not copied. A batch is handed over when full, at end of input, and when the owning
 * task flushes ({@link #flush}): an input task before it waits for input, a source task every few
 * milliseconds.
 */
public final class RecordWriter<T> implements Input<T> {

    private final InputGate[] gates;
    private final int channelIndex;
    private final ChannelSelector selector;
    private final Batch[] pending;
    private int pendingBatches;
    private Runnable onPending = () -> {};

    /**
     * @param gates the downstream subtasks' gates
     * @param channelIndex this upstream subtask's channel number in each gate (its subtask index)
     */
    public RecordWriter(InputGate[] gates, int channelIndex, Partitioning partitioning, KeySelector<?, ?> keySelector) {
        this(gates, channelIndex, channelIndex, partitioning, keySelector,
                KeyGroupRangeAssignment.computeDefaultMaxParallelism(gates.length));
    }

    /**
     * @param gates the downstream subtasks' gates
     * @param subtask this upstream subtask's index (for forward and round-robin partitioning)
     * @param channelIndex this upstream subtask's channel number in each gate: its subtask index plus the
     *     number of channels of the gate's other inputs before this edge (a union or a second input)
     * @param maxParallelism the downstream operator's maximum parallelism (its key groups, for a keyed exchange)
     */
    @SuppressWarnings("unchecked")
    public RecordWriter(InputGate[] gates, int subtask, int channelIndex, Partitioning partitioning,
            KeySelector<?, ?> keySelector, int maxParallelism) {
        this.gates = gates;
        this.channelIndex = channelIndex;
        this.selector = ChannelSelector.of(partitioning, (KeySelector<Object, ?>) keySelector, subtask, gates.length,
                maxParallelism);
        this.pending = new Batch[gates.length];
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        int c = selector.select(record.getValue());
        if (c >= 0) {
            append(c, record.copy(record.getValue()));
        } else {
            for (int i = 0; i < gates.length; i++) {
                append(i, record.copy(record.getValue()));
            }
        }
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        broadcast(watermark);
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) throws Exception {
        broadcast(status);
    }

    @Override
    public void endInput() throws Exception {
        broadcast(EndOfInput.INSTANCE);
        flush();
    }

    /** Sends checkpoint barrier {@code barrier} on every channel, after everything written so far. */
    public void broadcastBarrier(CheckpointBarrier barrier) throws InterruptedException {
        broadcast(barrier);
    }

    /**
     * Appends a control item to every channel. It rides in the batch with the records around it (a
     * watermark after every record must not cost a hand-over each); the task's flush policy bounds
     * how long it waits.
     */
    private void broadcast(Object item) throws InterruptedException {
        for (int i = 0; i < gates.length; i++) {
            append(i, item);
        }
    }

    /** Called when this writer goes from nothing pending to something pending (to schedule a flush). */
    public void setOnPending(Runnable onPending) {
        this.onPending = onPending;
    }

    /** Whether a partly filled batch waits to be handed over. */
    public boolean hasPending() {
        return pendingBatches > 0;
    }

    private void append(int c, Object item) throws InterruptedException {
        Batch b = pending[c];
        if (b == null) {
            b = new Batch(channelIndex);
            pending[c] = b;
            if (pendingBatches++ == 0) {
                onPending.run();
            }
        }
        b.items[b.size++] = item;
        if (b.isFull()) {
            send(c);
        }
    }

    private void send(int c) throws InterruptedException {
        Batch b = pending[c];
        if (b != null && b.size > 0) {
            pending[c] = null;
            pendingBatches--;
            gates[c].put(b);
        }
    }

    /** Hands over every partly filled batch. */
    public void flush() throws InterruptedException {
        for (int i = 0; i < gates.length; i++) {
            send(i);
        }
    }
}
