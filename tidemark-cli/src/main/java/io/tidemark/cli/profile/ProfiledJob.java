package io.tidemark.cli.profile;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tidemark.cli.BuiltIn;
import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The job {@code profile} and {@code tune} read: a job file, or a file given with {@code --input} and
 * its fields (then a job with that source, a bounded watermark and tumbling windows of {@code --window}).
 */
final class ProfiledJob {

    @Parameters(index = "0", arity = "0..1", paramLabel = "JOB.yaml", description = "The job file (or --input).")
    Path jobFile;

    @Option(names = "--duration", paramLabel = "DURATION",
            description = "For a live source (socket, Kafka with stop-at: never): how long to read.")
    String duration;

    @Option(names = "--json", description = "Print the figures as JSON instead of text.")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Also write the figures as one self-contained page with charts (opens without a network).")
    Path html;

    @Option(names = "--input", paramLabel = "FILE", description = "Profile this file instead of a job file's source.")
    Path input;

    @Option(names = "--event-time-field", paramLabel = "FIELD", description = "With --input: the event-time field.")
    String eventTimeField;

    @Option(names = "--unit", paramLabel = "UNIT", defaultValue = "ms", description = "With --input: ms, s, us, ns or iso8601 (default: ${DEFAULT-VALUE}).")
    String unit;

    @Option(names = "--format", paramLabel = "FORMAT", description = "With --input: jsonl or csv (default: csv for a .csv file, else jsonl).")
    String format;

    @Option(names = "--partition-field", paramLabel = "FIELD", description = "With --input: each value a split with its own watermark.")
    String partitionField;

    @Option(names = "--arrival-time-field", paramLabel = "FIELD", description = "With --input: the arrival time (epoch ms): replay.")
    String arrivalTimeField;

    @Option(names = "--key-by", paramLabel = "FIELD", split = ",", description = "With --input: the key fields (windows per key).")
    java.util.List<String> keyBy;

    @Option(names = "--window", paramLabel = "SIZE", defaultValue = "1m",
            description = "With --input: the tumbling windows' size the late shares are computed for (default: ${DEFAULT-VALUE}).")
    String window;

    /** {@code --duration} in ms, 0 without it. */
    long durationMillis() {
        return duration == null ? 0 : io.tidemark.cli.config.Durations.parse("--duration", duration, false).toMillis();
    }

    /** The figures as text or JSON on {@code out}, and as a page with {@code --html}. */
    void print(PrintStream out, Object figures, String text) throws IOException {
        out.print(json ? Json.write(figures) : text);
        if (html != null) {
            ReportPage.write(figures, html);
            if (!json) {
                out.println("report: " + html.toAbsolutePath());
            }
        }
    }

    /** The job file, or the job of {@code --input}. */
    JobConfig load() {
        if (input == null) {
            if (jobFile == null) {
                throw new ConfigException("JOB.yaml", "give a job file, or --input FILE --event-time-field FIELD");
            }
            if (eventTimeField != null || partitionField != null || arrivalTimeField != null || format != null || keyBy != null) {
                throw new ConfigException("--event-time-field", "the input's options go with --input; a job file says them itself");
            }
            return JobConfigLoader.load(jobFile, BuiltIn.catalog());
        }
        if (jobFile != null) {
            throw new ConfigException("--input", "give a job file or --input, not both");
        }
        if (eventTimeField == null) {
            throw new ConfigException("--event-time-field", "--input needs the event-time field");
        }
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("name", input.getFileName().toString().replaceFirst("\\.[^.]*$", ""));
        ObjectNode source = root.putObject("source").put("type", "file").put("path", input.toAbsolutePath().toString());
        if (format != null) {
            source.put("format", format);
        }
        if (partitionField != null) {
            source.put("partition-field", partitionField);
        }
        if (arrivalTimeField != null) {
            source.put("arrival-time-field", arrivalTimeField);
        }
        root.putObject("event-time").put("field", eventTimeField).put("unit", unit);
        root.putObject("watermark").put("strategy", "bounded").put("max-out-of-orderness", "0s");
        if (keyBy != null) {
            root.putArray("key-by").addAll(keyBy.stream().map(f::textNode).toList());
        }
        root.putObject("window").put("type", "tumbling").put("size", window);
        return JobConfigLoader.fromTree(root, input.toAbsolutePath().resolveSibling("(--input).yaml"), BuiltIn.catalog());
    }
}
