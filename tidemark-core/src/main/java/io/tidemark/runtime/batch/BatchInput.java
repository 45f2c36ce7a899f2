package io.tidemark.runtime.batch;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.Input;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An operator's input in BATCH mode (Flink's batch semantics for bounded inputs): watermarks and
 * idleness from upstream are dropped, and the only watermark the operator sees is the final one
 * ({@code Long.MAX_VALUE}) at the end of its input, so every event-time timer fires once, at the end,
 * and no record is ever late. A keyed operator's records are held until the end of input, then handed
 * to it key by key (keys in the order they first came), each key's records in timestamp order (ties in
 * arrival order), as Flink sorts a keyed input in BATCH; then its pending processing-time timers fire
 * (processing time "jumps to the end of time"), then the final watermark fires its event-time timers.
 * A non-keyed operator gets its records as they come.
 *
 * <p>Memory: a keyed operator holds its whole input (per subtask) until the end of input.
 */
public final class BatchInput<IN> implements Input<IN> {

    private final Input<IN> delegate;
    private final AbstractStreamOperator<IN, ?> operator;
    /** The keyed input, by key, in arrival order; null for a non-keyed operator. */
    private final Map<Object, List<StreamRecord<IN>>> byKey;
    private boolean ended;

    public BatchInput(Input<IN> delegate, AbstractStreamOperator<IN, ?> operator) {
        this.delegate = delegate;
        this.operator = operator;
        this.byKey = operator.isKeyed() ? new LinkedHashMap<>() : null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processElement(StreamRecord<IN> record) throws Exception {
        if (byKey == null) {
            delegate.processElement(record);
            return;
        }
        Object key = ((KeySelector<IN, Object>) operator.getKeySelector()).getKey(record.getValue());
        StreamRecord<IN> copy = record.hasTimestamp() ? new StreamRecord<>(record.getValue(), record.getTimestamp())
                : new StreamRecord<>(record.getValue());
        byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(copy);
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        if (watermark.getTimestamp() == Long.MAX_VALUE) {
            end();
        }
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) {
        // no idleness in BATCH: nothing waits for a watermark
    }

    @Override
    public void endInput() throws Exception {
        end();
        delegate.endInput();
    }

    /** Hands on the held records, fires the processing-time timers, then the final watermark; once. */
    private void end() throws Exception {
        if (ended) {
            return;
        }
        ended = true;
        if (byKey != null) {
            Comparator<StreamRecord<IN>> byTime = Comparator.comparingLong(r -> r.hasTimestamp() ? r.getTimestamp() : Long.MIN_VALUE);
            for (List<StreamRecord<IN>> records : byKey.values()) {
                records.sort(byTime); // stable: ties stay in arrival order
                for (StreamRecord<IN> r : records) {
                    delegate.processElement(r);
                }
            }
            byKey.clear();
            if (operator.getTimerService() != null) {
                operator.getTimerService().fireAllProcessingTimeTimers();
            }
        }
        delegate.processWatermark(Watermark.MAX_WATERMARK);
    }
}
