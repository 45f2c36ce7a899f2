package io.tidemark.runtime.source;

import io.tidemark.api.common.eventtime.TimestampAssigner;
import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.time.Clock;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-split timestamps and watermarks of one source subtask, combined into one watermark.
 *
 * <p>Design: each split has its own assigner, generator (with its own idleness timer when the
 * strategy has one) and last watermark. The combined watermark is the minimum over splits that are
 * neither idle nor finished; it only moves forward. If every split is idle or finished, the source is
 * idle (and, once every split finished, it is the end of input's business to send the final
 * watermark). Cost: O(splits) per combine, which runs once per periodic emission (or per event at
 * interval 0); per record it is one map lookup.
 */
public final class SplitWatermarks<T> {

    /** What the combined output does. */
    public interface CombinedOutput {
        void emitWatermark(long watermark);

        void markIdle();

        void markActive();
    }

    /** One split's state; readable for diagnosis. */
    public static final class SplitState<T> implements WatermarkOutput {
        final TimestampAssigner<T> assigner;
        final WatermarkGenerator<T> generator;
        volatile long watermark = Long.MIN_VALUE;
        volatile boolean idle;
        volatile boolean finished;
        /** Records seen; written by the source thread only, read for diagnosis (may be a moment old). */
        long records;

        SplitState(TimestampAssigner<T> assigner, WatermarkGenerator<T> generator) {
            this.assigner = assigner;
            this.generator = generator;
        }

        @Override
        public void emitWatermark(Watermark w) {
            idle = false;
            if (w.getTimestamp() > watermark) {
                watermark = w.getTimestamp();
            }
        }

        @Override
        public void markIdle() {
            idle = true;
        }

        @Override
        public void markActive() {
            idle = false;
        }

        public long getWatermark() {
            return watermark;
        }

        public boolean isIdle() {
            return idle;
        }

        public boolean isFinished() {
            return finished;
        }

        public long getRecords() {
            return records;
        }
    }

    private final WatermarkStrategy<T> strategy;
    private final Clock clock;
    private final CombinedOutput output;
    private final Map<String, SplitState<T>> splits = Collections.synchronizedMap(new LinkedHashMap<>());
    private long combined = Long.MIN_VALUE;
    private boolean idle;

    public SplitWatermarks(WatermarkStrategy<T> strategy, Clock clock, CombinedOutput output) {
        this.strategy = strategy;
        this.clock = clock;
        this.output = output;
    }

    /** The split of the previous call: sources mostly emit runs of one split, so most calls skip the map. */
    private String lastId;
    private SplitState<T> lastSplit;

    private SplitState<T> split(String id) {
        if (id == lastId && id != null) {
            return lastSplit;
        }
        SplitState<T> s = lookup(id);
        lastId = id;
        lastSplit = s;
        return s;
    }

    private SplitState<T> lookup(String id) {
        SplitState<T> s = splits.get(id);
        if (s == null) {
            s = new SplitState<>(strategy.createTimestampAssigner(() -> clock), strategy.createWatermarkGenerator(() -> clock));
            splits.put(id, s);
        }
        return s;
    }

    /** Registers a split before its first record, so it holds the watermark back from the start. */
    public void announce(String splitId) {
        split(splitId);
    }

    /** The record's timestamp, from its split's assigner. The caller emits the record, then calls {@link #onEvent}. */
    public long assignTimestamp(String splitId, T element, long recordTimestamp) {
        return split(splitId).assigner.extractTimestamp(element, recordTimestamp);
    }

    /**
     * Assigns the timestamp and lets the generator see the record at once.
     *
     * @deprecated a periodic emission between this call and the record's emission could overtake the
     *     record; use {@link #assignTimestamp}, emit the record, then {@link #onEvent}.
     */
    @Deprecated
    public long onRecord(String splitId, T element, long recordTimestamp) {
        long ts = assignTimestamp(splitId, element, recordTimestamp);
        onEvent(splitId, element, ts);
        return ts;
    }

    /** Lets the split's generator see an emitted record. */
    public void onEvent(String splitId, T element, long timestamp) {
        SplitState<T> s = split(splitId);
        s.records++;
        if (s.idle) {
            s.idle = false; // a volatile write only when the state changes
        }
        s.generator.onEvent(element, timestamp, s);
    }

    /** Asks every live split's generator to emit (periodic emission), then combines. */
    public void onPeriodicEmit() {
        synchronized (splits) {
            for (SplitState<T> s : splits.values()) {
                if (!s.finished) {
                    s.generator.onPeriodicEmit(s);
                }
            }
        }
        combine();
    }

    /** Asks one split's generator to emit (per-event mode), then combines. */
    public void onPeriodicEmit(String splitId) {
        SplitState<T> s = split(splitId);
        s.generator.onPeriodicEmit(s);
        combine();
    }

    public void splitFinished(String splitId) {
        split(splitId).finished = true;
        combine();
    }

    /** Emits the minimum over active splits if it advanced; turns "all idle" into an idle source. */
    public void combine() {
        long min = Long.MAX_VALUE;
        boolean anyActive = false;
        synchronized (splits) {
            for (SplitState<T> s : splits.values()) {
                if (!s.finished && !s.idle) {
                    anyActive = true;
                    min = Math.min(min, s.watermark);
                }
            }
        }
        if (!anyActive) {
            if (!idle && !splits.isEmpty()) {
                idle = true;
                output.markIdle();
            }
            return;
        }
        if (idle) {
            idle = false;
            output.markActive();
        }
        if (min > combined) {
            combined = min;
            output.emitWatermark(min);
        }
    }

    /** A snapshot of every split's state, in order of first appearance. */
    public Map<String, SplitState<T>> getSplits() {
        synchronized (splits) {
            return new LinkedHashMap<>(splits);
        }
    }

    /** The active split with the lowest watermark (the one holding the source back), or null. */
    public String holdingBack() {
        String id = null;
        long min = Long.MAX_VALUE;
        synchronized (splits) {
            for (Map.Entry<String, SplitState<T>> e : splits.entrySet()) {
                SplitState<T> s = e.getValue();
                if (!s.finished && !s.idle && (id == null || s.watermark < min)) {
                    id = e.getKey();
                    min = s.watermark;
                }
            }
        }
        return id;
    }

    public long getCombinedWatermark() {
        return combined;
    }
}
