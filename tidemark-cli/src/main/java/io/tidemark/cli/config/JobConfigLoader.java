package io.tidemark.cli.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tidemark.cli.gen.DelayDistribution;
import io.tidemark.cli.gen.GeneratorOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads and checks a job file (YAML). Every key is checked: an unknown key, a key that has no meaning
 * for the chosen type, a bad value or a missing file is a {@link ConfigException} naming the key.
 * Relative paths resolve against the job file's folder. docs/job-file.md documents every key.
 */
public final class JobConfigLoader {

    static final String[] TOP = {"name", "source", "event-time", "watermark", "key-by", "window", "allowed-lateness",
        "aggregate", "output"};
    static final String[] GENERATOR_KEYS = {"keys", "rate", "duration", "start", "seed", "delay", "very-late-fraction",
        "very-late-delay", "splits", "idle", "unit-errors", "malformed", "future-errors"};
    static final String[] SOURCE_KEYS = {"type", "path", "format", "partition-field", "arrival-time-field", "host", "port"};

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private JobConfigLoader() {}

    public static JobConfig load(Path jobFile) {
        if (!Files.isRegularFile(jobFile)) {
            throw new ConfigException("", "job file not found: " + jobFile);
        }
        JsonNode root;
        try {
            root = YAML.readTree(jobFile.toFile());
        } catch (IOException e) {
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new ConfigException("", jobFile + " is not valid YAML: " + m.lines().findFirst().orElse(m)
                    + locate(e));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new ConfigException("", jobFile + " is empty");
        }
        return parse(root, jobFile.toAbsolutePath().normalize());
    }

    /**
     * A job file's text, read elsewhere: {@code jobFile} is where it came from (its folder resolves
     * relative paths). Used to rebuild a run's job on a remote Flink TaskManager.
     */
    public static JobConfig load(String yaml, Path jobFile) {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (IOException e) {
            throw new ConfigException("", jobFile + " is not valid YAML: " + e.getMessage() + locate(e));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new ConfigException("", jobFile + " is empty");
        }
        return parse(root, jobFile.toAbsolutePath().normalize());
    }

