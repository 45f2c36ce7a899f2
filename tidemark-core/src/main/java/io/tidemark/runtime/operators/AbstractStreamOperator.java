package io.tidemark.runtime.operators;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.functions.LongKeySelector;
import io.tidemark.runtime.checkpoint.FunctionStates;
import io.tidemark.runtime.checkpoint.KeyGroupSection;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.state.AbstractStateBackend;
import io.tidemark.runtime.state.CheckpointableKeyedStateBackend;
import io.tidemark.runtime.state.KeyedStateBackendParameters;
import io.tidemark.runtime.state.KeyGroupRangeAssignment;
import io.tidemark.runtime.state.KeyedStateStoreImpl;
import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.tasks.OperatorException;
import io.tidemark.runtime.timers.InternalTimerService;
import io.tidemark.runtime.timers.Timer;
import io.tidemark.runtime.timers.Triggerable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

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
    protected CheckpointableKeyedStateBackend keyedState;
    protected InternalTimerService timerService;
    protected long currentWatermark = Long.MIN_VALUE;
    private WatermarkStatus inputStatus = WatermarkStatus.ACTIVE;
    /** The checkpoint side of the user functions; made by {@link #initializeState}. */
    private FunctionStates functionStates;

    private static final String OPERATOR_SECTION = "operator";
    private static final String TIMERS_SECTION = KeyGroupSection.TIMERS_SECTION;

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
            keyedState = createKeyedStateBackend(context);
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
            }, eventTimePerKey());
        }
    }

    /** Whether this operator's event-time timers fire per key, on each key's own watermark (per-key watermarks). */
    protected boolean eventTimePerKey() {
        return false;
    }

    /** The keyed state backend of the job's state backend ({@code ExecutionConfig.getStateBackend}). */
    private static CheckpointableKeyedStateBackend createKeyedStateBackend(OperatorContext context) {
        try {
            var checkpoints = context.getConfig().getCheckpointConfig();
            return AbstractStateBackend.of(context.getConfig().getStateBackend()).createKeyedStateBackend(new KeyedStateBackendParameters(
                    context.getOperatorName(), context.getSubtaskIndex(), context.getParallelism(),
                    checkpoints.isCheckpointingEnabled() ? checkpoints.getCheckpointStorage() : null));
        } catch (Exception e) {
            throw new IllegalStateException("operator '" + context.getOperatorName() + "': cannot create its keyed state ("
                    + AbstractStateBackend.of(context.getConfig().getStateBackend()) + "): " + e.getMessage(), e);
        }
    }

    /**
     * Releases the operator's keyed state (its backend's files and memory). Called once at the very
     * end, after {@link #close} or instead of it when the operator never opened.
     */
    public void dispose() {
        if (keyedState != null) {
            keyedState.dispose();
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

    /**
     * Every user function whose state and checkpoint notifications this operator runs, in a fixed
     * order (a function's operator state is stored under its position); by default {@link #userFunction}.
     */
    protected List<Function> functions() {
        Function f = userFunction();
        return f == null ? List.of() : List.of(f);
    }

    // ------------------------------------------------------------------ checkpoints

    /**
     * Restores the operator's state from {@code restored} (null: a fresh start), then initializes its
     * checkpointed functions ({@code CheckpointedFunction.initializeState}). Called once, after
     * {@link #setup} and before {@link #open}; the functions have their runtime context already.
     */
    public final void initializeState(RestoredState restored) throws Exception {
        if (functionStates != null) {
            throw new IllegalStateException("the state of operator '" + context.getOperatorName() + "' was initialized already");
        }
        for (Function f : functions()) {
            if (f instanceof RichFunction rich) {
                rich.setRuntimeContext(new StreamingRuntimeContext(context, keyedState));
            }
        }
        if (restored != null) {
            restoreOperatorSection(restored);
            if (keyedState != null) {
                for (StateSnapshot part : restored.keyed()) {
                    keyedState.restore(part, restored.keys());
                    part.read(TIMERS_SECTION, 1, in -> timerService.restore(in, restored.keys()));
                }
            }
            restoreOperatorState(restored.own(), restored);
        }
        functionStates = new FunctionStates(functions());
        functionStates.initialize(restored, context.getSubtaskIndex(), context.getParallelism(),
                keyedState == null ? null : new KeyedStateStoreImpl(keyedState, () -> VoidNamespace.INSTANCE,
                        context.getStateTtlClock()));
    }

    /**
     * The operator's state at this point of its input: the watermark and input status, the counters,
     * keyed state and timers, what the operator keeps itself ({@link #snapshotOperatorState}) and its
     * checkpointed functions' state. Called on the task's thread between two items; the result is a
     * copy that later processing does not change.
     */
    public final StateSnapshot snapshotState(long checkpointId, long timestamp) throws Exception {
        StateSnapshot.Builder b = StateSnapshot.builder();
        b.section(OPERATOR_SECTION, 1, out -> {
            out.writeLong(currentWatermark);
            out.writeBoolean(inputStatus == WatermarkStatus.IDLE);
            metrics.snapshotCounters(out);
        });
        if (keyedState != null) {
            int maxParallelism = context.getSubtaskInfo().getMaxNumberOfParallelSubtasks();
            new KeyGroupSection(maxParallelism, KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(maxParallelism,
                    context.getParallelism(), context.getSubtaskIndex())).write(b);
            keyedState.snapshot(checkpointId, b);
            b.section(TIMERS_SECTION, 1, timerService::snapshot);
        }
        snapshotOperatorState(b, checkpointId);
        if (functionStates != null) {
            functionStates.snapshot(b, checkpointId, timestamp);
        }
        return b.build();
    }

    /**
     * The watermark, input status and counters: from the own snapshot; at a changed parallelism the
     * lowest watermark of the snapshots the subtask restores from (keyed parts and shares: nothing that
     * was on time becomes late), idle only if all were, and the counters of its shares added up (each old
     * subtask's counted once in the job).
     */
    private void restoreOperatorSection(RestoredState restored) throws Exception {
        if (!restored.rescaled()) {
            restored.own().read(OPERATOR_SECTION, 1, in -> {
                currentWatermark = in.readLong();
                inputStatus = in.readBoolean() ? WatermarkStatus.IDLE : WatermarkStatus.ACTIVE;
                metrics.restoreCounters(in);
            });
            return;
        }
        long[] watermark = {Long.MAX_VALUE};
        boolean[] idle = {true, false}; // all idle, any read
        Set<StateSnapshot> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<StateSnapshot> parts = new ArrayList<>(restored.keyed());
        parts.addAll(restored.shares());
        for (StateSnapshot part : parts) {
            if (!seen.add(part)) {
                continue;
            }
            boolean share = restored.shares().stream().anyMatch(s -> s == part);
            part.read(OPERATOR_SECTION, 1, in -> {
                watermark[0] = Math.min(watermark[0], in.readLong());
                idle[0] &= in.readBoolean();
                idle[1] = true;
                metrics.addCounters(in, share);
            });
        }
        if (idle[1]) {
            currentWatermark = watermark[0];
            inputStatus = idle[0] ? WatermarkStatus.IDLE : WatermarkStatus.ACTIVE;
        }
    }

    /** Writes what the operator keeps beyond keyed state and timers, as sections of its own names. */
    protected void snapshotOperatorState(StateSnapshot.Builder out) throws Exception {}

    /** {@link #snapshotOperatorState(StateSnapshot.Builder)}, for operators that need the checkpoint's id. */
    protected void snapshotOperatorState(StateSnapshot.Builder out, long checkpointId) throws Exception {
        snapshotOperatorState(out);
    }

    /** Restores what {@link #snapshotOperatorState} wrote; {@code restored} for redistributed state. */
    protected void restoreOperatorState(StateSnapshot snapshot, RestoredState restored) throws Exception {}

    /** Checkpoint {@code checkpointId} completed: its keyed state and the functions that listen hear of it. */
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        if (keyedState != null) {
            keyedState.notifyCheckpointComplete(checkpointId);
        }
        if (functionStates != null) {
            functionStates.notifyComplete(checkpointId);
        }
    }

    /** Checkpoint {@code checkpointId} was aborted. */
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
        if (functionStates != null) {
            functionStates.notifyAborted(checkpointId);
        }
    }

    /** Whether {@link #initializeState} ran. */
    public final boolean isStateInitialized() {
        return functionStates != null;
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

    public CheckpointableKeyedStateBackend getKeyedStateBackend() {
        return keyedState;
    }

    public InternalTimerService getTimerService() {
        return timerService;
    }
}
