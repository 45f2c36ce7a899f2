package io.tidemark.runtime.operators;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.functions.LongKeySelector;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.state.HeapKeyedStateBackend;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.tasks.OperatorException;
import io.tidemark.runtime.timers.InternalTimerService;
import io.tidemark.runtime.timers.Timer;
import io.tidemark.runtime.timers.Triggerable;

/**
 * Base of the built-in operators: metrics, the watermark (which never goes backwards), keyed state
 * and timers for operators on a keyed stream, and the user function's life cycle.
 *
 * <p>Records are counted in ({@code numRecordsIn}) by {@link #processElement}'s caller through
 * {@link #setKeyContextElement}; operators count what they emit themselves through {@link #output}.
 */
public abstract class AbstractStreamOperator<IN, OUT> implements OneInputStreamOperator<IN, OUT>, Triggerable {

    protected OperatorContext context;
    protected OperatorMetrics metrics;
    protected Output<OUT> output;
    private KeySelector<IN, ?> keySelector;
    /**
     * Set when the key selector is a {@link LongKeySelector} and the operator {@linkplain
     * #takesLongKeys takes long keys}: the record's key is then {@link #currentLongKey}, and the keyed
     * state's current key is not set per record.
     */
    private LongKeySelector<IN> longKeySelector;
    /** The current record's key, when {@link #longKeys()}. */
    protected long currentLongKey;
    protected HeapKeyedStateBackend keyedState;
    protected InternalTimerService timerService;
    protected long currentWatermark = Long.MIN_VALUE;
    private WatermarkStatus inputStatus = WatermarkStatus.ACTIVE;

    /** Makes this operator keyed: the key of each record is extracted with {@code keySelector}. */
    public void setKeySelector(KeySelector<IN, ?> keySelector) {
        this.keySelector = keySelector;
    }

    public KeySelector<IN, ?> getKeySelector() {
        return keySelector;
    }

    public boolean isKeyed() {
        return keySelector != null;
    }

    @Override
    public void setup(OperatorContext context, Output<OUT> output) {
        this.context = context;
        this.metrics = context.getMetrics();
        this.output = new CountingOutput<>(output, metrics.numRecordsOut);
        if (keySelector instanceof LongKeySelector && takesLongKeys()) {
            longKeySelector = (LongKeySelector<IN>) keySelector;
        }
        if (keySelector != null) {
            keyedState = new HeapKeyedStateBackend();
            timerService = new InternalTimerService(keyedState, context.getProcessingTimeService(), new Triggerable() {
                @Override
                public void onEventTime(Timer timer) throws Exception {
                    AbstractStreamOperator.this.onEventTime(timer); // runs inside processWatermark
                }

                @Override
                public void onProcessingTime(Timer timer) {
                    try {
                        AbstractStreamOperator.this.onProcessingTime(timer);
                    } catch (Throwable t) {
                        throw failure(t);
                    }
                }
            });
        }
    }

    /**
     * {@code t} as a failure of this operator. Processing-time callbacks run from the task's timer
     * service, outside any operator's input, so they must name their operator themselves.
     */
    protected final RuntimeException failure(Throwable t) {
        if (t instanceof OperatorException) {
            return (OperatorException) t; // already names the operator where it happened
        }
        return new OperatorException(context.getOperatorName(), context.getSubtaskIndex(), t);
    }

    @Override
    public OperatorContext getContext() {
        return context;
    }

    /** The user function, if any, for its life cycle. */
    protected Function userFunction() {
        return null;
    }

    @Override
    public void open() throws Exception {
        Function f = userFunction();
        if (f instanceof RichFunction) {
            ((RichFunction) f).setRuntimeContext(new StreamingRuntimeContext(context, keyedState));
            ((RichFunction) f).open(new io.tidemark.api.common.functions.OpenContext() {});
        }
    }

    @Override
    public void close() throws Exception {
        Function f = userFunction();
        if (f instanceof RichFunction) {
            ((RichFunction) f).close();
        }
    }

    /**
     * Whether this operator reads a {@link LongKeySelector}'s key from {@link #currentLongKey} (and
     * sets the keyed state's current key itself wherever it needs it) instead of having the boxed key
     * set as the keyed state's current key before each record. Decided once, at setup.
     */
    protected boolean takesLongKeys() {
        return false;
    }

    /** Whether records' keys arrive in {@link #currentLongKey} (see {@link #takesLongKeys}). */
    protected final boolean longKeys() {
        return longKeySelector != null;
    }

    /** Counts the record and sets the key context; called before {@link #processElement}. */
    public final void setKeyContextElement(StreamRecord<IN> record) throws Exception {
        metrics.numRecordsIn.inc();
        if (longKeySelector != null) {
            currentLongKey = longKeySelector.getLongKey(record.getValue());
        } else if (keySelector != null) {
            Object key = keySelector.getKey(record.getValue());
            if (key == null) {
                throw new NullPointerException("the key selector returned null for " + record.getValue());
            }
            keyedState.setCurrentKey(key);
        }
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        long ts = watermark.getTimestamp();
        if (ts <= currentWatermark) {
            return; // watermarks never go backwards
        }
        currentWatermark = ts;
        metrics.currentInputWatermark.set(ts);
        metrics.onInputWatermark(ts);
        if (timerService != null) {
            timerService.advanceWatermark(ts);
        }
        onWatermark(ts);
        metrics.currentOutputWatermark.set(ts);
        output.emitWatermark(watermark);
    }

    /** Hook run after timers up to {@code watermark} fired and before it is forwarded. */
    protected void onWatermark(long watermark) throws Exception {}

    @Override
    public void processWatermarkStatus(WatermarkStatus status) throws Exception {
        if (status != inputStatus) {
            inputStatus = status;
            metrics.setIdle(status == WatermarkStatus.IDLE);
            output.emitWatermarkStatus(status);
        }
    }

    @Override
    public void endInput() throws Exception {
        output.endInput();
    }

    @Override
    public void onEventTime(Timer timer) throws Exception {}

    @Override
    public void onProcessingTime(Timer timer) throws Exception {}

    public long getCurrentWatermark() {
        return currentWatermark;
    }

    public HeapKeyedStateBackend getKeyedStateBackend() {
        return keyedState;
    }

    public InternalTimerService getTimerService() {
        return timerService;
    }
}
