package io.tidemark.runtime.operators;

import io.tidemark.api.common.eventtime.CurrentBound;
import io.tidemark.api.common.eventtime.TimestampAssigner;
import io.tidemark.api.common.eventtime.TimestampAssignerSupplier;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkGeneratorSupplier;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.checkpoint.RestoredState;
import java.util.List;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.checkpoint.WatermarkProgress;
import io.tidemark.runtime.operators.sort.EventTimeSortBuffer;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.watermarks.EventTimeTracker;
import io.tidemark.runtime.watermarks.GenerationFacts;
import io.tidemark.runtime.watermarks.WatermarkEmitter;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.time.Clock;
import io.tidemark.util.OutputTag;

/**
 * {@code assignTimestampsAndWatermarks}: gives each record its timestamp and runs the watermark
 * generator.
 *
 * <p>Design: the generator sees every event ({@code onEvent}) and is asked to emit by the engine's
 * periodic timer ({@link io.tidemark.runtime.time.ProcessingTimeService#schedulePeriodically}, every
 * {@link io.tidemark.api.common.ExecutionConfig#getAutoWatermarkInterval} of processing time, first one
 * interval after open; never at interval 0, as in Flink); in per-event mode also right after every
 * event. It emits through a
 * {@link WatermarkEmitter}: monotonic, idleness as in-band status changes (IDLE when the generator marks
 * its output idle, ACTIVE before the next record or higher watermark). Upstream watermarks are replaced
 * by this operator's own, except the final {@code Long.MAX_VALUE} one that ends a bounded input.
 *
 * <p>With a reorder buffer ({@code sortByEventTime}, {@link EventTimeSortBuffer}) each record waits in
 * it after its timestamp is assigned; what leaves it, in timestamp order, is emitted and seen by the
 * generator as above, so a monotonous generator gives a watermark one below the last record out.
 * A record older than the last one out goes to the late output. The final watermark flushes the
 * buffer first. The buffered records are part of checkpoints.
 */
public final class TimestampsAndWatermarksOperator<T> extends AbstractStreamOperator<T, T> {

    private final WatermarkStrategy<T> strategy;
    private TimestampAssigner<T> assigner;
    private WatermarkGenerator<T> generator;
    private WatermarkEmitter emitter;
    private EventTimeTracker events;
    private boolean perEvent;
    private ProcessingTimeService.PeriodicTimer periodic;
    /** What a restore gave, applied when the generator exists ({@link #open}); null on a fresh start. */
    private WatermarkProgress restored;

    /** The reorder buffer, or null (none). */
    private final EventTimeSortBuffer<T> sorter;
    /** Where records older than the sorter's last one out go, or null (dropped and counted). */
    private final OutputTag<T> lateTag;
    private final EventTimeSortBuffer.Sink<T> released = this::emit;
    private final EventTimeSortBuffer.Sink<T> late = this::late;
    /** The record the sorter's released records go out in (the chain passes it on by reference). */
    private final StreamRecord<T> out = new StreamRecord<>(null);

    public TimestampsAndWatermarksOperator(WatermarkStrategy<T> strategy) {
        this(strategy, null);
    }

    /** With {@code sort} (may be null), a reorder buffer between the assigner and the generator. */
    @SuppressWarnings("unchecked")
    public TimestampsAndWatermarksOperator(WatermarkStrategy<T> strategy, OperatorDescription.Sort sort) {
        this.strategy = strategy;
        this.sorter = sort == null ? null : new EventTimeSortBuffer<>(sort.bufferMillis());
        this.lateTag = sort == null ? null : (OutputTag<T>) sort.lateTag();
    }

