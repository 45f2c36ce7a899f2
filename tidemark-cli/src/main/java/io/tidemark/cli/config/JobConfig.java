package io.tidemark.cli.config;

import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import io.tidemark.cli.spi.SourceSpec;
import io.tidemark.runtime.state.StateBackendOptions;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A checked job file, built by {@link JobConfigLoader} from its {@link Settings} (kept for
 * {@code validate}). The parts the job's source task needs are serializable.
 */
public record JobConfig(
        Path jobFile,
        String name,
        Source source,
        EventTime eventTime,
        Watermark watermark,
        List<String> keyBy,
        Window window,
        Duration allowedLateness,
        List<AggregateSpec> aggregates,
        Outputs outputs,
        double deadLetterLimit,
        Settings settings) {

    /**
     * {@code monitoring}: where the running job's monitor serves (metrics, JSON API, page), or null when
     * the job file does not ask for one.
     */
    public Monitoring monitoring() {
        if (!settings.isSet(JobKeys.MONITOR_PORT)) {
            return null;
        }
        return new Monitoring(settings.get(JobKeys.MONITOR_PORT), settings.get(JobKeys.MONITOR_BIND));
    }

    /** {@code checkpoint}: where and how often the job's checkpoints are taken, or null when the job file has none. */
    public Checkpoint checkpoint() {
        if (!settings.isSet(JobKeys.CHECKPOINT_DIR)) {
            return null;
        }
        return new Checkpoint(jobFile.getParent().resolve(settings.get(JobKeys.CHECKPOINT_DIR)).normalize(),
                settings.get(JobKeys.CHECKPOINT_INTERVAL), settings.get(JobKeys.CHECKPOINT_RETAIN));
    }

    /** The checkpoint folder (absolute), the interval between checkpoints, how many completed ones are kept. */
    public record Checkpoint(Path dir, Duration interval, int retain) {}

    /** The monitor's port (0: any free one) and the address it listens on. */
    public record Monitoring(int port, String bind) {}

    /**
     * {@code state}: the state backend's configuration with Flink 2.3's keys ({@code state.backend.type},
     * {@code state.backend.rocksdb.localdir}, {@code execution.checkpointing.incremental}), for
     * {@code StateBackendLoader.fromConfig}.
     */
    public Map<String, String> stateBackend() {
        Map<String, String> config = new LinkedHashMap<>();
        String backend = settings.get(JobKeys.STATE_BACKEND);
        config.put(StateBackendOptions.STATE_BACKEND, backend);
        if (backend.equals("rocksdb")) {
            if (stateDir() != null) {
                config.put(StateBackendOptions.ROCKSDB_LOCAL_DIRECTORIES, stateDir().toString());
            }
            config.put(StateBackendOptions.INCREMENTAL_CHECKPOINTS, String.valueOf(settings.get(JobKeys.STATE_INCREMENTAL)));
        }
        return config;
    }

    /** {@code state.dir} with the RocksDB backend, relative to the job file's folder; null if not set. */
    public Path stateDir() {
        if (!settings.get(JobKeys.STATE_BACKEND).equals("rocksdb") || settings.get(JobKeys.STATE_DIR) == null) {
            return null;
        }
        return jobFile.toAbsolutePath().getParent().resolve(settings.get(JobKeys.STATE_DIR)).normalize();
    }

    public enum Format { JSONL, CSV }

    /**
     * {@code source}: where lines come from and how to read them.
     *
     * @param columns the CSV columns' names when the job file gives them, else null (a header names them)
     * @param header whether the first line is a CSV header
     * @param sortBuffer each split's reorder buffer ({@code source.sort.buffer}), or null: no sorting
     */
    public record Source(SourceSpec spec, Format format, List<String> columns, boolean header, String partitionField,
            String arrivalTimeField, int maxLineLength, Duration sortBuffer) implements Serializable {

        private static final long serialVersionUID = 1L;

        /** Without sorting. */
        public Source(SourceSpec spec, Format format, List<String> columns, boolean header, String partitionField,
                String arrivalTimeField, int maxLineLength) {
            this(spec, format, columns, header, partitionField, arrivalTimeField, maxLineLength, null);
        }

        /** Whether processing time is replayed from the arrival-time field. */
        public boolean replay() {
            return arrivalTimeField != null;
        }
    }

    /** {@code event-time}: the field, its unit and the checks. */
    public record EventTime(String field, TimeUnitKind unit, Duration maxFuture, int confirmations, boolean unitCheck)
            implements Serializable {

        private static final long serialVersionUID = 1L;
    }

    public enum Strategy { BOUNDED, ADAPTIVE, MONOTONOUS, NONE }

    /** {@code watermark}. {@code interval} is zero for per-event emission; {@code idleness}, {@code idleAdvance} and {@code alignmentDrift} null when not set. */
    public record Watermark(Strategy strategy, Duration maxOutOfOrderness, boolean perEvent, Duration interval,
            Duration idleness, Duration idleAdvance, Duration alignmentDrift, Duration alignmentUpdate, boolean perKey,
            io.tidemark.api.common.eventtime.AdaptiveBound adaptive) implements Serializable {

        private static final long serialVersionUID = 1L;

        /** Without an adaptive bound, idle advance, alignment or per-key watermarks. */
        public Watermark(Strategy strategy, Duration maxOutOfOrderness, boolean perEvent, Duration interval, Duration idleness) {
            this(strategy, maxOutOfOrderness, perEvent, interval, idleness, null, null, null, false, null);
        }

        /** The bound the watermark trails the largest timestamp by (adaptive: its max; 0 for monotonous and none). */
        public long boundMillis() {
            return strategy == Strategy.BOUNDED ? maxOutOfOrderness.toMillis() : strategy == Strategy.ADAPTIVE ? adaptive.getMaxMillis() : 0L;
        }

        /** This section with a bounded strategy of {@code bound} and {@code idleness} (null: none), the rest as it is. */
        public Watermark withBound(Duration bound, Duration idleness) {
            return new Watermark(Strategy.BOUNDED, bound, perEvent, interval, idleness);
        }
    }

    public enum WindowType { TUMBLING, SLIDING, SESSION }

    /** {@code window}. Durations a type does not use are null. */
    public record Window(WindowType type, Duration size, Duration slide, Duration offset, Duration gap)
            implements Serializable {

        private static final long serialVersionUID = 1L;

        /** Whether some event times fall into no window (sliding windows with a slide above their size). */
        public boolean hasGaps() {
            return type == WindowType.SLIDING && slide.compareTo(size) > 0;
        }

        /** Whether {@code t} falls into no window (see {@link #hasGaps}). */
        public boolean inNoWindow(long t) {
            return hasGaps() && Math.floorMod(t - offset.toMillis(), slide.toMillis()) >= size.toMillis();
        }
    }

    /** {@code output}: results (standard out unless set), late records and dead letters (null: not written). */
    public record Outputs(OutputSpec results, OutputSpec late, OutputSpec deadLetter) {

        public OutputSpec get(OutputContext.Role role) {
            return switch (role) {
                case RESULTS -> results;
                case LATE -> late;
                case DEAD_LETTER -> deadLetter;
            };
        }
    }
}
