package io.tidemark.runtime.batch;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.operators.Input;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import java.util.ArrayDeque;
import java.util.Queue;

/**
 * An input held back until {@link #release()}: what arrives before is queued in order and handed on
 * when released, what arrives after passes straight on. In BATCH mode the non-broadcast input of a
 * broadcast operator is held until the broadcast input has ended, so every broadcast element is
 * processed before any other (Flink's order in BATCH). Memory: the held input, until the release.
 */
public final class HeldInput<IN> implements Input<IN> {

    /** One call on the input, replayed on release. */
    private interface Call {
        void replay() throws Exception;
    }

    private final Input<IN> delegate;
    private final Queue<Call> held = new ArrayDeque<>();
    private boolean released;

    public HeldInput(Input<IN> delegate) {
        this.delegate = delegate;
    }

    /** Hands on every queued call, in order; later calls pass straight on. */
    public void release() throws Exception {
        if (released) {
            return;
        }
        released = true;
        Call c;
        while ((c = held.poll()) != null) {
            c.replay();
        }
    }

    /** An input that releases {@code held} when it ends, after passing the end on. */
    public static <T> Input<T> releasingAtEnd(Input<T> input, HeldInput<?> held) {
        return new Input<>() {
            @Override
            public void processElement(StreamRecord<T> record) throws Exception {
                input.processElement(record);
            }

            @Override
            public void processWatermark(Watermark watermark) throws Exception {
                input.processWatermark(watermark);
            }

            @Override
            public void processWatermarkStatus(WatermarkStatus status) throws Exception {
                input.processWatermarkStatus(status);
            }

            @Override
            public void endInput() throws Exception {
                input.endInput();
                held.release();
            }
        };
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        if (released) {
            delegate.processElement(record);
        } else {
            StreamRecord<IN> copy = record.hasTimestamp() ? new StreamRecord<>(record.getValue(), record.getTimestamp())
                    : new StreamRecord<>(record.getValue());
            held.add(() -> delegate.processElement(copy));
        }
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        if (released) {
            delegate.processWatermark(watermark);
        } else {
            held.add(() -> delegate.processWatermark(watermark));
        }
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) throws Exception {
        if (released) {
            delegate.processWatermarkStatus(status);
        } else {
            held.add(() -> delegate.processWatermarkStatus(status));
        }
    }

    @Override
    public void endInput() throws Exception {
        if (released) {
            delegate.endInput();
        } else {
            held.add(delegate::endInput);
        }
    }
}
