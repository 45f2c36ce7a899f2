package io.tidemark.runtime.operators;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.functions.Function;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.state.BroadcastStates;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.timers.Timer;
import io.tidemark.streaming.api.TimeDomain;
import io.tidemark.streaming.api.TimerService;
import io.tidemark.util.OutputTag;

/**
 * Base of the two-input operators ({@code connect}): what {@link AbstractStreamOperator} gives a
 * one-input operator (metrics, keyed state and timers, the function's life cycle, the watermark that
 * drives event-time timers), with the two inputs combined.
 *
 * <p>Design: each input has its own key selector (either may be absent: a broadcast input is never
 * keyed); the keyed state and timers are shared by both inputs. Each input's watermark and idle status
 * arrive already combined over that input's channels; {@link CombinedWatermark} combines the two with
 * Flink's rules, and the result goes through the base class's watermark path (timers fire, the
 * watermark is forwarded). The operator ends when both inputs have ended. The one-input entry
 * {@link #processElement} is not used.
 */
public abstract class AbstractTwoInputOperator<IN1, IN2, OUT> extends AbstractStreamOperator<Object, OUT>
        implements TwoInputStreamOperator<IN1, IN2, OUT> {

    private final Function function;
    private final CombinedWatermark combined = new CombinedWatermark(2);
    private final boolean[] ended = new boolean[2];
    private KeySelector<IN1, ?> keySelector1;
    private KeySelector<IN2, ?> keySelector2;
    /** Emits with the current record's (or timer's) timestamp. */
    protected TimestampedCollector<OUT> collector;
    /** The user-facing timer service (keyed state and timers only when keyed). */
    protected TimerService timerServiceView;

    protected AbstractTwoInputOperator(Function function) {
        this.function = function;
    }

    /** Keys the inputs; call before {@code setup}. Either may be null (that input is not keyed). */
    @SuppressWarnings("unchecked")
    public void setKeySelectors(KeySelector<IN1, ?> keySelector1, KeySelector<IN2, ?> keySelector2) {
        this.keySelector1 = keySelector1;
        this.keySelector2 = keySelector2;
        KeySelector<?, ?> any = keySelector1 != null ? keySelector1 : keySelector2;
        setKeySelector((KeySelector<Object, ?>) any); // keyed state and timers when either input is keyed
    }

    @Override
    protected Function userFunction() {
        return function;
    }

    @Override
    public void open() throws Exception {
        super.open();
        collector = new TimestampedCollector<>(output);
        timerServiceView = new TimerServiceImpl(this);
    }

    @Override
    public final void setKeyContextElement1(StreamRecord<IN1> record) throws Exception {
        metrics.numRecordsIn.inc();
        if (keySelector1 != null) {
            setCurrentKey(keySelector1.getKey(record.getValue()), record);
        }
    }

    @Override
    public final void setKeyContextElement2(StreamRecord<IN2> record) throws Exception {
        metrics.numRecordsIn.inc();
        if (keySelector2 != null) {
            setCurrentKey(keySelector2.getKey(record.getValue()), record);
        }
    }

    private void setCurrentKey(Object key, StreamRecord<?> record) {
        if (key == null) {
            throw new NullPointerException("the key selector returned null for " + record.getValue());
        }
        keyedState.setCurrentKey(key);
    }

    /** Not an entry of a two-input operator: records come through {@link #processElement1}/{@link #processElement2}. */
    @Override
    public final void processElement(StreamRecord<Object> record) {
        throw new UnsupportedOperationException("a two-input operator takes records through processElement1/2");
    }

    @Override
    public final void processWatermark1(Watermark watermark) throws Exception {
        if (combined.updateWatermark(0, watermark.getTimestamp())) {
            processWatermark(new Watermark(combined.getCombinedWatermark()));
        }
    }

    @Override
    public final void processWatermark2(Watermark watermark) throws Exception {
        if (combined.updateWatermark(1, watermark.getTimestamp())) {
            processWatermark(new Watermark(combined.getCombinedWatermark()));
        }
    }

    @Override
    public final void processWatermarkStatus1(WatermarkStatus status) throws Exception {
        processWatermarkStatus(0, status);
    }

    @Override
    public final void processWatermarkStatus2(WatermarkStatus status) throws Exception {
        processWatermarkStatus(1, status);
    }

    /** Flink's order: a watermark the change releases first, then the operator's own status if it changed. */
    private void processWatermarkStatus(int input, WatermarkStatus status) throws Exception {
        boolean wasIdle = combined.isIdle();
        if (combined.updateStatus(input, status == WatermarkStatus.IDLE)) {
            processWatermark(new Watermark(combined.getCombinedWatermark()));
        }
        if (wasIdle != combined.isIdle()) {
            processWatermarkStatus(status);
        }
    }

    @Override
    public final void endInput(int input) throws Exception {
        ended[input - 1] = true;
        if (ended[0] && ended[1]) {
            endInput();
        }
    }

    /** The broadcast states of a broadcast process operator, else null (a test harness reads them too). */
    public BroadcastStates broadcastStates() {
        return null;
    }

    /** The two inputs' combined watermark and which inputs ended; a broadcast operator's broadcast states. */
    @Override
    protected final void snapshotOperatorState(StateSnapshot.Builder out) throws Exception {
        out.section(INPUTS_SECTION, 1, o -> {
            combined.snapshot(o);
            o.writeBoolean(ended[0]);
            o.writeBoolean(ended[1]);
        });
        if (broadcastStates() != null) {
            out.section(BROADCAST_SECTION, 1, broadcastStates()::snapshot);
        }
        snapshotOwnState(out);
    }

    @Override
    protected final void restoreOperatorState(StateSnapshot snapshot, RestoredState restored) throws Exception {
        if (!restored.rescaled()) {
            snapshot.read(INPUTS_SECTION, 1, in -> {
                combined.restore(in);
                ended[0] = in.readBoolean();
                ended[1] = in.readBoolean();
            });
        } else { // the lowest watermarks of the old subtasks restored from; ended inputs end again
            java.util.Set<StateSnapshot> parts = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            parts.addAll(restored.keyed());
            parts.addAll(restored.shares());
            boolean[] first = {true};
            for (StateSnapshot part : parts) {
                part.read(INPUTS_SECTION, 1, in -> {
                    combined.restoreLowest(in, first[0]);
                    first[0] = false;
                    in.readBoolean();
                    in.readBoolean();
                });
            }
        }
        if (broadcastStates() != null && !restored.all().isEmpty()) { // the same on every subtask: any old one's
            restored.all().get(context.getSubtaskIndex() % restored.all().size()).read(BROADCAST_SECTION, 1,
                    broadcastStates()::restore);
        }
        restoreOwnState(snapshot, restored);
    }

    /**
     * Writes what the operator keeps itself beyond keyed state, timers, the inputs' watermarks and
     * broadcast states, as sections of its own names (the interval join's buffers).
     */
    protected void snapshotOwnState(StateSnapshot.Builder out) throws Exception {}

    /**
     * Restores what {@link #snapshotOwnState} wrote; {@code restored} says which keys this subtask keeps
     * and, at a changed parallelism, which old snapshots hold them ({@link RestoredState#keyed}).
     */
    protected void restoreOwnState(StateSnapshot snapshot, RestoredState restored) throws Exception {}

    private static final String INPUTS_SECTION = "inputs";
    private static final String BROADCAST_SECTION = "broadcast";

    /** The watermark input {@code input} (1 or 2) last reached. */
    public long inputWatermark(int input) {
        return combined.inputWatermark(input - 1);
    }

    // ------------------------------------------------------------------ timers and outputs

    @Override
    public void onEventTime(Timer timer) throws Exception {
        collector.setTimestamp(timer.getTimestamp());
        onTimer(timer.getTimestamp(), TimeDomain.EVENT_TIME);
    }

    @Override
    public void onProcessingTime(Timer timer) throws Exception {
        collector.eraseTimestamp(); // as Flink: results of processing-time timers carry no timestamp
        onTimer(timer.getTimestamp(), TimeDomain.PROCESSING_TIME);
    }

    /** Calls the user function's {@code onTimer}, if it has one. */
    protected void onTimer(long time, TimeDomain domain) throws Exception {}

    /** The record's timestamp, or null. */
    protected static Long timestampOf(StreamRecord<?> record) {
        return record != null && record.hasTimestamp() ? record.getTimestamp() : null;
    }

    /** Emits {@code value} to the side output {@code tag}. */
    protected <X> void emitSide(OutputTag<X> tag, X value, Long timestamp) {
        if (tag == null) {
            throw new IllegalArgumentException("OutputTag must not be null");
        }
        output.collect(tag, timestamp == null ? new StreamRecord<>(value) : new StreamRecord<>(value, timestamp));
    }

    /** The current key of keyed state and timers. */
    protected Object currentKey() {
        return keyedState == null ? null : keyedState.getCurrentKey();
    }
}