    @Override
    public void open() throws Exception {
        super.open();
        Clock clock = context.getClock();
        assigner = strategy.createTimestampAssigner(() -> clock);
        WatermarkGeneratorSupplier.Context genContext = () -> clock;
        generator = strategy.createWatermarkGenerator(genContext);
        emitter = new WatermarkEmitter(output, metrics);
        events = new EventTimeTracker(String.valueOf(context.getSubtaskIndex()), clock);
        perEvent = context.getConfig().isPerEventWatermarks();
        long interval = context.getConfig().getAutoWatermarkInterval();
        metrics.setWatermarkGeneration(GenerationFacts.of(strategy, interval, events::largestJumps, metrics.watermarkBound::get));
        if (restored != null) {
            restored.restore(emitter.state(), generator);
        }
        if (interval > 0) {
            ProcessingTimeService.ProcessingTimeCallback emit = time -> {
                try {
                    events.check();
                    if (sorter != null) {
                        metrics.stateSize.set(sorter.size());
                    }
                    generator.onPeriodicEmit(emitter);
                    metrics.watermarkBound.set(CurrentBound.of(generator));
                } catch (Throwable t) {
                    throw failure(t);
                }
            };
            ProcessingTimeService timers = context.getProcessingTimeService();
            periodic = restored != null && restored.nextPeriodic() != Long.MIN_VALUE
                    ? timers.schedulePeriodically(interval, restored.nextPeriodic(), emit)
                    : timers.schedulePeriodically(interval, emit);
        }
        restored = null;
    }

    /** The emitted watermark and status, the generator's progress, the next periodic emission; the reorder buffer. */
    @Override
    protected void snapshotOperatorState(StateSnapshot.Builder out) throws Exception {
        out.section(SECTION, 1, o -> WatermarkProgress.of(emitter.state(), generator,
                periodic == null ? Long.MIN_VALUE : periodic.nextTime()).write(o));
        if (sorter != null) {
            out.section(SORT_SECTION, 1, sorter::snapshot);
        }
    }

    @Override
    protected void restoreOperatorState(StateSnapshot snapshot, RestoredState from) throws Exception {
        // at a changed parallelism: the progress of the share with the lowest watermark (nothing on time becomes late)
        for (StateSnapshot share : from.shares()) {
            share.read(SECTION, 1, in -> {
                WatermarkProgress p = WatermarkProgress.read(in);
                if (restored == null || p.watermark() < restored.watermark()) {
                    restored = p;
                }
            });
        }
        if (sorter != null) {
            List<StateSnapshot> buffers = from.shares().stream().filter(s -> s.has(SORT_SECTION)).toList();
            if (buffers.size() > 1) {
                throw new IllegalStateException("operator '" + context.getOperatorName() + "': the reorder buffers of "
                        + from.shares().size() + " subtasks of the checkpoint cannot be merged into one; restore at parallelism "
                        + from.all().size() + " or more");
            }
            if (!buffers.isEmpty()) {
                buffers.get(0).read(SORT_SECTION, 1, sorter::restore);
            }
        }
    }

    private static final String SECTION = "watermarks";
    private static final String SORT_SECTION = "sort";

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        long previous = record.hasTimestamp() ? record.getTimestamp() : TimestampAssigner.NO_TIMESTAMP;
        long ts = assigner.extractTimestamp(record.getValue(), previous);
        if (sorter != null) {
            sorter.offer(record.getValue(), ts, released, late);
            return;
        }
        record.setTimestamp(ts);
        emit(record);
    }

    private void emit(T value, long timestamp) {
        emit(out.replace(value, timestamp));
    }

    private void emit(StreamRecord<T> record) {
        emitter.markActive();
        output.collect(record);
        events.onEvent(record.getValue(), record.getTimestamp());
        generator.onEvent(record.getValue(), record.getTimestamp(), emitter);
        if (perEvent) {
            generator.onPeriodicEmit(emitter);
        }
    }

    /** A record older than the sorter's last one out: to the late output, or dropped; counted either way. */
    private void late(T value, long timestamp) {
        if (lateTag == null) {
            metrics.numLateRecordsDropped.inc();
        } else {
            metrics.numLateRecordsSideOutput.inc();
            output.collect(lateTag, new StreamRecord<>(value, timestamp));
        }
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        // upstream watermarks are replaced by ours; only the end of event time passes (after the buffer)
        if (watermark.getTimestamp() == Long.MAX_VALUE) {
            if (sorter != null) {
                sorter.flush(released);
                metrics.stateSize.set(0);
            }
            metrics.currentInputWatermark.set(Long.MAX_VALUE);
            emitter.emitWatermark(watermark);
        }
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) {
        // this operator owns the watermark of its stream; the generator decides about idleness
    }
}
