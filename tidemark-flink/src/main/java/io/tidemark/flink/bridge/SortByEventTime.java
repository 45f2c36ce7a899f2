package io.tidemark.flink.bridge;

import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.operators.sort.EventTimeSortBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.OutputTag;

/**
 * Tidemark's {@code sortByEventTime} reorder buffer on Flink: the same {@link EventTimeSortBuffer}
 * as the embedded engine, as a Flink operator; the runner puts Flink's {@code assignTimestampsAndWatermarks}
 * (with the Tidemark strategy, monotonous for {@code sortByEventTime}) right after it, which makes the
 * watermarks as Tidemark's operator does. Upstream watermarks stop here, except the final one, which
 * first empties the buffer. Records older than the last one out go to the late side output, or are
 * dropped. The buffer is in operator state ({@value #STATE}: one entry per subtask, the snapshot packed);
 * rescaled, each subtask starts empty.
 */
public final class SortByEventTime extends AbstractStreamOperator<Object> implements OneInputStreamOperator<Object, Object> {

    private static final long serialVersionUID = 1L;
    static final String STATE = "tidemark-sort-buffer";

    private final long bufferMillis;
    /** The late side output, or null: late records are dropped. */
    private final OutputTag<Object> late;
    private transient EventTimeSortBuffer<Object> buffer;
    private transient ListState<byte[]> state;
    private transient StreamRecord<Object> out;

    public SortByEventTime(long bufferMillis, OutputTag<Object> late) {
        this.bufferMillis = bufferMillis;
        this.late = late;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        buffer = new EventTimeSortBuffer<>(bufferMillis);
        out = new StreamRecord<>(null);
        state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>(STATE, byte[].class));
        List<byte[]> kept = new ArrayList<>();
        state.get().forEach(kept::add);
        if (kept.size() == 1) {
            byte[] b = kept.get(0);
            buffer.restore(StateInput.unpack(b, 0, b.length));
        }
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        StateOutput o = new StateOutput();
        buffer.snapshot(o);
        state.update(List.of(o.toPackedBytes()));
    }

    @Override
    public void processElement(StreamRecord<Object> element) {
        if (!element.hasTimestamp()) {
            throw new IllegalStateException("sortByEventTime needs records with event-time timestamps "
                    + "(assignTimestampsAndWatermarks or a source with a watermark strategy): " + element.getValue());
        }
        buffer.offer(element.getValue(), element.getTimestamp(), this::release, this::late);
    }

    private void release(Object value, long timestamp) {
        output.collect(out.replace(value, timestamp));
    }

    private void late(Object value, long timestamp) {
        if (late != null) {
            output.collect(late, new StreamRecord<>(value, timestamp));
        }
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        if (mark.getTimestamp() == Long.MAX_VALUE) {
            buffer.flush(this::release);
            super.processWatermark(mark);
        }
    }
}
