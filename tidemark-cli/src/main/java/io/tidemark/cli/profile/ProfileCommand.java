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
            "Reads the job's source as run does (bad lines counted as run counts them) and reports",
            "the disorder and delay quantiles, by time of day and per split, idle gaps, outliers,",
            "and the exact late share of a grid of bounds; then recommends max-out-of-orderness",
            "(P99 × factor), idleness, allowed lateness and max-future, with why.",
            "Nothing is written unless --write, --html or --json ask for it."})
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
        long durationMs = duration == null ? 0 : Durations.parse("--duration", duration, false).toMillis();
        JobConfig config = job.load(jobFile);
        Profile p = Profile.measure(config, durationMs, bucketMs, factor);
        out.print(json ? Json.write(p) : ProfileText.format(p));
        if (html != null) {
            ReportPage.write(p, html);
            if (!json) {
                out.println("report: " + html.toAbsolutePath());
            }
        }
        return 0;
    }
}
