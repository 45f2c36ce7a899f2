package io.tidemark.api.common;

import io.tidemark.runtime.state.StateBackend;
import java.io.Serializable;
import java.time.Duration;

/** Job-wide settings. */
public class ExecutionConfig implements Serializable {

    private final io.tidemark.api.common.serialization.SerializerConfig serializerConfig =
            new io.tidemark.api.common.serialization.SerializerConfig();

    private static final long serialVersionUID = 1L;

    /** Flink's default periodic watermark interval. */
    public static final long DEFAULT_AUTO_WATERMARK_INTERVAL = 200L;

    private long autoWatermarkInterval = DEFAULT_AUTO_WATERMARK_INTERVAL;
    private boolean perEventWatermarks;
    private final io.tidemark.streaming.api.environment.CheckpointConfig checkpointConfig =
            new io.tidemark.streaming.api.environment.CheckpointConfig();

    /** The job's checkpoint settings ({@code env.getCheckpointConfig()}). */
    public io.tidemark.streaming.api.environment.CheckpointConfig getCheckpointConfig() {
        return checkpointConfig;
    }

    /**
     * How often (milliseconds of processing time) watermark generators' {@code onPeriodicEmit} runs, and
     * with it the idleness checks of {@code withIdleness}. Default 200 ms. As in Flink, <b>0 switches
     * periodic emission off</b>: periodic generators (bounded out-of-orderness, monotonous) then emit no
     * watermark until the final one at the end of a bounded input, and no input is ever detected idle;
     * generators that emit in {@code onEvent} (punctuated) work as before. For a watermark after every
     * event, see {@link #setPerEventWatermarks}.
     */
    public ExecutionConfig setAutoWatermarkInterval(long intervalMillis) {
        if (intervalMillis < 0) {
            throw new IllegalArgumentException("the watermark interval cannot be negative: " + intervalMillis);
        }
        this.autoWatermarkInterval = intervalMillis;
        return this;
    }

    /** Same as {@link #setAutoWatermarkInterval(long)}. */
    public ExecutionConfig setAutoWatermarkInterval(Duration interval) {
        return setAutoWatermarkInterval(interval.toMillis());
    }

    /** The periodic emission interval in milliseconds; 0 when periodic emission is off. */
    public long getAutoWatermarkInterval() {
        return autoWatermarkInterval;
    }

    /**
     * Tidemark's extension: also ask every watermark generator for a watermark right after each event
     * ({@code onPeriodicEmit} after {@code onEvent}), so that watermarks, and with them the results, are
     * a function of the input alone, whatever the processing time. Periodic emission (and with it
     * idleness detection) keeps running every {@link #getAutoWatermarkInterval auto-watermark interval}.
     * The Flink runner does the same on Flink. Off by default.
     */
    public ExecutionConfig setPerEventWatermarks(boolean perEvent) {
        this.perEventWatermarks = perEvent;
        return this;
    }

    /** Whether generators are also asked for a watermark after every event ({@link #setPerEventWatermarks}). */
    public boolean isPerEventWatermarks() {
        return perEventWatermarks;
    }

    /** How types are serialized (see {@link io.tidemark.api.common.serialization.SerializerConfig}). */
    public io.tidemark.api.common.serialization.SerializerConfig getSerializerConfig() {
        return serializerConfig;
    }

    /** The maximum parallelism; -1: Flink's default for each operator's parallelism. */
    private int maxParallelism = -1;

    /**
     * The maximum parallelism of the job's operators ({@code pipeline.max-parallelism}): no operator may
     * run at more subtasks; functions see it as {@code getTaskInfo().getMaxNumberOfParallelSubtasks()}.
     * The embedded engine has no key groups to size with it; the Flink runner gives it to Flink.
     */
    public ExecutionConfig setMaxParallelism(int maxParallelism) {
        if (maxParallelism < 1 || maxParallelism > 32768) {
            throw new IllegalArgumentException("the maximum parallelism must be from 1 to 32768: " + maxParallelism);
        }
        this.maxParallelism = maxParallelism;
        return this;
    }

    /** The maximum parallelism set ({@link #setMaxParallelism}), or -1 for Flink's default. */
    public int getMaxParallelism() {
        return maxParallelism;
    }

    /** The job's state backend; null for the default. */
    private StateBackend stateBackend;

    /**
     * Where keyed operators keep their state: {@code HashMapStateBackend} (the heap; the default) or
     * another backend such as tidemark-rocksdb's {@code EmbeddedRocksDBStateBackend}.
     */
    public ExecutionConfig setStateBackend(StateBackend backend) {
        if (backend == null) {
            throw new NullPointerException("state backend");
        }
        this.stateBackend = backend;
        return this;
    }

    /** The job's state backend ({@link #setStateBackend}); null for the default, the heap. */
    public StateBackend getStateBackend() {
        return stateBackend;
    }
}
