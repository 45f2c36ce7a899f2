package io.tidemark.runtime.tasks;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.Input;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;

/**
 * The entry of an operator inside a chain: counts the record, sets the key, calls the operator, and
 * turns a failure into an {@link OperatorException} that names the operator and subtask.
 */
final class ChainedInput<IN> implements Input<IN> {

    private final AbstractStreamOperator<IN, ?> operator;
    private final String name;
    private final int subtask;

    ChainedInput(AbstractStreamOperator<IN, ?> operator) {
        this.operator = operator;
        this.name = operator.getContext().getOperatorName();
        this.subtask = operator.getContext().getSubtaskIndex();
    }

    @Override
    public void processElement(StreamRecord<IN> record) {
        try {
            operator.setKeyContextElement(record);
            operator.processElement(record);
        } catch (Throwable t) {
            throw OperatorException.wrap(name, subtask, t);
        }
    }

    @Override
    public void processWatermark(Watermark watermark) {
        try {
            operator.processWatermark(watermark);
        } catch (Throwable t) {
            throw OperatorException.wrap(name, subtask, t);
        }
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) {
        try {
            operator.processWatermarkStatus(status);
        } catch (Throwable t) {
            throw OperatorException.wrap(name, subtask, t);
        }
    }

    @Override
    public void endInput() {
        try {
            operator.endInput();
        } catch (Throwable t) {
            throw OperatorException.wrap(name, subtask, t);
        }
    }
}
