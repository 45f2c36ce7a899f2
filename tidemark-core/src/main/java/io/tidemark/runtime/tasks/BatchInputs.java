package io.tidemark.runtime.tasks;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.batch.HeldInput;
import io.tidemark.runtime.operators.AbstractTwoInputOperator;
import io.tidemark.runtime.operators.CoBroadcastWithKeyedOperator;
import io.tidemark.runtime.operators.CoBroadcastWithNonKeyedOperator;
import io.tidemark.runtime.operators.Input;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import java.util.List;

/**
 * The two inputs of a two-input operator at the head of a task. In BATCH mode (see
 * {@link io.tidemark.runtime.batch.BatchInput}) each input drops watermarks and idleness; once both
 * inputs ended, the operator's pending processing-time timers fire, then the final watermark reaches
 * it; and a broadcast operator's non-broadcast input is held until its broadcast input ended, so every
 * broadcast element comes first (Flink's order in BATCH). Records of two keyed inputs come as they
 * arrive, not key by key.
 */
final class BatchInputs {

    private BatchInputs() {}

    static List<Input<?>> twoInputs(AbstractTwoInputOperator<?, ?, ?> operator, boolean batch) {
        Input<Object> first = new TwoInputSide(operator, 1);
        Input<Object> second = new TwoInputSide(operator, 2);
        if (!batch) {
            return List.of(first, second);
        }
        int[] ended = {0};
        Input<Object> one = new Side(first, operator, ended);
        Input<Object> two = new Side(second, operator, ended);
        if (operator instanceof CoBroadcastWithKeyedOperator || operator instanceof CoBroadcastWithNonKeyedOperator) {
            HeldInput<Object> held = new HeldInput<>(one);
            return List.of(held, HeldInput.releasingAtEnd(two, held));
        }
        return List.of(one, two);
    }

    /** One input in BATCH mode: only the final watermark passes, after the last input's end fired the timers. */
    private record Side(Input<Object> delegate, AbstractTwoInputOperator<?, ?, ?> operator, int[] ended) implements Input<Object> {

        @Override
        public void processElement(StreamRecord<Object> record) throws Exception {
            delegate.processElement(record);
        }

        @Override
        public void processWatermark(Watermark watermark) {
            // only the end of input counts: see endInput
        }

        @Override
        public void processWatermarkStatus(WatermarkStatus status) {
            // no idleness in BATCH
        }

        @Override
        public void endInput() throws Exception {
            if (++ended[0] == 2 && operator.getTimerService() != null) {
                operator.getTimerService().fireAllProcessingTimeTimers();
            }
            delegate.processWatermark(Watermark.MAX_WATERMARK);
            delegate.endInput();
        }
    }
}
