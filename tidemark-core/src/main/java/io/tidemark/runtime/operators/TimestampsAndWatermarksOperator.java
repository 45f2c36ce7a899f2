package io.tidemark.runtime.operators;

import io.tidemark.api.common.eventtime.TimestampAssigner;
import io.tidemark.api.common.eventtime.TimestampAssignerSupplier;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkGeneratorSupplier;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.checkpoint.WatermarkProgress;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.watermarks.EventTimeTracker;
import io.tidemark.runtime.watermarks.GenerationFacts;
import io.tidemark.runtime.watermarks.WatermarkEmitter;
import io.tidemark.time.Clock;

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

    public TimestampsAndWatermarksOperator(WatermarkStrategy<T> strategy) {
        this.strategy = strategy;
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
        metrics.setWatermarkGeneration(GenerationFacts.of(strategy, interval, events::largestJumps));
        if (restored != null) {
            restored.restore(emitter.state(), generator);
        }
        if (interval > 0) {
            ProcessingTimeService.ProcessingTimeCallback emit = time -> {
                try {
                    events.check();
                    generator.onPeriodicEmit(emitter);
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

    /** The emitted watermark and status, the generator's progress, the next periodic emission. */
    @Override
    protected void snapshotOperatorState(StateSnapshot.Builder out) throws Exception {
        out.section(SECTION, 1, o -> WatermarkProgress.of(emitter.state(), generator,
                periodic == null ? Long.MIN_VALUE : periodic.nextTime()).write(o));
    }

    @Override
    protected void restoreOperatorState(StateSnapshot snapshot, RestoredState from) throws Exception {
        snapshot.read(SECTION, 1, in -> restored = WatermarkProgress.read(in));
    }

    private static final String SECTION = "watermarks";

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        long previous = record.hasTimestamp() ? record.getTimestamp() : TimestampAssigner.NO_TIMESTAMP;
        long ts = assigner.extractTimestamp(record.getValue(), previous);
        record.setTimestamp(ts);
        emitter.markActive();
        output.collect(record);
        events.onEvent(record.getValue(), ts);
        generator.onEvent(record.getValue(), ts, emitter);
        if (perEvent) {
            generator.onPeriodicEmit(emitter);
        }
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        // upstream watermarks are replaced by ours; only the end of event time passes
        if (watermark.getTimestamp() == Long.MAX_VALUE) {
            metrics.currentInputWatermark.set(Long.MAX_VALUE);
            emitter.emitWatermark(watermark);
        }
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) {
        // this operator owns the watermark of its stream; the generator decides about idleness
    }
}
