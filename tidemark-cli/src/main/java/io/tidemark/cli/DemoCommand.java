package io.tidemark.cli;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.gen.DelayDistribution;
import io.tidemark.cli.gen.GeneratorOptions;
import io.tidemark.cli.gen.OrderGenerator;
import io.tidemark.cli.job.Engine;
import io.tidemark.cli.job.JobRunner;
import io.tidemark.cli.job.RunReport;
import io.tidemark.cli.job.Summary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Generates order data and runs the seeds' order-statistics job on it.",
            "The data has disorder, very late events, an idle partition and bad lines;",
            "the job has 5-minute tumbling windows per user, bounded out-of-orderness",
            "10s, idleness 1m, allowed lateness 30s and late records to a side output.",
            "Prints some results, the late records, the dead letters and the summary."})
final class DemoCommand implements Callable<Integer> {

    static final String JOB = String.join("\n",
            "# The seeds' production recipe (003 §10.3): bounded out-of-orderness watermark + idleness",
            "# + short allowed lateness + late records to a side output. Keys: docs/job-file.md",
            "name: order-stats",
            "source:",
            "  type: file",
            "  path: orders.jsonl",
            "  format: jsonl",
            "  partition-field: partition     # each partition is a split with its own watermark and idleness",
            "  arrival-time-field: arrival    # replay: processing time is each record's arrival time",
            "event-time:",
            "  field: eventTime",
            "  unit: ms",
            "watermark:",
            "  strategy: bounded",
            "  max-out-of-orderness: 10s",
            "  emit: periodic",
            "  interval: 200ms",
            "  idleness: 1m",
            "key-by: [userId]",
            "window:",
            "  type: tumbling",
            "  size: 5m",
            "allowed-lateness: 30s",
            "aggregate: [count, {sum: amount}, {avg: amount}, {min: amount}, {max: amount}]",
            "output:",
            "  results: {type: jsonl, path: out/results.jsonl}",
            "  late: {type: jsonl, path: out/late.jsonl}",
            "  dead-letter: {type: jsonl, path: out/dead-letter.jsonl}",
            "");

    private final Main.Io io;

    @Option(names = "--dir", paramLabel = "DIR", description = "where to write the data, the job file and the outputs (default: a new temporary folder)")
    Path dir;

    @Option(names = "--show", paramLabel = "N", defaultValue = "20", description = "how many results and late records to print (default: ${DEFAULT-VALUE})")
    int show;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "embedded",
            description = "embedded (default) or flink (a local Flink MiniCluster in this process)")
    String engine;

    DemoCommand(Main.Io io) {
        this.io = io;
    }

    static GeneratorOptions data() {
        GeneratorOptions g = new GeneratorOptions();
        g.keys = 10;
        g.rate = 40;
        g.duration = Duration.ofMinutes(30);
        g.seed = 2024;
        g.delay = DelayDistribution.lognormal(2000, 0.8, "lognormal:2s:0.8");
        g.veryLateFraction = 0.003;
        g.veryLateDelay = Duration.ofMinutes(10);
        g.splits = 4;
        g.idle.add(new GeneratorOptions.IdleStretch("p3", 12 * 60_000L, 6 * 60_000L));
        g.unitErrors = 0.001;
        g.malformed = 0.001;
        g.futureErrors = 0.0005;
        return g;
    }

    @Override
    public Integer call() throws Exception {
        PrintStream out = io.out();
        Engine e = Engine.of(engine, null);
        if (e.flink()) {
            JobRunner.checkEngine(e); // before any data is written
        }
        Path d = dir != null ? dir : Files.createTempDirectory("tidemark-demo-");
        Files.createDirectories(d);
        GeneratorOptions g = data();
        Path data = d.resolve("orders.jsonl");
        OrderGenerator gen = GenerateCommand.write(g, data, io);
        Path jobFile = d.resolve("order-stats.yaml");
        Files.writeString(jobFile, JOB, StandardCharsets.UTF_8);

        out.println("Tidemark demo: order statistics with the seeds' production recipe (003 §10.3)");
        out.println();
        out.println("data      " + data);
        out.println("          " + gen.describe());
        out.println("          users u01..u10 on partitions p0..p3; p3 has no orders from minute 12 to 18 (idle)");
        out.println("job       " + jobFile);
        out.println("          5m tumbling windows per user, bounded 10s, idleness 1m, allowed lateness 30s, late side output");
        out.println();

        JobConfig job = JobConfigLoader.load(jobFile, BuiltIn.catalog());
        RunReport report = JobRunner.run(job, new JobRunner.Options(1, out, io.err(), false, e, io.control()));

        section(out, "Results", job.outputs().results().file(), show,
                "one line per window firing; firing 2, 3, ... are re-firings caused by late records within the allowed lateness");
        section(out, "Late records", job.outputs().late().file(), show,
                "after the allowed lateness: each as it was read, for a separate correction (003 §10.3)");
        section(out, "Dead letters", job.outputs().deadLetter().file(), Math.min(show, 5),
                "bad lines, with the reason, file and line; the job went on");
        out.println();
        out.print(Summary.format(report));
        out.println();
        out.println("Run it again:  ./tidemark run " + (e.flink() ? "--engine flink " : "") + jobFile);
        out.println("Outputs:       " + job.outputs().results().file().getParent());
        return RunCommand.exitCode(report, io);
    }

    private static void section(PrintStream out, String title, Path file, int n, String note) throws IOException {
        List<String> head;
        long total;
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            head = lines.limit(n).toList();
        }
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            total = lines.count();
        }
        out.println();
        out.println("== " + title + " (" + (total > head.size() ? "first " + head.size() + " of " : "") + total + ") — " + note);
        for (String l : head) {
            out.println(l);
        }
        if (total > head.size()) {
            out.println("... " + (total - head.size()) + " more in " + file);
        }
    }
}
