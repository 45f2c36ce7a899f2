package io.tidemark.cli.reconcile;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.data.Span;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.cli.io.Event;
import io.tidemark.cli.job.BatchRun;
import io.tidemark.cli.job.JobRunner;
import io.tidemark.cli.output.JdbcOutputType;
import io.tidemark.cli.output.JdbcTables;
import io.tidemark.cli.output.LineFormat;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import io.tidemark.connector.jdbc.JdbcExecutionOptions;
import io.tidemark.connector.jdbc.JdbcWriter;
import io.tidemark.connector.jdbc.Sleeper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * T+1 correction: recomputes the windows that late records touched and writes the corrected results.
 *
 * <ol>
 *   <li>the late records (the job's late output: a table or a file), those that arrived at or after
 *       {@code since} if given;
 *   <li>every valid input record of their keys ({@link ValidInput}), run through the job's own windows
 *       and aggregates on the embedded engine in batch mode ({@link BatchRun}: no watermark until the
 *       end, so each window fires once with all its records);
 *   <li>the windows containing a late record's event time are the corrections: timing
 *       {@code CORRECTION}; a corrected session names the stored rows it covers in {@code replaces};
 *   <li>written as the results are: upserted into the results table (replaced rows deleted), or into
 *       the corrections file beside a results file ({@code results.corrections.jsonl}), which holds one
 *       line per corrected window (a later backfill replaces its lines, keeps the others).
 * </ol>
 * Running it again with the same input and late records writes the same rows: it is idempotent.
 * Cost: the input is read once; memory holds the valid records of the touched keys.
 */
public final class Backfill {

    /** The timing of a corrected result. */
    public static final String CORRECTION = "CORRECTION";

    /** What a backfill did. */
    public record Outcome(int lateRecords, int keys, int records, int corrections, int replaced, String target) {}

    private Backfill() {}

    public static Outcome run(JobConfig job, Long sinceMillis) throws Exception {
        if (job.outputs().get(OutputContext.Role.LATE) == null) {
            throw new ConfigException("output.late", "backfill finds the windows to correct from the late records: the job "
                    + "must write them (output.late)");
        }
        List<LateRow> late = new ArrayList<>();
        for (LateRow r : Stores.late(job)) {
            if (sinceMillis != null && r.arrival() == null) {
                throw new ConfigException("--since", "the late records' arrival times are not known (a late file of a job "
                        + "without source.arrival-time-field); write late records to a table (type: jdbc) to use --since");
            }
            if (sinceMillis == null || r.arrival() >= sinceMillis) {
                late.add(r);
            }
        }
        Map<List<String>, List<Long>> lateTimes = new HashMap<>();
        for (LateRow r : late) {
            lateTimes.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r.eventTime());
        }
        List<Event> events = new ArrayList<>();
        for (Event e : ValidInput.read(job)) {
            if (lateTimes.containsKey(BatchGroupBy.text(e.key()))) {
                events.add(e);
            }
        }
        List<WindowResult> touched = new ArrayList<>();
        for (WindowResult r : events.isEmpty() ? List.<WindowResult>of() : BatchRun.run(job, events)) {
            List<Long> times = lateTimes.get(BatchGroupBy.text(r.key()));
            if (times.stream().anyMatch(t -> t >= r.windowStart() && t < r.windowEnd())) {
                touched.add(r);
            }
        }
        OutputSpec spec = job.outputs().get(OutputContext.Role.RESULTS);
        // the rows a corrected window covers: what the job wrote (a table's rows; a file's lines, not its corrections)
        TreeMap<WindowKey, WindowTotals> stored = spec instanceof JdbcOutputType.Spec ? Stores.results(job)
                : Stores.resultsFile(job, spec.file(), spec.type());
        List<WindowResult> corrections = new ArrayList<>();
        int replaced = 0;
        for (WindowResult r : touched) {
            List<String> key = BatchGroupBy.text(r.key());
            List<Span> covers = new ArrayList<>();
            for (WindowKey w : stored.keySet()) {
                if (w.key().equals(key) && w.start() >= r.windowStart() && w.end() <= r.windowEnd()
                        && !(w.start() == r.windowStart() && w.end() == r.windowEnd())) {
                    covers.add(new Span(w.start(), w.end()));
                }
            }
            replaced += covers.size();
            corrections.add(new WindowResult(r.key(), r.windowStart(), r.windowEnd(), r.count(), r.values(), CORRECTION,
                    r.firing(), r.watermark(), covers));
        }
        OutputContext context = JobRunner.outputContext(job, OutputContext.Role.RESULTS, () -> null, null);
        String target;
        if (spec instanceof JdbcOutputType.Spec db) {
            try (JdbcWriter<OutputRecord> w = new JdbcWriter<>(JdbcTables.of(db.table(), context, db.storesNul()), db.connection(),
                    JdbcExecutionOptions.builder().withBatchInterval(java.time.Duration.ZERO).build(), Sleeper.THREAD)) {
                w.open();
                for (WindowResult c : corrections) {
                    w.write(c, null);
                }
                w.flush();
            }
            target = db.describe();
        } else {
            Path file = io.tidemark.cli.output.FileOutputType.correctionsFile(spec.file());
            writeCorrections(job, spec, file, context, corrections);
            target = file.toString();
        }
        return new Outcome(late.size(), lateTimes.size(), events.size(), corrections.size(), replaced, target);
    }

    /** Merges {@code corrections} into the corrections file (one line per window, in window order). */
    private static void writeCorrections(JobConfig job, OutputSpec spec, Path file, OutputContext context,
            List<WindowResult> corrections) throws IOException {
        LineFormat format = LineFormat.valueOf(spec.type().toUpperCase(Locale.ROOT));
        TreeMap<WindowKey, String> lines = Stores.lines(job, file, spec.type());
        for (WindowResult c : corrections) {
            lines.put(new WindowKey(BatchGroupBy.text(c.key()), c.windowStart(), c.windowEnd()), format.line(c, context));
        }
        StringBuilder sb = new StringBuilder();
        String header = format.header(context);
        if (header != null) {
            sb.append(header).append('\n');
        }
        for (String l : lines.values()) {
            sb.append(l).append('\n');
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, sb.toString(), StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
