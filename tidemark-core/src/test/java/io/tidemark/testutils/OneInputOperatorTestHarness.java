package io.tidemark.testutils;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.SnapshotFormat;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.OperatorContext;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.time.ManualClock;
import io.tidemark.util.OutputTag;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one operator by hand, as Flink's {@code OneInputStreamOperatorTestHarness} does: push elements,
 * watermarks, watermark status and processing time into it on the calling thread, and read what it
 * emitted, main output and side outputs, in order. No threads, no sources, no wall clock: processing
 * time is a {@link ManualClock} that only {@link #setProcessingTime} moves, firing the processing-time
 * timers then due.
 *
 * <p>Each element goes in as the engine hands it to a chain: counted in {@code numRecordsIn} and keyed
 * ({@code setKeyContextElement}), then {@code processElement}. Exceptions of the operator reach the
 * caller as they are. Emitted records are copied (operators re-use their output record).
 *
 * <p>Life cycle ({@link Phase}): {@link #setup} gives the operator its context and output;
 * {@link #initializeState} restores a snapshot into it (or starts it fresh); {@link #open} opens it
 * (setting it up and initializing it first if needed); {@link #close} closes it. {@link #snapshot}
 * takes the operator's state at this point of the input, through the bytes a checkpoint file holds,
 * so that a test can run an operator, snapshot it, and continue a fresh one from there:
 *
 * <pre>{@code
 * StateSnapshot s = h.snapshot();
 * var restored = new OneInputOperatorTestHarness<>(WindowOperators.create(description), e -> e.key, h.getProcessingTime());
 * restored.setup().initializeState(s).open();
 * }</pre>
 *
 * <pre>{@code
 * var h = new OneInputOperatorTestHarness<>(WindowOperators.create(description), e -> e.key);
 * h.open();
 * h.processElement(event, 1_000);
 * h.processWatermark(9_999);
 * assertThat(h.extractOutputValues()).containsExactly(...);
 * }</pre>
 *
 * @param <IN> input type
 * @param <OUT> main output type
 */
public final class OneInputOperatorTestHarness<IN, OUT> implements AutoCloseable {

    /** Where the operator is in its life cycle. */
    public enum Phase {
        /** Made; the operator has no context yet. */
        CREATED,
        /** The operator has its context and output; state may be given to it now, before it opens. */
        SET_UP,
        /** Open: takes input. */
        OPEN,
        /** Closed: takes nothing more. */
        CLOSED
    }

    /** The marker {@link #getOutput} holds where the operator forwarded the end of input. */
    public static final Object END_OF_INPUT = new Object() {
        @Override
        public String toString() {
            return "END_OF_INPUT";
        }
    };

    private final AbstractStreamOperator<IN, OUT> operator;
    private final ManualClock clock;
    private final ProcessingTimeService processingTime;
    private final ExecutionConfig config = new ExecutionConfig();
    /** The main output in order: records (copies), watermarks, watermark status, and END_OF_INPUT. */
    private final List<Object> output = new ArrayList<>();
    private final Map<OutputTag<?>, List<StreamRecord<?>>> sideOutputs = new LinkedHashMap<>();
    private Phase phase = Phase.CREATED;

    /** A harness for a non-keyed operator, processing time 0. */
    public OneInputOperatorTestHarness(AbstractStreamOperator<IN, OUT> operator) {
        this(operator, null, 0);
    }

    /** A harness for an operator on a stream keyed by {@code keySelector}, processing time 0. */
    public OneInputOperatorTestHarness(AbstractStreamOperator<IN, OUT> operator, KeySelector<IN, ?> keySelector) {
        this(operator, keySelector, 0);
    }

    /**
     * @param keySelector the stream's key, or null for a non-keyed operator
     * @param processingTime the processing time to start at
     */
    public OneInputOperatorTestHarness(AbstractStreamOperator<IN, OUT> operator, KeySelector<IN, ?> keySelector,
            long processingTime) {
        this.operator = operator;
        this.clock = new ManualClock(processingTime);
        this.processingTime = new ProcessingTimeService(clock);
        if (keySelector != null) {
            operator.setKeySelector(keySelector);
        }
    }

    public AbstractStreamOperator<IN, OUT> getOperator() {
        return operator;
    }

    public Phase phase() {
        return phase;
    }

    /** The job configuration the operator sees; change it before {@link #setup}. */
    public ExecutionConfig getExecutionConfig() {
        return config;
    }

    /** Gives the operator its context (named "operator", subtask 0 of 1) and this harness's outputs. */
    public OneInputOperatorTestHarness<IN, OUT> setup() {
        return setup(0, 1);
    }

    /** Gives the operator its context as subtask {@code subtask} of {@code parallelism}, and this harness's outputs. */
    public OneInputOperatorTestHarness<IN, OUT> setup(int subtask, int parallelism) {
        expect(Phase.CREATED, "set up");
        operator.setup(new OperatorContext("operator", subtask, parallelism, processingTime, config), new CollectingOutput());
        phase = Phase.SET_UP;
        return this;
    }

    /** Restores {@code restored} (or with null starts fresh); after {@link #setup}, before {@link #open}. */
    public OneInputOperatorTestHarness<IN, OUT> initializeState(RestoredState restored) throws Exception {
        expect(Phase.SET_UP, "initialize state");
        operator.initializeState(restored);
        return this;
    }

    /**
     * Restores {@code snapshot} (a {@link #snapshot} of an operator of the same kind) into the operator,
     * or with null starts it fresh; after {@link #setup}, before {@link #open}.
     */
    public OneInputOperatorTestHarness<IN, OUT> initializeState(StateSnapshot snapshot) throws Exception {
        return initializeState(snapshot, 1);
    }

    /** {@link #initializeState(StateSnapshot)} from checkpoint {@code checkpointId}. */
    public OneInputOperatorTestHarness<IN, OUT> initializeState(StateSnapshot snapshot, long checkpointId) throws Exception {
        expect(Phase.SET_UP, "initialize state");
        operator.initializeState(snapshot == null ? null : RestoredState.of(checkpointId, snapshot));
        return this;
    }

    /** Opens the operator (setting it up and initializing its state fresh first if not yet done). */
    public OneInputOperatorTestHarness<IN, OUT> open() throws Exception {
        if (phase == Phase.CREATED) {
            setup();
        }
        expect(Phase.SET_UP, "open");
        if (!operator.isStateInitialized()) {
            operator.initializeState(null);
        }
        operator.open();
        phase = Phase.OPEN;
        return this;
    }

    /**
     * The operator's state now, as a checkpoint would take it (checkpoint {@code 1}), written to the
     * bytes of a checkpoint file and read back from them.
     */
    public StateSnapshot snapshot() throws Exception {
        return snapshot(1);
    }

    /** {@link #snapshot()} as checkpoint {@code checkpointId}. */
    public StateSnapshot snapshot(long checkpointId) throws Exception {
        expect(Phase.OPEN, "snapshot");
        StateSnapshot s = operator.snapshotState(checkpointId, getProcessingTime());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SnapshotFormat.write(new DataOutputStream(bytes), s);
        return SnapshotFormat.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    }

    /** Tells the operator that checkpoint {@code checkpointId} completed. */
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        expect(Phase.OPEN, "notify");
        operator.notifyCheckpointComplete(checkpointId);
    }

    // ------------------------------------------------------------------ input

    public void processElement(IN value, long timestamp) throws Exception {
        processElement(new StreamRecord<>(value, timestamp));
    }

    /** An element without a timestamp. */
    public void processElement(IN value) throws Exception {
        processElement(new StreamRecord<>(value));
    }

    public void processElement(StreamRecord<IN> record) throws Exception {
        expect(Phase.OPEN, "process an element");
        operator.setKeyContextElement(record);
        operator.processElement(record);
    }

    public void processWatermark(long watermark) throws Exception {
        expect(Phase.OPEN, "process a watermark");
        operator.processWatermark(new Watermark(watermark));
    }

    public void processWatermarkStatus(WatermarkStatus status) throws Exception {
        expect(Phase.OPEN, "process a watermark status");
        operator.processWatermarkStatus(status);
    }

    /** Moves processing time to {@code time} (never back) and fires the processing-time timers now due, in order. */
    public void setProcessingTime(long time) throws Exception {
        expect(Phase.OPEN, "move processing time");
        clock.advanceTo(time);
        processingTime.fireDue();
    }

    public long getProcessingTime() {
        return clock.currentTimeMillis();
    }

    /** The end of a bounded input: the final watermark {@code Long.MAX_VALUE}, then the end of input. */
    public void endInput() throws Exception {
        processWatermark(Long.MAX_VALUE);
        operator.endInput();
    }

    /** Closes the operator if it is open, and disposes of its state (a harness that was never set up just ends). */
    @Override
    public void close() throws Exception {
        Phase was = phase;
        phase = Phase.CLOSED;
        try {
            if (was == Phase.OPEN) {
                operator.close();
            }
        } finally {
            if (was != Phase.CREATED && was != Phase.CLOSED) {
                operator.dispose(); // its keyed state's files and memory
            }
        }
    }

    // ------------------------------------------------------------------ output

    /** Everything on the main output so far, in order: records, watermarks, watermark status, {@link #END_OF_INPUT}. */
    public List<Object> getOutput() {
        return new ArrayList<>(output);
    }

    /** The main output's records so far. */
    @SuppressWarnings("unchecked")
    public List<StreamRecord<OUT>> extractOutputRecords() {
        List<StreamRecord<OUT>> records = new ArrayList<>();
        for (Object o : output) {
            if (o instanceof StreamRecord) {
                records.add((StreamRecord<OUT>) o);
            }
        }
        return records;
    }

    /** The main output's values so far. */
    public List<OUT> extractOutputValues() {
        List<OUT> values = new ArrayList<>();
        for (StreamRecord<OUT> r : extractOutputRecords()) {
            values.add(r.getValue());
        }
        return values;
    }

    /** The watermarks the operator forwarded so far. */
    public List<Long> extractWatermarks() {
        List<Long> watermarks = new ArrayList<>();
        for (Object o : output) {
            if (o instanceof Watermark w) {
                watermarks.add(w.getTimestamp());
            }
        }
        return watermarks;
    }

    /** The records sent to side output {@code tag} so far. */
    @SuppressWarnings("unchecked")
    public <X> List<StreamRecord<X>> getSideOutput(OutputTag<X> tag) {
        List<StreamRecord<?>> records = sideOutputs.get(tag);
        return records == null ? new ArrayList<>() : new ArrayList<>((List<StreamRecord<X>>) (List<?>) records);
    }

    /** The values sent to side output {@code tag} so far. */
    public <X> List<X> extractSideOutputValues(OutputTag<X> tag) {
        List<X> values = new ArrayList<>();
        for (StreamRecord<X> r : getSideOutput(tag)) {
            values.add(r.getValue());
        }
        return values;
    }

    /** The operator's metrics (counters, watermarks). */
    public OperatorMetrics getMetrics() {
        if (phase == Phase.CREATED) {
            throw new IllegalStateException("the operator is not set up yet");
        }
        return operator.getContext().getMetrics();
    }

    private void expect(Phase expected, String what) {
        if (phase != expected) {
            throw new IllegalStateException("cannot " + what + " in phase " + phase + " (needs " + expected + ")");
        }
    }

    private static <T> StreamRecord<T> copy(StreamRecord<T> r) {
        return r.hasTimestamp() ? new StreamRecord<>(r.getValue(), r.getTimestamp()) : new StreamRecord<>(r.getValue());
    }

    /** Collects what the operator emits. */
    private final class CollectingOutput implements Output<OUT> {
        @Override
        public void collect(StreamRecord<OUT> record) {
            output.add(copy(record));
        }

        @Override
        public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {
            sideOutputs.computeIfAbsent(tag, t -> new ArrayList<>()).add(copy(record));
        }

        @Override
        public void emitWatermark(Watermark watermark) {
            output.add(watermark);
        }

        @Override
        public void emitWatermarkStatus(WatermarkStatus status) {
            output.add(status);
        }

        @Override
        public void endInput() {
            output.add(END_OF_INPUT);
        }
    }
}
