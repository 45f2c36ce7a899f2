package io.tidemark.cli.profile;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.Durations;
import io.tidemark.cli.config.JobConfig;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "profile", mixinStandardHelpOptions = true,
        description = {"Measures the disorder of a job's input and recommends its watermark.",
            "Reads the job's source as run does (bad lines counted as run counts them),",
            "reports the disorder and delay quantiles by time of day and per split, idle",
            "gaps, outliers and the exact late share of a grid of bounds, and recommends",
            "max-out-of-orderness (P99 x factor), idleness, allowed lateness and",
            "max-future, with why. Writes nothing unless --write or --html ask."})
public final class ProfileCommand implements Callable<Integer> {

    private final PrintStream out;

    @Parameters(index = "0", arity = "0..1", paramLabel = "JOB.yaml", description = "The job file (or --input).")
    Path jobFile;

    @Mixin
    ProfiledJob job = new ProfiledJob();

    @Option(names = "--bucket", paramLabel = "DURATION", defaultValue = "1h",
            description = "The time-of-day buckets of the disorder (UTC; default: ${DEFAULT-VALUE}, at least 15m).")
    String bucket;

    @Option(names = "--factor", paramLabel = "X", defaultValue = "1.3",
            description = "The bound is the disorder's P99 × this (default: ${DEFAULT-VALUE}; the seeds say 1.2–1.5).")
    double factor;

    @Option(names = "--duration", paramLabel = "DURATION",
            description = "For a live source (socket): how long to read (default: until it closes).")
    String duration;

    @Option(names = "--json", description = "Print the figures as JSON instead of text.")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Also write the figures as one self-contained page with charts (opens without a network).")
    Path html;

    @Option(names = "--write", arity = "0..1", fallbackValue = "", paramLabel = "JOB.yaml",
            description = {"Write the recommended values into the job file (default: the one profiled), keeping its",
                "comments and layout; prints them as YAML instead when there is no job file or it cannot be written."})
    String write;

    public ProfileCommand(PrintStream out) {
        this.out = out;
    }

    /** --write: the recommendation into the job file, checked by loading it before it replaces the file. */
    private int write(JobConfig config, Profile p) throws java.io.IOException {
        if (p.recommendation() == null) {
            out.println("write: nothing to write (no record was measured)");
            return 0;
        }
        Profile.Recommendation r = p.recommendation();
        java.util.Map<String, String> values = new java.util.LinkedHashMap<>();
        if (config.watermark().strategy() != JobConfig.Strategy.BOUNDED) {
            values.put("watermark.strategy", "bounded");
        }
        values.put("watermark.max-out-of-orderness", r.bound());
        values.put("watermark.idleness", r.idleness());
        values.put("event-time.max-future", r.maxFuture());
        Path target = write.isEmpty() ? jobFile : Path.of(write);
        if (target == null) {
            out.print("write: no job file (--input); the recommended values:\n" + JobFileEdit.snippet(values));
            return 0;
        }
        java.util.Map<String, String> before = new java.util.LinkedHashMap<>();
        Path temp = target.toAbsolutePath().resolveSibling("." + target.getFileName() + ".tidemark-new");
        try {
            String text = java.nio.file.Files.readString(target, java.nio.charset.StandardCharsets.UTF_8);
            java.nio.file.Files.writeString(temp, JobFileEdit.apply(text, values, before), java.nio.charset.StandardCharsets.UTF_8);
            io.tidemark.cli.config.JobConfigLoader.load(temp, io.tidemark.cli.BuiltIn.catalog());
            java.nio.file.Files.move(temp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (RuntimeException | java.io.IOException e) {
            java.nio.file.Files.deleteIfExists(temp);
            out.print("write: " + target + " was not changed (" + e.getMessage() + "); the recommended values:\n"
                    + JobFileEdit.snippet(values));
            return 1;
        }
        StringBuilder sb = new StringBuilder("wrote into ").append(target).append(':');
        values.forEach((k, v) -> sb.append("\n  ").append(k).append(": ").append(v)
                .append(before.get(k) == null ? "  (added)" : before.get(k).equals(v) ? "  (unchanged)" : "  (was " + before.get(k) + ")"));
        sb.append("\n  allowed-lateness: kept (").append(Show.duration(config.allowedLateness().toMillis()))
                .append("); 0s is where the seeds start, see the recommendation");
        out.println(sb);
        return 0;
    }

    @Override
    public Integer call() throws Exception {
        long bucketMs = Durations.parse("--bucket", bucket, false).toMillis();
        if (bucketMs < 15 * 60_000L || bucketMs > Measurements.DAY) {
            throw new ConfigException("--bucket", "must be 15m to 1d: " + bucket);
        }
        if (!(factor >= 1 && factor <= 10)) {
            throw new ConfigException("--factor", "must be 1 to 10: " + factor);
        }
        long durationMs = duration == null ? 0 : Durations.parse("--duration", duration, false).toMillis();
        JobConfig config = job.load(jobFile);
        Profile p = Profile.measure(config, durationMs, bucketMs, factor);
        out.print(json ? Json.write(p) : ProfileText.format(p));
        if (write != null) {
            int code = write(config, p);
            if (code != 0) {
                return code;
            }
        }
        if (html != null) {
            ReportPage.write(p, html);
            if (!json) {
                out.println("report: " + html.toAbsolutePath());
            }
        }
        return 0;
    }
}
