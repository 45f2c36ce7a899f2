package io.tidemark.cli;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.reconcile.Backfill;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "backfill", mixinStandardHelpOptions = true,
        description = {"Corrects the windows that late records missed (T+1).",
            "Recomputes each such window from all the job's valid input and writes it",
            "with timing CORRECTION: upserted into the results table, or into the",
            "corrections file beside a results file (results.corrections.jsonl).",
            "Running it again with the same input changes nothing."})
final class BackfillCommand implements Callable<Integer> {

    private final Main.Io io;

    @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file (its late records must have been written).")
    Path jobFile;

    @Option(names = "--since", paramLabel = "T", description = {"only late records that arrived at or after T:",
        "an ISO-8601 instant (2024-01-01T00:10:00Z), a date (2024-01-01,", "midnight UTC) or epoch milliseconds"})
    String since;

    BackfillCommand(Main.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        JobConfig job = JobConfigLoader.load(jobFile, BuiltIn.catalog());
        Long from = since == null ? null : parseTime(since);
        Backfill.Outcome o = Backfill.run(job, from);
        io.out().println("backfill '" + job.name() + "': " + o.lateRecords() + " late record" + (o.lateRecords() == 1 ? "" : "s")
                + (from == null ? "" : " (arrived since " + Instant.ofEpochMilli(from) + ")") + " of " + o.keys() + " key"
                + (o.keys() == 1 ? "" : "s") + "; recomputed from their " + o.records() + " valid records");
        io.out().println("wrote " + o.corrections() + " corrected window" + (o.corrections() == 1 ? "" : "s")
                + (o.replaced() > 0 ? " (replacing " + o.replaced() + " rows of sessions they absorbed)" : "") + " to " + o.target());
        return Main.OK;
    }

    static long parseTime(String t) {
        try {
            if (t.matches("-?\\d+")) {
                return Long.parseLong(t);
            }
            if (t.matches("\\d{4}-\\d{2}-\\d{2}")) {
                return LocalDate.parse(t).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            }
            return Instant.parse(t).toEpochMilli();
        } catch (DateTimeParseException | NumberFormatException e) {
            throw new ConfigException("--since", "expected an ISO-8601 instant (2024-01-01T00:10:00Z), a date (2024-01-01) "
                    + "or epoch milliseconds, got '" + t + "'");
        }
    }
}
