package io.tidemark.cli.profile;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.Durations;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.Types;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "tune", mixinStandardHelpOptions = true,
        description = {"Tries candidate bounds on the job's input, side by side, in one pass.",
            "Each candidate is simulated with the engine's rules, so its late records are",
            "those tidemark run gives with that bound. Reports late records and share,",
            "windows fired, re-firings, firing delay P50/P99 and peak open windows, and",
            "names the smallest bound within --max-late-share and the largest within",
            "--max-delay."})
public final class TuneCommand implements Callable<Integer> {

    private final PrintStream out;

    @Mixin
    ProfiledJob job = new ProfiledJob();

    @Option(names = "--bounds", paramLabel = "D,D,...", required = true, split = ",",
            description = "The candidate bounds (max-out-of-orderness), e.g. 0s,1s,2s,5s,10s,30s.")
    List<String> bounds;

    @Option(names = "--lateness", paramLabel = "D,D,...", split = ",",
            description = "Allowed lateness values to try with each bound (default: the job's).")
    List<String> lateness;

    @Option(names = "--max-late-share", paramLabel = "SHARE", description = "The late-share budget, e.g. 0.5% or 0.005.")
    String maxLateShare;

    @Option(names = "--max-delay", paramLabel = "DURATION", description = "The firing-delay budget (P99, from a window's end), e.g. 1m.")
    String maxDelay;

    public TuneCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() throws Exception {
        List<Long> b = durations("--bounds", bounds);
        JobConfig config = job.load();
        List<Long> l = lateness == null ? List.of(config.allowedLateness().toMillis()) : durations("--lateness", lateness);
        Double share = maxLateShare == null ? null : Types.share().read("--max-late-share",
                com.fasterxml.jackson.databind.node.TextNode.valueOf(maxLateShare));
        Long delay = maxDelay == null ? null : Durations.parse("--max-delay", maxDelay, false).toMillis();
        Tune t = Tune.run(config, b, l, share, delay, job.durationMillis());
        job.print(out, t, t.text());
        return 0;
    }

    private static List<Long> durations(String key, List<String> texts) {
        List<Long> out = new ArrayList<>();
        for (String t : texts) {
            long ms = Durations.parse(key, t, false).toMillis();
            if (!out.contains(ms)) {
                out.add(ms);
            }
        }
        if (out.isEmpty()) {
            throw new ConfigException(key, "give at least one duration");
        }
        out.sort(null);
        return out;
    }
}
