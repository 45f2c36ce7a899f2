package io.tidemark.cli.config;

import io.tidemark.cli.gen.GeneratorOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** A validated job file. Built by {@link JobConfigLoader}; every value is checked and defaulted. */
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
        OutputSpec results,
        OutputSpec late,
        OutputSpec deadLetter) {

    public enum SourceType { FILE, GENERATOR, SOCKET }

    public enum Format { JSONL, CSV }

    /** {@code source}: where lines come from and how to read them. */
    public record Source(SourceType type, Path path, Format format, String partitionField, String arrivalTimeField,
            String host, int port, GeneratorOptions generator) {

        /** Whether processing time is replayed from the arrival-time field. */
        public boolean replay() {
            return arrivalTimeField != null;
        }
    }

    /** {@code event-time}: the field, its unit and the plausibility checks. */
    public record EventTime(String field, TimeUnitKind unit, Duration maxFuture, boolean unitCheck) {}

    public enum Strategy { BOUNDED, MONOTONOUS, NONE }

    /** {@code watermark}. {@code interval} is zero for per-event emission. */
    public record Watermark(Strategy strategy, Duration maxOutOfOrderness, boolean perEvent, Duration interval,
            Duration idleness) {

        /** The bound the watermark trails the largest timestamp by (0 for monotonous and none). */
        public long boundMillis() {
            return strategy == Strategy.BOUNDED ? maxOutOfOrderness.toMillis() : 0L;
        }
    }

    public enum WindowType { TUMBLING, SLIDING, SESSION }

    /** {@code window}. Unused durations are null. */
    public record Window(WindowType type, Duration size, Duration slide, Duration offset, Duration gap) {}
}
