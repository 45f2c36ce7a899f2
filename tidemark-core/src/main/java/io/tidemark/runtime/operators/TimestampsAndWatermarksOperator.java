package io.tidemark.runtime.operators;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.eventtime.TimestampAssigner;
import io.tidemark.api.common.eventtime.TimestampAssignerSupplier;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkGeneratorSupplier;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.time.Clock;

/**
 * {@code assignTimestampsAndWatermarks}: gives each record its timestamp and runs the watermark
 * generator.
 *
 * <p>Design: the generator sees every event ({@code onEvent}) and is asked to emit every
 * {@code autoWatermarkInterval} of processing time (a self-re-arming processing-time timer, first due
 * one interval after open). At interval 0 it is asked after every event instead, and every 200 ms for
 * idleness. Emitted watermarks pass a monotonic guard: a watermark not above the last one is dropped.
 * Upstream watermarks are replaced by this operator's own, except the final {@code Long.MAX_VALUE}
 * one that ends a bounded input. Idleness: a generator that marks its output idle sends an in-band
 * IDLE status; the next record or higher watermark sends ACTIVE before it.
 */
public final class TimestampsAndWatermarksOperator<T> extends AbstractStreamOperator<T, T> {

    /** How often idleness is checked when watermarks are emitted per event. */
    static final long IDLENESS_CHECK_INTERVAL = ExecutionConfig.DEFAULT_AUTO_WATERMARK_INTERVAL;

    private final WatermarkStrategy<T> strategy;
    private TimestampAssigner<T> assigner;
    private WatermarkGenerator<T> generator;
    private Emitter emitter;
    private long interval;
    private boolean perEvent;

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
        emitter = new Emitter();
        interval = context.getConfig().getAutoWatermarkInterval();
        perEvent = interval == 0;
        long period = perEvent ? IDLENESS_CHECK_INTERVAL : interval;
        ProcessingTimeService pts = context.getProcessingTimeService();
        pts.registerTimer(safeAdd(pts.getCurrentProcessingTime(), period), this::onPeriodic);
    }

    private static long safeAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    private void onPeriodic(long time) {
        try {
            generator.onPeriodicEmit(emitter);
        } catch (Throwable t) {
            throw failure(t);
        }
        ProcessingTimeService pts = context.getProcessingTimeService();
        long period = perEvent ? IDLENESS_CHECK_INTERVAL : interval;
        pts.registerTimer(safeAdd(pts.getCurrentProcessingTime(), period), this::onPeriodic);
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        long previous = record.hasTimestamp() ? record.getTimestamp() : TimestampAssigner.NO_TIMESTAMP;
        long ts = assigner.extractTimestamp(record.getValue(), previous);
        record.setTimestamp(ts);
        emitter.markActive();
        output.collect(record);
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

    /** The generator's output: monotonic, and turns idleness into in-band status changes. */
    private final class Emitter implements WatermarkOutput {
        private long lastEmitted = Long.MIN_VALUE;
        private boolean idle;

        @Override
        public void emitWatermark(Watermark watermark) {
            long ts = watermark.getTimestamp();
            if (ts <= lastEmitted) {
                return;
            }
            markActive();
            lastEmitted = ts;
            currentWatermark = ts;
            metrics.currentOutputWatermark.set(ts);
            output.emitWatermark(watermark);
        }

        @Override
        public void markIdle() {
            if (!idle) {
                idle = true;
                metrics.setIdle(true);
                output.emitWatermarkStatus(WatermarkStatus.IDLE);
            }
        }

        @Override
        public void markActive() {
            if (idle) {
                idle = false;
                metrics.setIdle(false);
                output.emitWatermarkStatus(WatermarkStatus.ACTIVE);
            }
        }
    }
}
