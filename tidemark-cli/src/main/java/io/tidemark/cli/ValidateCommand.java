package io.tidemark.cli;

import io.tidemark.cli.config.Durations;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Checks a job file without running it and prints what it would do.",
            "Exit code 2 and one message naming the key when something is wrong."})
final class ValidateCommand implements Callable<Integer> {

    private final Main.Io io;

    @Parameters(index = "0", paramLabel = "JOB.yaml", description = "the job file")
    Path jobFile;

    ValidateCommand(Main.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        JobConfig job = JobConfigLoader.load(jobFile);
        io.out().println(jobFile + ": OK");
        io.out().print(describe(job));
        return Main.OK;
    }

    static String describe(JobConfig job) {
        StringBuilder sb = new StringBuilder();
        JobConfig.Source s = job.source();
        String where = switch (s.type()) {
            case FILE -> "file " + s.path();
            case SOCKET -> "socket " + s.host() + ":" + s.port();
            case GENERATOR -> "generator (" + s.generator().events() + " events, seed " + s.generator().seed + ")";
        };
        line(sb, "job", job.name());
        line(sb, "source", where + ", " + lower(s.format()) + (s.partitionField() != null
                ? ", a split per value of '" + s.partitionField() + "'" : ", one split")
                + (s.replay() ? ", replaying processing time from '" + s.arrivalTimeField() + "'" : ""));
        line(sb, "event time", "'" + job.eventTime().field() + "' in " + job.eventTime().unit().label()
                + (job.eventTime().unitCheck() ? ", unit checked" : "") + ", at most "
                + Durations.format(job.eventTime().maxFuture()) + " ahead");
        JobConfig.Watermark w = job.watermark();
        line(sb, "watermark", lower(w.strategy()) + (w.maxOutOfOrderness() != null ? " " + Durations.format(w.maxOutOfOrderness()) : "")
                + (w.perEvent() ? ", after every event" : ", every " + Durations.format(w.interval()))
                + (w.idleness() != null ? ", idle after " + Durations.format(w.idleness()) : ", no idleness"));
        line(sb, "key by", job.keyBy().isEmpty() ? "(one global key)" : String.join(", ", job.keyBy()));
        JobConfig.Window win = job.window();
        line(sb, "window", lower(win.type()) + switch (win.type()) {
            case TUMBLING -> " " + Durations.format(win.size()) + offset(win);
            case SLIDING -> " " + Durations.format(win.size()) + " every " + Durations.format(win.slide()) + offset(win);
            case SESSION -> " with gap " + Durations.format(win.gap());
        });
        line(sb, "allowed lateness", Durations.format(job.allowedLateness()));
        line(sb, "aggregate", job.aggregates().stream().map(a -> a.outputName()).collect(Collectors.joining(", ")));
        line(sb, "results", job.results().toString());
        line(sb, "late records", job.late() == null ? "counted only" : job.late().toString());
        line(sb, "dead letters", job.deadLetter() == null ? "counted, first 10 shown on stderr" : job.deadLetter().toString());
        return sb.toString();
    }

    private static String offset(JobConfig.Window w) {
        return w.offset().isZero() ? "" : ", offset " + Durations.format(w.offset());
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    private static void line(StringBuilder sb, String k, String v) {
        sb.append(String.format("  %-17s %s%n", k, v));
    }
}
