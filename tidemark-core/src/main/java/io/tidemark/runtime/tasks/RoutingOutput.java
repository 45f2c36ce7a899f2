package io.tidemark.runtime.tasks;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.operators.Input;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.util.OutputTag;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An operator's output inside a chain: hands records by reference to the next operator. With
 * several consumers each gets its own record wrapper (the value itself is shared, never copied),
 * because operators may re-use the wrapper. Side-output records go to the consumers of their tag;
 * control items (watermarks, status, end of input) go to every consumer, main and side.
 */
final class RoutingOutput<T> implements Output<T> {

    private final List<Input<T>> main = new ArrayList<>();
    private final Map<OutputTag<?>, List<Input<Object>>> side = new HashMap<>();
    private final List<Input<?>> all = new ArrayList<>();
    private Input<T> single;

    void addMain(Input<T> input) {
        main.add(input);
        all.add(input);
        single = main.size() == 1 ? input : null;
    }

    @SuppressWarnings("unchecked")
    void addSide(OutputTag<?> tag, Input<?> input) {
        side.computeIfAbsent(tag, t -> new ArrayList<>()).add((Input<Object>) input);
        all.add(input);
    }

    @Override
    public void collect(StreamRecord<T> record) {
        try {
            if (single != null) {
                single.processElement(record);
                return;
            }
            for (int i = 0, n = main.size(); i < n; i++) {
                main.get(i).processElement(i == n - 1 ? record : record.copy(record.getValue()));
            }
        } catch (Exception e) {
            throw Exceptions.unchecked(e);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {
        List<Input<Object>> consumers = side.get(tag);
        if (consumers == null) {
            return;
        }
        try {
            for (int i = 0, n = consumers.size(); i < n; i++) {
                StreamRecord<Object> r = (StreamRecord<Object>) (i == n - 1 ? record : record.copy(record.getValue()));
                consumers.get(i).processElement(r);
            }
        } catch (Exception e) {
            throw Exceptions.unchecked(e);
        }
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        try {
            for (Input<?> in : all) {
                in.processWatermark(watermark);
            }
        } catch (Exception e) {
            throw Exceptions.unchecked(e);
        }
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        try {
            for (Input<?> in : all) {
                in.processWatermarkStatus(status);
            }
        } catch (Exception e) {
            throw Exceptions.unchecked(e);
        }
    }

    @Override
    public void endInput() throws Exception {
        for (Input<?> in : all) {
            in.endInput();
        }
    }
}