    private static String locate(IOException e) {
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException) {
            com.fasterxml.jackson.core.JsonLocation l = ((com.fasterxml.jackson.core.JsonProcessingException) e).getLocation();
            if (l != null && l.getLineNr() > 0) {
                return " (line " + l.getLineNr() + ")";
            }
        }
        return "";
    }

    static JobConfig parse(JsonNode rootNode, Path jobFile) {
        Path dir = jobFile.getParent();
        Section root = new Section("", rootNode);
        root.allow(TOP);
        String fileName = jobFile.getFileName().toString();
        String name = root.text("name", fileName.replaceFirst("\\.[^.]*$", ""));

        Section src = root.section("source");
        if (src == null) {
            throw new ConfigException("source", "missing: where records come from (type: file, generator or socket)");
        }
        JobConfig.Source source = source(src, dir);

        Section et = root.section("event-time");
        if (et == null) {
            throw new ConfigException("event-time", "missing: at least event-time.field, the field that holds each record's event time");
        }
        et.allow("field", "unit", "max-future", "unit-check");
        JobConfig.EventTime eventTime = new JobConfig.EventTime(
                et.required("field", "the field that holds each record's event time"),
                et.choice("unit", TimeUnitKind.MS, TimeUnitKind.class),
                et.duration("max-future", Duration.ofHours(1), false),
                et.bool("unit-check", true));
        if (eventTime.maxFuture().isZero()) {
            throw new ConfigException("event-time.max-future", "must be above 0");
        }

        Section wm = root.section("watermark");
        if (wm == null) {
            throw new ConfigException("watermark", "missing: at least watermark.strategy (and max-out-of-orderness for bounded)");
        }
        JobConfig.Watermark watermark = watermark(wm);

        List<String> keyBy = root.texts("key-by");
        if (keyBy == null) {
            keyBy = List.of();
        }
        if (new HashSet<>(keyBy).size() != keyBy.size()) {
            throw new ConfigException("key-by", "a field is listed twice: " + keyBy);
        }

        Section win = root.section("window");
        if (win == null) {
            throw new ConfigException("window", "missing: window.type (tumbling, sliding or session) and its size or gap");
        }
        JobConfig.Window window = window(win);

        Duration lateness = root.duration("allowed-lateness", Duration.ZERO, false);
        if (watermark.strategy() == JobConfig.Strategy.NONE && !lateness.isZero()) {
            throw new ConfigException("allowed-lateness", "has no effect with watermark.strategy none (nothing is ever late)");
        }

        List<AggregateSpec> aggregates = aggregates(root);

        Section out = root.section("output");
        OutputSpec results = OutputSpec.stdout();
        OutputSpec late = null;
        OutputSpec dead = null;
        if (out != null) {
            out.allow("results", "late", "dead-letter");
            if (out.has("results")) {
                results = output(out, "results", dir);
            }
            late = out.has("late") ? output(out, "late", dir) : null;
            dead = out.has("dead-letter") ? output(out, "dead-letter", dir) : null;
        }
        checkDistinct(source, results, late, dead);
        return new JobConfig(jobFile, name, source, eventTime, watermark, List.copyOf(keyBy), window, lateness,
                aggregates, results, late, dead);
    }

    private static JobConfig.Source source(Section s, Path dir) {
        List<String> allowed = new ArrayList<>(List.of(SOURCE_KEYS));
        allowed.addAll(List.of(GENERATOR_KEYS));
        s.allow(allowed.toArray(new String[0]));
        JobConfig.SourceType type = s.choice("type", null, JobConfig.SourceType.class);
        String partition = s.text("partition-field");
        String arrival = s.text("arrival-time-field");
        if (type != JobConfig.SourceType.GENERATOR) {
            for (String k : GENERATOR_KEYS) {
                s.forbid(k, "generator options are for source.type: generator");
            }
        }
        if (type != JobConfig.SourceType.SOCKET) {
            s.forbid("host", "for source.type: socket");
            s.forbid("port", "for source.type: socket");
        }
        switch (type) {
            case FILE: {
                String p = s.required("path", "the input file (relative paths resolve against the job file's folder)");
                Path path = dir.resolve(p).normalize();
                JobConfig.Format dflt = p.toLowerCase(Locale.ROOT).endsWith(".csv") ? JobConfig.Format.CSV : JobConfig.Format.JSONL;
                JobConfig.Format format = s.choice("format", dflt, JobConfig.Format.class);
                if (Files.isDirectory(path)) {
                    throw new ConfigException(s.key("path"), "is a folder, not a file: " + path);
                }
                if (!Files.isRegularFile(path)) {
                    throw new ConfigException(s.key("path"), "file not found: " + path);
                }
                if (!Files.isReadable(path)) {
                    throw new ConfigException(s.key("path"), "file not readable: " + path);
                }
                return new JobConfig.Source(type, path, format, partition, arrival, null, 0, null);
            }
            case SOCKET: {
                s.forbid("path", "for source.type: file");
                s.forbid("arrival-time-field", "replay needs a file or the generator; a socket's processing time is the wall clock");
                int port = s.integer("port", -1);
                if (port < 1 || port > 65535) {
                    throw new ConfigException(s.key("port"), port == -1 ? "missing: the port to connect to" : "not a port: " + port);
                }
                return new JobConfig.Source(type, null, s.choice("format", JobConfig.Format.JSONL, JobConfig.Format.class),
                        partition, null, s.text("host", "localhost"), port, null);
            }
            default: {
                s.forbid("path", "for source.type: file");
                JobConfig.Format format = s.choice("format", JobConfig.Format.JSONL, JobConfig.Format.class);
                GeneratorOptions g = generator(s);
                g.csv = format == JobConfig.Format.CSV;
                return new JobConfig.Source(type, null, format, partition, arrival, null, 0, g);
            }
        }
    }

    /** The generator's options from a source section (keys as in {@link #GENERATOR_KEYS}). */
    static GeneratorOptions generator(Section s) {
        GeneratorOptions g = new GeneratorOptions();
        g.keys = s.integer("keys", g.keys);
        g.rate = s.number("rate", g.rate);
        g.duration = s.duration("duration", g.duration, false);
        if (s.has("start")) {
            g.start = startTime(s.key("start"), s.text("start"));
        }
        g.seed = s.longValue("seed", g.seed);
        if (s.has("delay")) {
            g.delay = DelayDistribution.parse(s.key("delay"), s.text("delay"));
        }
        g.veryLateFraction = s.number("very-late-fraction", g.veryLateFraction);
        g.veryLateDelay = s.duration("very-late-delay", g.veryLateDelay, false);
        g.splits = s.integer("splits", g.splits);
        List<String> idle = s.texts("idle");
        if (idle != null) {
            for (String i : idle) {
                g.idle.add(GeneratorOptions.IdleStretch.parse(s.key("idle"), i));
            }
        }
        g.unitErrors = s.number("unit-errors", g.unitErrors);
        g.malformed = s.number("malformed", g.malformed);
        g.futureErrors = s.number("future-errors", g.futureErrors);
        g.validate(s.path + ".");
        return g;
    }

    /** An ISO-8601 instant or epoch milliseconds. */
    public static long startTime(String key, String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            try {
                return Instant.parse(text.trim()).toEpochMilli();
            } catch (DateTimeParseException e2) {
                throw new ConfigException(key, "'" + text + "' is neither epoch milliseconds nor an ISO-8601 instant");
            }
        }
    }

    private static JobConfig.Watermark watermark(Section w) {
        w.allow("strategy", "max-out-of-orderness", "emit", "interval", "idleness");
        JobConfig.Strategy strategy = w.choice("strategy", JobConfig.Strategy.BOUNDED, JobConfig.Strategy.class);
        Duration bound = null;
        if (strategy == JobConfig.Strategy.BOUNDED) {
            bound = w.requiredDuration("max-out-of-orderness", "how far out of order events may be (e.g. 10s) for strategy bounded");
        } else {
            w.forbid("max-out-of-orderness", "only for strategy bounded");
        }
        boolean perEvent = w.text("emit", "periodic").equals("per-event");
        String emit = w.text("emit", "periodic");
        if (!emit.equals("periodic") && !emit.equals("per-event")) {
            throw new ConfigException(w.key("emit"), "'" + emit + "' is not one of periodic | per-event");
        }
        Duration interval = Duration.ofMillis(200);
        if (perEvent) {
            w.forbid("interval", "only for emit: periodic");
        } else {
            interval = w.duration("interval", interval, false);
            if (interval.isZero()) {
                throw new ConfigException(w.key("interval"), "must be above 0 (for a watermark after every event, use emit: per-event)");
            }
        }
        Duration idleness = w.duration("idleness", null, false);
        if (idleness != null) {
            if (idleness.isZero()) {
                throw new ConfigException(w.key("idleness"), "must be above 0 (leave it out for no idleness detection)");
            }
            if (strategy == JobConfig.Strategy.NONE) {
                throw new ConfigException(w.key("idleness"), "has no effect with strategy none");
            }
        }
        return new JobConfig.Watermark(strategy, bound, perEvent, perEvent ? Duration.ZERO : interval, idleness);
    }

    private static JobConfig.Window window(Section w) {
        w.allow("type", "size", "slide", "offset", "gap");
        JobConfig.WindowType type = w.choice("type", null, JobConfig.WindowType.class);
        switch (type) {
            case TUMBLING: {
                w.forbid("slide", "only for sliding windows");
                w.forbid("gap", "only for session windows");
                Duration size = positive(w, "size", w.requiredDuration("size", "the window length, e.g. 5m"));
                Duration offset = w.duration("offset", Duration.ZERO, true);
                if (Math.abs(offset.toMillis()) >= size.toMillis()) {
                    throw new ConfigException(w.key("offset"), "must be smaller than window.size (" + Durations.format(size) + ")");
                }
                return new JobConfig.Window(type, size, null, offset, null);
            }
            case SLIDING: {
                w.forbid("gap", "only for session windows");
                Duration size = positive(w, "size", w.requiredDuration("size", "the window length, e.g. 5m"));
                Duration slide = positive(w, "slide", w.requiredDuration("slide", "how often a window starts, e.g. 1m"));
                Duration offset = w.duration("offset", Duration.ZERO, true);
                if (Math.abs(offset.toMillis()) >= slide.toMillis()) {
                    throw new ConfigException(w.key("offset"), "must be smaller than window.slide (" + Durations.format(slide) + ")");
                }
                return new JobConfig.Window(type, size, slide, offset, null);
            }
            default: {
                w.forbid("size", "only for tumbling and sliding windows (a session's length follows the data)");
                w.forbid("slide", "only for sliding windows");
                w.forbid("offset", "only for tumbling and sliding windows");
                Duration gap = positive(w, "gap", w.requiredDuration("gap", "the inactivity that closes a session, e.g. 30s"));
                return new JobConfig.Window(type, null, null, null, gap);
            }
        }
    }

    private static Duration positive(Section s, String k, Duration d) {
        if (d.isZero()) {
            throw new ConfigException(s.key(k), "must be above 0");
        }
        return d;
    }

    private static List<AggregateSpec> aggregates(Section root) {
        JsonNode n = root.get("aggregate");
        List<AggregateSpec> out = new ArrayList<>();
        if (n == null) {
            out.add(new AggregateSpec(AggregateSpec.Kind.COUNT, null));
            return out;
        }
        if (!n.isArray()) {
            n = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode().add(n);
        }
        Set<String> names = new HashSet<>();
        int i = 0;
        for (JsonNode e : n) {
            String key = "aggregate[" + i++ + "]";
            AggregateSpec spec;
            if (e.isTextual()) {
                if (!e.textValue().equals("count")) {
                    throw new ConfigException(key, "'" + e.textValue() + "': write count, or {sum|avg|min|max: FIELD}");
                }
                spec = new AggregateSpec(AggregateSpec.Kind.COUNT, null);
            } else if (e.isObject() && e.size() == 1) {
                Map.Entry<String, JsonNode> f = e.fields().next();
                AggregateSpec.Kind kind;
                switch (f.getKey()) {
                    case "sum" -> kind = AggregateSpec.Kind.SUM;
                    case "avg" -> kind = AggregateSpec.Kind.AVG;
                    case "min" -> kind = AggregateSpec.Kind.MIN;
                    case "max" -> kind = AggregateSpec.Kind.MAX;
                    default -> throw new ConfigException(key + "." + f.getKey(), "unknown aggregate; use count, sum, avg, min or max");
                }
                if (!f.getValue().isTextual() || f.getValue().textValue().isBlank()) {
                    throw new ConfigException(key + "." + f.getKey(), "expected the name of a numeric field");
                }
                spec = new AggregateSpec(kind, f.getValue().textValue());
            } else {
                throw new ConfigException(key, "write count, or {sum|avg|min|max: FIELD}");
            }
            if (!names.add(spec.outputName())) {
                throw new ConfigException(key, spec.outputName() + " is listed twice");
            }
            out.add(spec);
        }
        if (out.isEmpty()) {
            throw new ConfigException("aggregate", "empty; list at least one of count, {sum|avg|min|max: FIELD}");
        }
        return out;
    }

    private static OutputSpec output(Section out, String k, Path dir) {
        Section o = out.section(k);
        o.allow("type", "path");
        OutputSpec.Type type = o.choice("type", null, OutputSpec.Type.class);
        if (type == OutputSpec.Type.STDOUT) {
            o.forbid("path", "type stdout writes to standard out");
            return OutputSpec.stdout();
        }
        Path path = dir.resolve(o.required("path", "the file to write (relative paths resolve against the job file's folder)")).normalize();
        if (Files.isDirectory(path)) {
            throw new ConfigException(o.key("path"), "is a folder: " + path);
        }
        return new OutputSpec(type, path);
    }

    private static void checkDistinct(JobConfig.Source source, OutputSpec results, OutputSpec late, OutputSpec dead) {
        Map<Path, String> used = new HashMap<>();
        if (source.path() != null) {
            used.put(source.path(), "source.path");
        }
        String[] keys = {"output.results.path", "output.late.path", "output.dead-letter.path"};
        OutputSpec[] specs = {results, late, dead};
        for (int i = 0; i < specs.length; i++) {
            if (specs[i] != null && specs[i].path() != null) {
                String before = used.put(specs[i].path(), keys[i]);
                if (before != null) {
                    throw new ConfigException(keys[i], "is the same file as " + before + ": " + specs[i].path());
                }
            }
        }
    }
}
