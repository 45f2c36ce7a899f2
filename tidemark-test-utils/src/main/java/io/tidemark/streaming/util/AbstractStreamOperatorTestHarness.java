package io.tidemark.streaming.util;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.checkpoint.OperatorSubtaskState;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.SnapshotFormat;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.OperatorContext;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.state.StateBackend;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.streaming.runtime.streamrecord.StreamRecord;
import io.tidemark.time.ManualClock;
import io.tidemark.util.OutputTag;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Runs one of the embedded engine's operators by hand, as Flink's test harness of the same name: the
 * test pushes elements, watermarks and processing time into it on its own thread and reads what it
 * emitted. The operator is the engine's own (built from the API operator's description), set up with a
 * context of subtask {@code subtaskIndex} of {@code parallelism}; nothing else runs, no thread, no wall
 * clock: processing time is a {@link ManualClock} that only {@link #setProcessingTime} moves, and the
 * time of state time-to-live another that only {@link #setStateTtlProcessingTime} moves (both start at 0).
 *
 * <p>Life cycle, as Flink's: {@link #setup} (once), {@link #initializeState} or
 * {@link #initializeEmptyState} (once, after setup; each calls setup if needed), {@link #open} (calls
 * what is missing before it), then input, {@link #snapshot} and {@link #close}. A snapshot is written to
 * the bytes of a checkpoint file and read back, so restoring it into a new harness goes through the
 * format a restore from disk reads.
 *
 * <p>Output, as Flink's: {@link #getOutput} holds, in order, a {@link StreamRecord} copy of each record
 * emitted and a {@code io.tidemark.streaming.api.watermark.Watermark} for each watermark forwarded (and
 * the engine's {@code WatermarkStatus} for each status change); side outputs are kept per tag. One
 * difference: the engine forwards a watermark only when it advances, where Flink's operators forward
 * every watermark they receive.
 *
 * @param <OUT> the operator's output type
 */
public class AbstractStreamOperatorTestHarness<OUT> implements AutoCloseable {

    /** The engine's operator under test. */
    protected final AbstractStreamOperator<?, OUT> operator;
    private final int parallelism;
    private final int subtaskIndex;
    private final ManualClock clock = new ManualClock(0);
    /** The time of state time-to-live, apart from processing time as in Flink's harness. */
    private final ManualClock ttlClock = new ManualClock(0);
    private final ProcessingTimeService processingTime = new ProcessingTimeService(clock);
    private final ExecutionConfig executionConfig = new ExecutionConfig();
    private final ConcurrentLinkedQueue<Object> outputList = new ConcurrentLinkedQueue<>();
    private final Map<OutputTag<?>, ConcurrentLinkedQueue<Object>> sideOutputLists = new HashMap<>();
    private boolean setupCalled;
    private boolean initializeCalled;
    private boolean opened;
    private boolean closed;

    /**
     * @param maxParallelism Flink's key-group count; the embedded engine has no key groups, so it is only checked
     * @param parallelism the number of parallel subtasks the operator believes it is one of
     * @param subtaskIndex which of them it is
     */
    protected AbstractStreamOperatorTestHarness(AbstractStreamOperator<?, OUT> operator, int maxParallelism,
            int parallelism, int subtaskIndex) {
        if (parallelism < 1 || maxParallelism < parallelism || subtaskIndex < 0 || subtaskIndex >= parallelism) {
            throw new IllegalArgumentException("subtask " + subtaskIndex + " of " + parallelism
                    + " (max parallelism " + maxParallelism + ")");
        }
        this.operator = operator;
        this.parallelism = parallelism;
        this.subtaskIndex = subtaskIndex;
    }

    /** The job configuration the operator sees; change it before {@link #setup}. */
    public ExecutionConfig getExecutionConfig() {
        return executionConfig;
    }

    /** Keeps the operator's keyed state in {@code backend} (e.g. RocksDB) instead of the heap; before {@link #setup}. */
    public void setStateBackend(StateBackend backend) {
        if (setupCalled) {
            throw new IllegalStateException("set the state backend before setup()");
        }
        executionConfig.setStateBackend(backend);
    }

    /** The engine's operator under test. */
    public AbstractStreamOperator<?, OUT> getOperator() {
        return operator;
    }

    // ------------------------------------------------------------------ life cycle

    /** Gives the operator its context and this harness's output. */
    public void setup() {
        if (setupCalled) {
            throw new IllegalStateException("setup() was already called");
        }
        operator.setup(new OperatorContext("operator", subtaskIndex, parallelism, processingTime, executionConfig)
                .setStateTtlClock(ttlClock), new CollectingOutput());
        setupCalled = true;
    }

    /** Restores {@code state} (a {@link #snapshot} of an operator of the same kind), or with null starts fresh. */
    public void initializeState(OperatorSubtaskState state) throws Exception {
        if (!setupCalled) {
            setup();
        }
        if (initializeCalled) {
            throw new IllegalStateException("the state was already initialized");
        }
        operator.initializeState(state == null ? null : RestoredState.of(state.getCheckpointId(), state.getSnapshot()));
        initializeCalled = true;
    }

    /** Starts the operator without state. */
    public void initializeEmptyState() throws Exception {
        initializeState(null);
    }

    /** Opens the operator, setting it up and initializing it empty first where that was not done. */
    public void open() throws Exception {
        if (!initializeCalled) {
            initializeEmptyState();
        }
        operator.open();
        opened = true;
    }

    /**
     * The operator's state as checkpoint {@code checkpointId} at {@code timestamp} takes it, written to
     * the bytes of a checkpoint file and read back from them.
     */
    public OperatorSubtaskState snapshot(long checkpointId, long timestamp) throws Exception {
        expectOpen("snapshot");
        StateSnapshot s = operator.snapshotState(checkpointId, timestamp);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SnapshotFormat.write(new DataOutputStream(bytes), s);
        StateSnapshot read = SnapshotFormat.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        return new OperatorSubtaskState(checkpointId, read);
    }

    /** Tells the operator that checkpoint {@code checkpointId} completed. */
    public void notifyOfCompletedCheckpoint(long checkpointId) throws Exception {
        expectOpen("notify a checkpoint");
        operator.notifyCheckpointComplete(checkpointId);
    }

    /** Closes the operator (if it opened) and releases its keyed state; a second call does nothing. */
    @Override
    public void close() throws Exception {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (opened) {
                operator.close();
            }
        } finally {
            if (setupCalled) {
                operator.dispose();
            }
        }
    }

    // ------------------------------------------------------------------ time

    /** Moves processing time to {@code time} and fires the processing-time timers now due, in time order. */
    public void setProcessingTime(long time) throws Exception {
        clock.advanceTo(time);
        if (opened) {
            processingTime.fireDue();
        }
    }

    /** Moves processing time forward by {@code delta} milliseconds (Flink's {@code advanceTime}). */
    public void advanceTime(long delta) throws Exception {
        setProcessingTime(getProcessingTime() + delta);
    }

    /**
     * Moves the time that state time-to-live reads to {@code time} (never back). It is kept apart from
     * processing time, as in Flink's harness: {@link #setProcessingTime} does not move it.
     */
    public void setStateTtlProcessingTime(long time) {
        ttlClock.advanceTo(time);
    }

    public long getProcessingTime() {
        return clock.currentTimeMillis();
    }

    /** The processing-time timers registered and not yet fired (keyed operators). */
    public int numProcessingTimeTimers() {
        return operator.getTimerService() == null ? 0 : operator.getTimerService().numProcessingTimeTimers();
    }

    /** The event-time timers registered and not yet fired (keyed operators). */
    public int numEventTimeTimers() {
        return operator.getTimerService() == null ? 0 : operator.getTimerService().numEventTimeTimers();
    }

    // ------------------------------------------------------------------ output

    /** Everything on the main output so far, in order: records and watermarks. */
    public ConcurrentLinkedQueue<Object> getOutput() {
        return outputList;
    }

    /** The records on the main output so far. */
    @SuppressWarnings("unchecked")
    public List<StreamRecord<? extends OUT>> extractOutputStreamRecords() {
        List<StreamRecord<? extends OUT>> records = new ArrayList<>();
        for (Object o : outputList) {
            if (o instanceof StreamRecord) {
                records.add((StreamRecord<? extends OUT>) o);
            }
        }
        return records;
    }

    /** The values of the records on the main output so far. */
    public List<OUT> extractOutputValues() {
        List<OUT> values = new ArrayList<>();
        for (StreamRecord<? extends OUT> r : extractOutputStreamRecords()) {
            values.add(r.getValue());
        }
        return values;
    }

    /** The records sent to side output {@code tag} so far, or null when none was (as Flink's). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <X> ConcurrentLinkedQueue<StreamRecord<X>> getSideOutput(OutputTag<X> tag) {
        return (ConcurrentLinkedQueue) sideOutputLists.get(tag);
    }

    // ------------------------------------------------------------------ for the input sides

    /** Fails unless the operator is open: input goes to an open operator only. */
    protected final void expectOpen(String what) {
        if (!opened || closed) {
            throw new IllegalStateException("cannot " + what + ": the operator is " + (closed ? "closed" : "not open")
                    + " (call open() first)");
        }
    }

    /** {@code record} as the engine's record. */
    protected static <T> io.tidemark.runtime.streamrecord.StreamRecord<T> toEngine(StreamRecord<T> record) {
        return record.hasTimestamp()
                ? new io.tidemark.runtime.streamrecord.StreamRecord<>(record.getValue(), record.getTimestamp())
                : new io.tidemark.runtime.streamrecord.StreamRecord<>(record.getValue());
    }

    /** {@code watermark} as the engine's watermark. */
    protected static Watermark toEngine(io.tidemark.streaming.api.watermark.Watermark watermark) {
        return new Watermark(watermark.getTimestamp());
    }

    private static <T> StreamRecord<T> fromEngine(io.tidemark.runtime.streamrecord.StreamRecord<T> r) {
        return r.hasTimestamp() ? new StreamRecord<>(r.getValue(), r.getTimestamp()) : new StreamRecord<>(r.getValue());
    }

    /** Collects what the operator emits, as Flink's harness holds it. */
    private final class CollectingOutput implements Output<OUT> {
        @Override
        public void collect(io.tidemark.runtime.streamrecord.StreamRecord<OUT> record) {
            outputList.add(fromEngine(record));
        }

        @Override
        public <X> void collect(OutputTag<X> tag, io.tidemark.runtime.streamrecord.StreamRecord<X> record) {
            sideOutputLists.computeIfAbsent(tag, t -> new ConcurrentLinkedQueue<>()).add(fromEngine(record));
        }

        @Override
        public void emitWatermark(Watermark watermark) {
            outputList.add(new io.tidemark.streaming.api.watermark.Watermark(watermark.getTimestamp()));
        }

        @Override
        public void emitWatermarkStatus(WatermarkStatus status) {
            outputList.add(status);
        }

        @Override
        public void endInput() {}
    }
}
