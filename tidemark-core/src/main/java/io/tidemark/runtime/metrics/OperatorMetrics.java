package io.tidemark.runtime.metrics;

import io.tidemark.api.common.metrics.InputStatus;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.api.common.metrics.WatermarkGeneration;
import io.tidemark.api.common.metrics.WindowQuery;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.time.Clock;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The metrics of one operator subtask. Names follow Flink's where Flink has one
 * ({@code numRecordsIn}, {@code numRecordsOut}, {@code numLateRecordsDropped},
 * {@code currentInputWatermark}, {@code currentOutputWatermark}, {@code watermarkLag}).
 * Readable from any thread while the job runs.
 */
public final class OperatorMetrics implements SubtaskMetrics {

    private final String operatorName;
    private final int subtaskIndex;
    private final Clock clock;

    public final Counter numRecordsIn = new Counter();
    public final Counter numRecordsOut = new Counter();
    public final Counter numLateRecordsDropped = new Counter();
    public final Counter numLateRecordsSideOutput = new Counter();
    /** Late records (behind the watermark) that still updated a window within allowed lateness. */
    public final Counter numLateRecordsReFired = new Counter();
    /** Records that an assigner put into no window at all (never with the built-in assigners). */
    public final Counter numRecordsWithoutWindow = new Counter();
    public final Counter numWindowFirings = new Counter();
    public final Gauge currentInputWatermark = new Gauge(Long.MIN_VALUE);
    public final Gauge currentOutputWatermark = new Gauge(Long.MIN_VALUE);
    /** Windows with contents (window operators publish it with every input watermark and at the end). */
    public final Gauge openWindows = new Gauge(0);
    /** Objects in the window state (accumulators, or elements kept for a full window function). */
    public final Gauge stateSize = new Gauge(0);
    /** The watermark's out-of-orderness bound in use (adaptive: as learned), ms; -1 where none is known. */
    public final Gauge watermarkBound = new Gauge(-1);
    private volatile boolean idle;
    private volatile long lastEventTimeWatermark = Long.MIN_VALUE;
    private volatile long maxWatermarkLag = -1;
    private volatile WatermarkDiagnostics diagnostics;
    private volatile String upstreamOperator;
    private volatile Supplier<WatermarkGeneration> watermarkGeneration;
    private volatile WindowQuery windowQuery;

    public OperatorMetrics(String operatorName, int subtaskIndex, Clock clock) {
        this.operatorName = operatorName;
        this.subtaskIndex = subtaskIndex;
        this.clock = clock;
    }

    @Override
    public String getOperatorName() {
        return operatorName;
    }

    @Override
    public int getSubtaskIndex() {
        return subtaskIndex;
    }

    /**
     * Records an input watermark: the last one below {@code Long.MAX_VALUE} (the event-time progress
     * before the end of input) and the largest lag (processing time − watermark) seen at a watermark.
     */
    public void onInputWatermark(long watermark) {
        if (watermark == Long.MAX_VALUE || watermark == Long.MIN_VALUE) {
            return;
        }
        lastEventTimeWatermark = watermark;
        long lag = clock.currentTimeMillis() - watermark;
        if (lag > maxWatermarkLag) {
            maxWatermarkLag = lag;
        }
    }

    /** The last input watermark before the end of input (below {@code Long.MAX_VALUE}). */
    public long lastEventTimeWatermark() {
        return lastEventTimeWatermark;
    }

    /** The largest watermark lag seen at any input watermark of the run, in ms; -1 if none. */
    public long maxWatermarkLag() {
        return maxWatermarkLag;
    }

    public void setIdle(boolean idle) {
        this.idle = idle;
    }

    public boolean isIdle() {
        return idle;
    }

