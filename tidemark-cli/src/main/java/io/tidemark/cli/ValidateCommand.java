package io.tidemark.cli;

import io.tidemark.cli.config.Durations;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.config.JobKeys;
import io.tidemark.cli.config.Key;
import io.tidemark.cli.config.Settings;
import io.tidemark.cli.job.BoundCheck;
import io.tidemark.cli.job.CsvColumns;
import io.tidemark.cli.job.JobRunner;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Checks a job file without running it and prints its settings.",
            "Every setting is printed, defaults included; the outputs' places are checked too.",
            "Exit code 2 and one message naming the key when something is wrong."})
final class ValidateCommand implements Callable<Integer> {

    private final Main.Io io;

    @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file.")
    Path jobFile;

    ValidateCommand(Main.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        JobConfig job = JobConfigLoader.load(jobFile, BuiltIn.catalog());
        CsvColumns.check(job);
        io.out().println(jobFile + ": OK");
        io.out().print(describe(job));
        return Main.OK;
    }

    /** Every key that applies, with its value ("(default)" when the job file does not set it), then what the job touches. */
    static String describe(JobConfig job) {
        StringBuilder sb = new StringBuilder();
        Settings s = job.settings();
        for (Key<?> k : JobKeys.table(BuiltIn.catalog()).keys()) {
            if (!s.applies(k) || !s.isSet(k) && s.get(k) == null && !k.path().equals("name") || absentSection(job, k)) {
                continue;
            }
            String value = k.path().equals("name") ? job.name() : show(k, s);
            sb.append(String.format("  %-32s %s%s%n", k.path(), value, s.isSet(k) ? "" : " (default)"));
        }
        sb.append(String.format("%-34s %s%n", "reads", job.source().spec().describe()));
        for (OutputContext.Role role : OutputContext.Role.values()) {
            OutputSpec o = job.outputs().get(role);
            String what = o == null ? "not written (counted in the summary"
                    + (role == OutputContext.Role.DEAD_LETTER ? "; the first 10 on standard error)" : ")")
                    : o.describe() + (job.checkpoint() != null && o.file() != null
                            ? " (committed with the checkpoints)"
                            : o.file() != null && Files.isRegularFile(o.file())
                            ? " (exists: replaced when the run ends well, kept if it fails)" : "");
            sb.append(String.format("%-34s %s%n", "writes " + role.key(), what));
            String schema = o == null ? null : o.schema(JobRunner.outputContext(job, role, () -> null, null));
            if (schema != null) {
                for (String line : schema.split("\n")) {
                    sb.append(String.format("%-34s %s%n", "", line));
                }
            }
        }
        if (job.checkpoint() != null) {
            sb.append(String.format("%-34s %s%n", "checkpoints", job.checkpoint().dir() + " (tidemark run resumes from the latest "
                    + "completed one there; --fresh starts from the beginning)"));
        }
        for (String n : notes(job)) {
            sb.append(String.format("%-34s %s%n", "note", n));
        }
        return sb.toString();
    }

    /** A key of a section the job file does not have, whose defaults mean nothing then: checkpoint, monitoring. */
    private static boolean absentSection(JobConfig job, Key<?> k) {
        return k.path().startsWith("checkpoint.") && job.checkpoint() == null
                || k.path().startsWith("monitoring.") && job.monitoring() == null;
    }

    @SuppressWarnings("unchecked")
    private static <T> String show(Key<T> k, Settings s) {
        T v = s.get(k);
        return v == null ? "none" : k.type().show(v);
    }

    static List<String> notes(JobConfig job) {
        List<String> out = new ArrayList<>();
        String bound = BoundCheck.beforeRun(job);
        if (bound != null) {
            out.add("warning: " + bound);
        }
        JobConfig.Window w = job.window();
        if (w.hasGaps()) {
            out.add("window.slide (" + Durations.format(w.slide()) + ") is larger than window.size (" + Durations.format(w.size())
                    + "): records between windows are dead letters (no-window)");
        }
        return out;
    }
}
