package io.tidemark.cli.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.tidemark.cli.spi.OutputSpec;
import io.tidemark.cli.spi.SourceSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Reads and checks a job file (YAML) against the key table ({@link JobKeys#table}), then checks what
 * involves several keys ({@link #crossChecks}) and the places it reads and writes ({@link Places}).
 * Relative paths resolve against the job file's folder. Every mistake is a {@link ConfigException}
 * naming the key, found before anything is read or written.
 */
public final class JobConfigLoader {

    private JobConfigLoader() {}

    /** Reads {@code jobFile} within {@link JobFileYaml}'s bounds and checks it. */
    public static JobConfig load(Path jobFile, Catalog catalog) {
        JsonNode root = JobFileYaml.read(jobFile);
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new ConfigException("", jobFile + " is empty");
        }
        return parse(root, jobFile.toAbsolutePath().normalize(), catalog);
    }

    /**
     * A job described by {@code root} (a job file's tree) as if it were the file {@code jobFile}: relative
     * paths resolve against its folder. For commands that build a job from their options.
     */
    public static JobConfig fromTree(JsonNode root, Path jobFile, Catalog catalog) {
        return parse(root, jobFile.toAbsolutePath().normalize(), catalog);
    }

    static JobConfig parse(JsonNode root, Path jobFile, Catalog catalog) {
        Path dir = jobFile.getParent();
        Settings s = JobKeys.table(catalog).read(root);

        String name = s.get(JobKeys.NAME);
        if (name == null) {
            name = jobFile.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        }
        SourceSpec spec = catalog.source(s.get(JobKeys.SOURCE_TYPE)).spec(s, dir);
        JobConfig.Source source = new JobConfig.Source(spec, JobConfig.Format.valueOf(s.get(JobKeys.FORMAT).toUpperCase(Locale.ROOT)),
                s.get(JobKeys.COLUMNS), Boolean.TRUE.equals(s.get(JobKeys.HEADER)), s.get(JobKeys.PARTITION_FIELD),
                s.applies(JobKeys.ARRIVAL_TIME_FIELD) ? s.get(JobKeys.ARRIVAL_TIME_FIELD) : null, s.get(JobKeys.MAX_LINE_LENGTH),
                s.get(JobKeys.SORT_BUFFER));
        JobConfig.EventTime eventTime = new JobConfig.EventTime(s.get(JobKeys.TIME_FIELD), s.get(JobKeys.UNIT),
                s.get(JobKeys.MAX_FUTURE), s.get(JobKeys.CONFIRMATIONS), s.get(JobKeys.UNIT_CHECK));
        JobConfig.Strategy strategy = JobConfig.Strategy.valueOf(s.get(JobKeys.STRATEGY).toUpperCase(Locale.ROOT));
        boolean perEvent = s.get(JobKeys.EMIT).equals("per-event");
        JobConfig.Watermark watermark = new JobConfig.Watermark(strategy,
                strategy == JobConfig.Strategy.BOUNDED ? s.get(JobKeys.MAX_OUT_OF_ORDERNESS) : null, perEvent,
                perEvent ? Duration.ZERO : s.get(JobKeys.INTERVAL), s.get(JobKeys.IDLENESS),
                s.applies(JobKeys.IDLE_ADVANCE) ? s.get(JobKeys.IDLE_ADVANCE) : null,
                s.applies(JobKeys.ALIGNMENT_DRIFT) ? s.get(JobKeys.ALIGNMENT_DRIFT) : null,
                s.applies(JobKeys.ALIGNMENT_UPDATE) ? s.get(JobKeys.ALIGNMENT_UPDATE) : null,
                s.applies(JobKeys.PER_KEY) && s.get(JobKeys.PER_KEY),
                strategy == JobConfig.Strategy.ADAPTIVE ? adaptive(s) : null);
        JobConfig.WindowType type = JobConfig.WindowType.valueOf(s.get(JobKeys.WINDOW_TYPE).toUpperCase(Locale.ROOT));
        JobConfig.Window window = new JobConfig.Window(type, s.applies(JobKeys.SIZE) ? s.get(JobKeys.SIZE) : null,
                s.applies(JobKeys.SLIDE) ? s.get(JobKeys.SLIDE) : null, s.applies(JobKeys.OFFSET) ? s.get(JobKeys.OFFSET) : null,
                s.applies(JobKeys.GAP) ? s.get(JobKeys.GAP) : null);
        List<String> keyBy = s.get(JobKeys.KEY_BY);
        JobConfig.Outputs outputs = new JobConfig.Outputs(
                output(s, catalog, JobKeys.OUTPUTS.get(0), dir, true),
                output(s, catalog, JobKeys.OUTPUTS.get(1), dir, false),
                output(s, catalog, JobKeys.OUTPUTS.get(2), dir, false));
        JobConfig job = new JobConfig(jobFile, name, source, eventTime, watermark, keyBy == null ? List.of() : keyBy, window,
                s.get(JobKeys.ALLOWED_LATENESS), s.get(JobKeys.AGGREGATE), outputs, s.get(JobKeys.DEAD_LETTER_LIMIT), s);
        crossChecks(job);
        Places.check(job);
        return job;
    }

    /** {@code watermark.strategy: adaptive}'s bound, each mistake named by its key. */
    private static io.tidemark.api.common.eventtime.AdaptiveBound adaptive(Settings s) {
        double q = s.get(JobKeys.QUANTILE);
        if (!(q > 0)) {
            throw new ConfigException(JobKeys.QUANTILE.path(), "must be above 0%");
        }
        Duration min = s.get(JobKeys.MIN);
        Duration max = s.get(JobKeys.MAX);
        if (min.compareTo(max) > 0) {
            throw new ConfigException(JobKeys.MIN.path(), "must not be above watermark.max (" + Durations.format(max) + ")");
        }
        if (s.get(JobKeys.WINDOW).toMillis() < 10) {
            throw new ConfigException(JobKeys.WINDOW.path(), "must be at least 10ms");
        }
        var bound = io.tidemark.api.common.eventtime.AdaptiveBound.quantile(q).factor(s.get(JobKeys.FACTOR)).over(s.get(JobKeys.WINDOW))
                .between(min, max);
        return s.get(JobKeys.MAX_STEP) == null ? bound : bound.maxStep(s.get(JobKeys.MAX_STEP));
    }

    private static OutputSpec output(Settings s, Catalog catalog, String output, Path dir, boolean stdoutByDefault) {
        Key<String> type = JobKeys.outputType(output);
        if (!s.isSet(type)) {
            return stdoutByDefault ? catalog.output("stdout").spec(s, output, dir) : null;
        }
        return catalog.output(s.get(type)).spec(s, output, dir);
    }

    /** What involves several keys. */
    static void crossChecks(JobConfig job) {
        Settings s = job.settings();
        JobConfig.Window w = job.window();
        if (w.offset() != null) {
            Duration limit = w.type() == JobConfig.WindowType.SLIDING ? w.slide() : w.size();
            if (Math.abs(w.offset().toMillis()) >= limit.toMillis()) {
                throw new ConfigException(JobKeys.OFFSET.path(), "must be smaller than "
                        + (w.type() == JobConfig.WindowType.SLIDING ? JobKeys.SLIDE : JobKeys.SIZE).path()
                        + " (" + Durations.format(limit) + ")");
            }
        }
        if (job.watermark().strategy() == JobConfig.Strategy.NONE && !job.allowedLateness().isZero()) {
            throw new ConfigException(JobKeys.ALLOWED_LATENESS.path(), "has no effect with watermark.strategy none (nothing is ever late)");
        }
        if (job.monitoring() != null) {
            try {
                java.net.InetAddress.getByName(job.monitoring().bind());
            } catch (java.io.IOException | SecurityException e) {
                throw new ConfigException(JobKeys.MONITOR_BIND.path(), "'" + job.monitoring().bind() + "' is not an address of "
                        + "this machine (e.g. 127.0.0.1, ::1 or 0.0.0.0)");
            }
        }
        if (job.checkpoint() != null) {
            if (job.checkpoint().interval().toMillis() < 10) {
                throw new ConfigException(JobKeys.CHECKPOINT_INTERVAL.path(), "must be at least 10ms: "
                        + Durations.format(job.checkpoint().interval()));
            }
            if (!job.source().spec().resumable()) {
                throw new ConfigException(JobKeys.CHECKPOINT_DIR.path(), "not with " + job.source().spec().describe()
                        + ": it cannot be read again from a position, so a run cannot resume (what it sent since the last "
                        + "checkpoint, and while the job was down, would be lost); use a file, the generator or Kafka");
            }
        }
        if (job.watermark().perKey() && s.get(JobKeys.STATE_BACKEND).equals("rocksdb")) {
            throw new ConfigException(JobKeys.PER_KEY.path(), "true needs state.backend: heap (per-key watermarks keep their windows "
                    + "on the heap)");
        }
        if (s.isSet(JobKeys.HEADER) && !s.get(JobKeys.HEADER) && job.source().columns() == null) {
            throw new ConfigException(JobKeys.HEADER.path(), "false needs source.columns to name the fields");
        }
        if (job.outputs().late() != null) {
            String lateType = job.outputs().late().type();
            String format = job.source().format().name().toLowerCase(Locale.ROOT);
            if ((lateType.equals("jsonl") || lateType.equals("csv")) && !lateType.equals(format)) {
                throw new ConfigException(JobKeys.OUTPUTS.get(1) + ".type", "is " + lateType + " but the input is " + format
                        + ": late records are written as they were read; use type: " + format);
            }
        }
    }
}