    /**
     * Set by whoever owns this subtask's inputs (the input task for a chain head behind an exchange, a
     * split source for its splits).
     */
    public void setDiagnostics(WatermarkDiagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /**
     * Each input's last watermark: per input channel (upstream subtask) for the head of a chain behind
     * an exchange, per split for a split source; empty elsewhere. Values may be a moment old.
     */
    public Map<String, Long> inputWatermarks() {
        WatermarkDiagnostics d = diagnostics;
        return d == null ? Map.of() : d.inputWatermarks();
    }

    /** The inputs (channels or splits) that are idle now. */
    public Set<String> idleInputs() {
        WatermarkDiagnostics d = diagnostics;
        return d == null ? Set.of() : d.idleInputs();
    }

    /** The input (channel or split) holding this subtask's watermark back, or null. */
    @Override
    public String inputHoldingBack() {
        WatermarkDiagnostics d = diagnostics;
        return d == null ? null : d.holdingBack();
    }

    @Override
    public List<InputStatus> inputs() {
        WatermarkDiagnostics d = diagnostics;
        return d == null ? List.of() : d.inputs();
    }

    /** Set by the engine: the operator before this one in its chain, or the producer of its input channels. */
    public void setUpstreamOperator(String name) {
        this.upstreamOperator = name;
    }

    @Override
    public String upstreamOperator() {
        return upstreamOperator;
    }

    /** Set by a subtask that generates watermarks: what it publishes about them, read when asked. */
    public void setWatermarkGeneration(Supplier<WatermarkGeneration> generation) {
        this.watermarkGeneration = generation;
    }

    @Override
    public Optional<WatermarkGeneration> watermarkGeneration() {
        Supplier<WatermarkGeneration> g = watermarkGeneration;
        return g == null ? Optional.empty() : Optional.of(g.get());
    }

    /** Set by a window operator's subtask when it opens. */
    public void setWindowQuery(WindowQuery query) {
        this.windowQuery = query;
    }

    @Override
    public Optional<WindowQuery> windowQuery() {
        return Optional.ofNullable(windowQuery);
    }

    /** A split source's inputs are its splits: each split's watermark ({@link #inputWatermarks}). */
    public Map<String, Long> splitWatermarks() {
        return inputWatermarks();
    }

    /** The idle splits of a split source ({@link #idleInputs}). */
    public Set<String> idleSplits() {
        return idleInputs();
    }

    /** The split holding a split source's watermark back, or null ({@link #inputHoldingBack}). */
    public String splitHoldingBack() {
        return inputHoldingBack();
    }

    /** Batches waiting in this subtask's input queue (0 for chained operators). */
    public int queueFill() {
        WatermarkDiagnostics d = diagnostics;
        return d == null ? 0 : d.queued();
    }

    /**
     * Processing time − current input watermark, in milliseconds;
     * {@code -1} until a watermark arrived.
     */
    public long watermarkLag() {
        long wm = currentInputWatermark.get();
        if (wm == Long.MIN_VALUE || wm == Long.MAX_VALUE) {
            return -1;
        }
        return clock.currentTimeMillis() - wm;
    }

    /**
     * Writes the counters and the watermark figures, so that a job restored from a checkpoint counts
     * on from where the checkpoint was taken (its final counters are a fault-free run's).
     */
    public void snapshotCounters(StateOutput out) {
        for (Counter c : counters()) {
            out.writeLong(c.get());
        }
        out.writeLong(currentInputWatermark.get());
        out.writeLong(currentOutputWatermark.get());
        out.writeLong(lastEventTimeWatermark);
        out.writeLong(maxWatermarkLag);
        out.writeBoolean(idle);
    }

    /** Whether {@link #addCounters} ran (a restore at another parallelism). */
    private boolean countersAdded;

    /** Restores what {@link #snapshotCounters} wrote. */
    public void restoreCounters(StateInput in) throws IOException {
        for (Counter c : counters()) {
            c.inc(in.readLong() - c.get());
        }
        currentInputWatermark.set(in.readLong());
        currentOutputWatermark.set(in.readLong());
        lastEventTimeWatermark = in.readLong();
        maxWatermarkLag = in.readLong();
        idle = in.readBoolean();
    }

    /**
     * Adds what {@link #snapshotCounters} wrote of one old subtask, for a restore at another parallelism:
     * its counts if {@code count} (each old subtask's counts go to one new subtask), and the watermark
     * figures as the lowest of those added (the largest lag; idle only if all were).
     */
    public void addCounters(StateInput in, boolean count) throws IOException {
        for (Counter c : counters()) {
            long v = in.readLong();
            if (count) {
                c.inc(v);
            }
        }
        long input = in.readLong();
        long output = in.readLong();
        long last = in.readLong();
        long lag = in.readLong();
        boolean wasIdle = in.readBoolean();
        boolean first = !countersAdded;
        currentInputWatermark.set(first ? input : Math.min(input, currentInputWatermark.get()));
        currentOutputWatermark.set(first ? output : Math.min(output, currentOutputWatermark.get()));
        lastEventTimeWatermark = first ? last : Math.min(last, lastEventTimeWatermark);
        maxWatermarkLag = first ? lag : Math.max(lag, maxWatermarkLag);
        idle = first ? wasIdle : idle && wasIdle;
        countersAdded = true;
    }

    private Counter[] counters() {
        return new Counter[] {numRecordsIn, numRecordsOut, numLateRecordsDropped, numLateRecordsSideOutput,
            numLateRecordsReFired, numRecordsWithoutWindow, numWindowFirings};
    }

    /** A snapshot of every metric, by Flink's metric names. */
    @Override
    public Map<String, Long> snapshot() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put(NUM_RECORDS_IN, numRecordsIn.get());
        m.put(NUM_RECORDS_OUT, numRecordsOut.get());
        m.put(NUM_LATE_RECORDS_DROPPED, numLateRecordsDropped.get());
        m.put(NUM_LATE_RECORDS_SIDE_OUTPUT, numLateRecordsSideOutput.get());
        m.put(NUM_LATE_RECORDS_RE_FIRED, numLateRecordsReFired.get());
        m.put(NUM_RECORDS_WITHOUT_WINDOW, numRecordsWithoutWindow.get());
        m.put(NUM_WINDOW_FIRINGS, numWindowFirings.get());
        m.put(CURRENT_INPUT_WATERMARK, currentInputWatermark.get());
        m.put(CURRENT_OUTPUT_WATERMARK, currentOutputWatermark.get());
        m.put(WATERMARK_LAG, watermarkLag());
        m.put(MAX_WATERMARK_LAG, maxWatermarkLag);
        m.put(LAST_EVENT_TIME_WATERMARK, lastEventTimeWatermark);
        m.put(IDLE, idle ? 1L : 0L);
        m.put(QUEUE_FILL, (long) queueFill());
        if (watermarkBound.get() >= 0) {
            m.put(WATERMARK_BOUND, watermarkBound.get());
        }
        if (windowQuery != null) {
            m.put(OPEN_WINDOWS, openWindows.get());
            m.put(STATE_SIZE, stateSize.get());
        }
        return m;
    }

    @Override
    public String toString() {
        return operatorName + "[" + subtaskIndex + "] " + snapshot();
    }
}
