package io.tidemark.cli.job;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.config.Closest;
import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobKeys;
import io.tidemark.cli.io.LineInterpreter;
import io.tidemark.cli.io.LineParser;
import io.tidemark.cli.spi.Line;
import io.tidemark.cli.spi.LineInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Before a CSV job reads anything: every field the job file names must be one of the input's columns —
 * {@code source.columns}, or the header line of a file input. A misspelt field ({@code event-time.field:
 * timestamp} for a column {@code ts}) would make every record a dead letter and replace the previous
 * run's outputs with empty ones; instead the run (and {@code validate}) stops with exit code 2, naming
 * the key, the columns and the closest one. Inputs whose header cannot be read first (a socket, Kafka)
 * are checked by {@link AllDeadAtStart} as they run. Reads at most {@value #HEADER_WITHIN} lines.
 */
public final class CsvColumns {

    /** How many lines from the start of a file the header is looked for in (empty, blank or undecodable lines come first). */
    static final int HEADER_WITHIN = 1000;

    private CsvColumns() {}

    /** Throws a {@link ConfigException} naming the first field of {@code job} that is not a column of its CSV input. */
    public static void check(JobConfig job) {
        JobConfig.Source s = job.source();
        List<String> columns = columns(job);
        if (columns == null) {
            return;
        }
        for (Map.Entry<String, String> f : fields(job)) {
            if (!columns.contains(f.getValue())) {
                String near = Closest.field(f.getValue(), columns);
                throw new ConfigException(f.getKey(), "no column '" + f.getValue() + "' in " + (s.columns() != null
                        ? "source.columns" : "the header of " + s.spec().file()) + "; its columns: " + String.join(", ", columns)
                        + (near == null ? "" : " (did you mean '" + near + "'?)"));
            }
        }
    }

    /** The fields the job file names, each with its key, in the order of the docs' key reference. */
    static List<Map.Entry<String, String>> fields(JobConfig job) {
        List<Map.Entry<String, String>> fields = new ArrayList<>();
        if (job.source().partitionField() != null) {
            fields.add(Map.entry(JobKeys.PARTITION_FIELD.path(), job.source().partitionField()));
        }
        if (job.source().arrivalTimeField() != null) {
            fields.add(Map.entry(JobKeys.ARRIVAL_TIME_FIELD.path(), job.source().arrivalTimeField()));
        }
        fields.add(Map.entry(JobKeys.TIME_FIELD.path(), job.eventTime().field()));
        for (String k : job.keyBy()) {
            fields.add(Map.entry(JobKeys.KEY_BY.path(), k));
        }
        for (AggregateSpec a : job.aggregates()) {
            if (a.field() != null) {
                fields.add(Map.entry(JobKeys.AGGREGATE.path(), a.field()));
            }
        }
        return fields;
    }

    /**
     * The columns of a CSV input when known before it is read: {@code source.columns}, or a file's header;
     * else null (also when the file cannot be read: the run says so as it opens it).
     */
    static List<String> columns(JobConfig job) {
        JobConfig.Source s = job.source();
        if (s.format() != JobConfig.Format.CSV) {
            return null;
        }
        if (s.columns() != null) {
            return s.columns();
        }
        if (!s.header() || s.spec().file() == null) {
            return null;
        }
        LineInterpreter interpreter = new LineInterpreter(s, job.eventTime(), job.keyBy(), job.aggregates(), "header");
        Line line = new Line();
        try (LineInput in = s.spec().open(s.maxLineLength())) {
            for (int n = 1; n <= HEADER_WITHIN && in.next(line); n++) {
                if (interpreter.interpret(line, in.name(), n) instanceof LineInterpreter.Skipped skipped && skipped.header()) {
                    return LineParser.csvHeader(skipped.text());
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }
}
