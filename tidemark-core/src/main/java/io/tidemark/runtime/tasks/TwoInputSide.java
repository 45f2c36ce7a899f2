package io.tidemark.runtime.tasks;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.operators.AbstractTwoInputOperator;
import io.tidemark.runtime.operators.Input;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;

/**
 * One input (1 or 2) of a two-input operator at the head of a task, seen as a plain {@link Input}: counts
 * the record, sets that input's key, calls the operator's method for that input, and turns a failure into
 * an {@link OperatorException} naming the operator and subtask.
 */
final class TwoInputSide implements Input<Object> {

    private final AbstractTwoInputOperator<Object, Object, ?> operator;
    private final boolean first;
    private final String name;
    private final int subtask;

    @SuppressWarnings("unchecked")
    TwoInputSide(AbstractTwoInputOperator<?, ?, ?> operator, int input) {
        if (input != 1 && input != 2) {
            throw new IllegalArgumentException("input must be 1 or 2: " + input);
        }
        this.operator = (AbstractTwoInputOperator<Object, Object, ?>) operator;
        this.first = input == 1;
        this.name = operator.getContext().getOperatorName();
        this.subtask = operator.getContext().getSubtaskIndex();
    }

    @Override
    public void processElement(StreamRecord<Object> record) {
        try {
            if (first) {
                operator.setKeyContextElement1(record);
                operator.processElement1(record);
            } else {
                operator.setKeyContextElement2(record);
                operator.processElement2(record);
            }
        } catch (Throwable t) {
            throw OperatorException.wrap(name, subtask, t);
        }
    }

    @Override
    public void processWatermark(Watermark watermark) {
        try {
            if (first) {
                operator.processWatermark1(watermark);
            } else {
                operator.processWatermark2(watermark);
            }
        } catch (Throwable t) {
            throw OperatorException.wrap(name, subtask, t);
        }
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) {
        try {
            if (first) {
                operator.processWatermarkStatus1(status);
            } else {
                operator.processWatermarkStatus2(status);
            }
        } catch (Throwable t) {
            throw OperatorException.wrap(name, subtask, t);
        }
    }

    @Override
    public void endInput() {
        try {
            operator.endInput(first ? 1 : 2);
        } catch (Throwable t) {
            throw OperatorException.wrap(name, subtask, t);
        }
    }
}
