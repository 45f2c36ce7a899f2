package io.tidemark.cli;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.Durations;
import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.gen.DelayDistribution;
import io.tidemark.cli.gen.GeneratorOptions;
import io.tidemark.cli.gen.OrderGenerator;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes order data with disorder, late events, idle splits and (optionally) bad lines,",
            "in arrival order, with event-time and arrival-time fields, so that a job replays it deterministically.",
            "Fields: orderId, userId, amount, eventTime (epoch ms), arrival (epoch ms), partition (p0, p1, ...)."})
final class GenerateCommand implements Callable<Integer> {

    private final Main.Io io;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "where to write (default: standard out)")
    Path output;

    @Option(names = "--format", paramLabel = "jsonl|csv", defaultValue = "jsonl", description = "jsonl or csv (default: ${DEFAULT-VALUE})")
    String format;

    @Option(names = "--keys", paramLabel = "N", defaultValue = "20", description = "number of users u01..uN (default: ${DEFAULT-VALUE})")
    int keys;

    @Option(names = "--rate", paramLabel = "R", defaultValue = "20", description = "events per second of event time (default: ${DEFAULT-VALUE})")
    double rate;

    @Option(names = "--duration", paramLabel = "D", defaultValue = "30m", description = "event-time span (default: ${DEFAULT-VALUE})")
    String duration;

    @Option(names = "--start", paramLabel = "T", defaultValue = "2024-01-01T00:00:00Z",
            description = "first event time, ISO-8601 or epoch ms (default: ${DEFAULT-VALUE})")
    String start;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--delay", paramLabel = "DIST", defaultValue = "lognormal:2s:0.8",
            description = "arrival delay: fixed:2s | uniform:0s..5s | exponential:2s (mean) | lognormal:1s:0.8 (median, sigma: a long tail) (default: ${DEFAULT-VALUE})")
    String delay;

    @Option(names = "--very-late-fraction", paramLabel = "F", defaultValue = "0.005",
            description = "fraction of events delayed by --very-late-delay more (default: ${DEFAULT-VALUE})")
    double veryLateFraction;

    @Option(names = "--very-late-delay", paramLabel = "D", defaultValue = "10m", description = "extra delay of very late events (default: ${DEFAULT-VALUE})")
    String veryLateDelay;

    @Option(names = "--splits", paramLabel = "N", defaultValue = "4", description = "partitions p0..p(N-1); a user always lands on the same one (default: ${DEFAULT-VALUE})")
    int splits;

    @Option(names = "--idle", paramLabel = "SPLIT@FROM+LEN", split = ",",
            description = "a split with no events for a stretch, e.g. p1@10m+5m (from 10 minutes after the start, for 5 minutes); repeatable")
    List<String> idle;

    @Option(names = "--unit-errors", paramLabel = "F", defaultValue = "0", description = "fraction of lines with the event time in seconds instead of ms")
    double unitErrors;

    @Option(names = "--malformed", paramLabel = "F", defaultValue = "0", description = "fraction of lines cut in half (unparsable)")
    double malformed;

    @Option(names = "--future-errors", paramLabel = "F", defaultValue = "0", description = "fraction of lines with an event time a year ahead")
    double futureErrors;

    GenerateCommand(Main.Io io) {
        this.io = io;
    }

    GeneratorOptions options() {
        GeneratorOptions g = new GeneratorOptions();
        g.keys = keys;
        g.rate = rate;
        g.duration = Durations.parse("--duration", duration, false);
        g.start = JobConfigLoader.startTime("--start", start);
        g.seed = seed;
        g.delay = DelayDistribution.parse("--delay", delay);
        g.veryLateFraction = veryLateFraction;
        g.veryLateDelay = Durations.parse("--very-late-delay", veryLateDelay, false);
        g.splits = splits;
        if (idle != null) {
            for (String i : idle) {
                g.idle.add(GeneratorOptions.IdleStretch.parse("--idle", i));
            }
        }
        g.unitErrors = unitErrors;
        g.malformed = malformed;
        g.futureErrors = futureErrors;
        if (!format.equals("jsonl") && !format.equals("csv")) {
            throw new ConfigException("--format", "'" + format + "' is not one of jsonl | csv");
        }
        g.csv = format.equals("csv");
        g.validate("--");
        return g;
    }

    @Override
    public Integer call() throws IOException {
        GeneratorOptions g = options();
        OrderGenerator gen = write(g, output, io);
        io.err().println("wrote " + gen.describe() + (output == null ? "" : " to " + output));
        return Main.OK;
    }

    static OrderGenerator write(GeneratorOptions g, Path output, Main.Io io) throws IOException {
        OrderGenerator gen = new OrderGenerator(g);
        Writer w;
        if (output == null) {
            w = new BufferedWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8));
        } else {
            Path parent = output.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            w = Files.newBufferedWriter(output, StandardCharsets.UTF_8);
        }
        try {
            while (gen.hasNext()) {
                w.write(gen.next());
                w.write('\n');
            }
        } finally {
            if (output == null) {
                w.flush();
            } else {
                w.close();
            }
        }
        return gen;
    }
}
