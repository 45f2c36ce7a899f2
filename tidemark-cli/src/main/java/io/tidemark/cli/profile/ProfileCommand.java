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

@Command(name = "profile", mixinStandardHelpOptions = true,
        description = {"Measures the disorder of a job's input and recommends its watermark.",
            "Reads the job's source as run does (bad lines counted as run counts them),",
            "reports the disorder and delay quantiles by time of day and per split, idle",
            "gaps, outliers and the exact late share of a grid of bounds, and recommends",
            "max-out-of-orderness (P99 x factor), idleness, allowed lateness and",
            "max-future, with why. Writes nothing unless --write or --html ask."})
public final class ProfileCommand implements Callable<Integer> {

    private final PrintStream out;

    @Mixin
    ProfiledJob job = new ProfiledJob();

    @Option(names = "--bucket", paramLabel = "DURATION", defaultValue = "1h",
            description = "The time-of-day buckets of the disorder (UTC; default: ${DEFAULT-VALUE}, at least 15m).")
    String bucket;

    @Option(names = "--factor", paramLabel = "X", defaultValue = "1.3",
            description = "The bound is the disorder's P99 × this (default: ${DEFAULT-VALUE}; the seeds say 1.2–1.5).")
    double factor;

    @Option(names = "--write", arity = "0..1", fallbackValue = "", paramLabel = "JOB.yaml",
            description = {"Write the recommended values into the job file (default: the one profiled), keeping its",
                "comments and layout; prints them as YAML instead when there is no job file or it cannot be written."})
    String write;

    public ProfileCommand(PrintStream out) {
        this.out = out;
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
        JobConfig config = job.load();
        Profile p = Profile.measure(config, job.durationMillis(), bucketMs, factor);
        job.print(out, p, ProfileText.format(p));
        if (write != null) {
            return JobFileEdit.writeRecommendation(out, config, p, write.isEmpty() ? job.jobFile : Path.of(write));
        }
        return 0;
    }
}
