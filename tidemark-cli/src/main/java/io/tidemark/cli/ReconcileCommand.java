package io.tidemark.cli;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.io.Event;
import io.tidemark.cli.reconcile.BatchGroupBy;
import io.tidemark.cli.reconcile.Reconciliation;
import io.tidemark.cli.reconcile.Stores;
import io.tidemark.cli.reconcile.ValidInput;
import io.tidemark.cli.spi.OutputContext;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "reconcile", mixinStandardHelpOptions = true,
        description = {"Compares the job's results with a batch recomputation.",
            "The results are read back from the results file (with its corrections file)",
            "or table; the batch side is a plain group-by of all valid input records,",
            "independent of the streaming engine. Prints each window that differs",
            "(missing, extra, other numbers) and the late records that explain it.",
            "Exit code 0 when they agree, 1 when they differ, 2 on a job-file error."})
final class ReconcileCommand implements Callable<Integer> {

    private final Main.Io io;

    @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file (its results must have been written).")
    Path jobFile;

    ReconcileCommand(Main.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        JobConfig job = JobConfigLoader.load(jobFile, BuiltIn.catalog());
        List<Event> input = ValidInput.read(job);
        Reconciliation r = Reconciliation.compare(job.keyBy(), job.aggregates(), Stores.results(job),
                BatchGroupBy.compute(job, input), Stores.late(job),
                job.window().type() == JobConfig.WindowType.SESSION ? job.window().gap().toMillis() : 0);
        io.out().println("reconcile '" + job.name() + "': " + job.outputs().get(OutputContext.Role.RESULTS).describe()
                + " against a batch group-by of " + job.source().spec().describe() + " (" + input.size() + " valid records)");
        r.print(io.out());
        return r.matches() ? Main.OK : Main.FAILED;
    }
}
