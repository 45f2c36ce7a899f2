package io.tidemark.cli;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.job.DetachedJob;
import io.tidemark.cli.job.Engine;
import io.tidemark.cli.job.JobRunner;
import io.tidemark.cli.job.RunReport;
import io.tidemark.cli.job.Summary;
import io.tidemark.cli.output.JdbcOutputType;
import io.tidemark.cli.reconcile.Stores;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true, abbreviateSynopsis = true,
        description = {"Runs a job file and prints a summary at the end.",
            "Results, late records and dead letters go where the job file says, as they come.",
            "Runs on the embedded engine, or with --engine flink on Apache Flink.",
            "Ctrl-C (SIGINT) or SIGTERM stops the source and prints the summary; windows",
            "still open are not written (--drain writes them, marked DRAINED). A second",
            "signal exits at once. With the job file's checkpoint: it resumes from the",
            "latest checkpoint, and a stop takes one and keeps it (with the open windows)."})
final class RunCommand implements Callable<Integer> {

    private final Main.Io io;

    @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file.")
    Path jobFile;

    @Option(names = {"-p", "--parallelism"}, paramLabel = "N", defaultValue = "1",
            description = "Parallelism of the job's windows, aggregation and outputs (default: ${DEFAULT-VALUE}).")
    int parallelism;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "embedded",
            description = "embedded (the default) or flink: Apache Flink, on a local MiniCluster started in this process, or on "
                    + "the cluster of --flink-master (the launcher builds tidemark-flink on first use).")
    String engine;

    @Option(names = "--flink-master", paramLabel = "HOST:PORT",
            description = "With --engine flink: a running Flink cluster's REST address (JobManager, port 8081 by default); the "
                    + "input paths are then paths on the TaskManagers (docs/job-file.md).")
    String flinkMaster;

    @Option(names = "--monitor-port", paramLabel = "PORT",
            description = "Serves the running job's Prometheus metrics (/metrics), JSON API (/api/...) and a page with live "
                    + "watermark charts (/) on this port of 127.0.0.1 (or of the bind address in the job file's monitoring "
                    + "section); 0 takes a free port. Overrides the port in the job file's monitoring section. Embedded "
                    + "engine only.")
    Integer monitorPort;

    @Option(names = "--no-progress", description = "No progress bar, even on a terminal.")
    boolean noProgress;

    @Option(names = {"-q", "--quiet"}, description = "No summary.")
    boolean quiet;

    @Option(names = "--drain", description = "At a stop (Ctrl-C, SIGTERM): write the windows still open, with timing DRAINED "
            + "(their records so far, not a final result). Not with checkpoint: (a stop keeps them there).")
    boolean drain;

    @Option(names = "--replace-corrections", description = "With a results table that tidemark backfill corrected: "
            + "write this run's results over its CORRECTION rows (run backfill again afterwards). Without it such a run "
            + "is refused.")
    boolean replaceCorrections;

    @Option(names = "--fresh", description = "With the job file's checkpoint: start from the beginning instead of resuming "
            + "from the latest checkpoint; what checkpoint.dir held is set aside (moved into set-aside-TIME/), not deleted.")
    boolean fresh;

    @Option(names = "--detach", description = "With --engine flink --flink-master: submit the job and return, printing "
            + "Flink's job id; the job writes its outputs from the cluster (kafka and jdbc outputs; it needs checkpoint:) and "
            + "runs on until it ends or tidemark stop JOB_ID. No summary.")
    boolean detach;

    @Option(names = "--from-savepoint", paramLabel = "DIR",
            description = "With --detach: start from this savepoint (the path tidemark stop --savepoint prints) or retained "
                    + "checkpoint of a detached job (its chk-N folder).")
    String fromSavepoint;

    RunCommand(Main.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        if (parallelism < 1) {
            throw new ConfigException("--parallelism", "must be at least 1: " + parallelism);
        }
        if (monitorPort != null && (monitorPort < 0 || monitorPort > 65535)) {
            throw new ConfigException("--monitor-port", "must be 0 to 65535: " + monitorPort);
        }
        Engine e = Engine.of(engine, flinkMaster);
        JobConfig job = JobConfigLoader.load(jobFile, BuiltIn.catalog());
        if (fromSavepoint != null && !detach) {
            throw new ConfigException("--from-savepoint", "only with --detach: a run the command stays attached to resumes "
                    + "from its own checkpoint.dir");
        }
        if (detach) {
            if (drain || fresh) {
                throw new ConfigException(drain ? "--drain" : "--fresh", "not with --detach: tidemark stop --drain ends a detached "
                        + "job's windows; a detached job starts fresh unless --from-savepoint");
            }
            String id = DetachedJob.submit(job, parallelism, e, fromSavepoint);
            io.err().println("tidemark: job '" + job.name() + "' submitted to " + flinkMaster + " as " + id + "; it runs there "
                    + "without this command. tidemark jobs --flink-master " + flinkMaster + " lists it; tidemark stop " + id
                    + " --flink-master " + flinkMaster + " [--savepoint DIR] [--drain] stops it");
            io.out().println(id);
            return Main.OK;
        }
        if (fresh && job.checkpoint() == null) {
            throw new ConfigException("--fresh", "the job file has no checkpoint: section; every run starts from the beginning");
        }
        if (drain && job.checkpoint() != null) {
            throw new ConfigException("--drain", "the job file has a checkpoint: section: a stop keeps the open windows in the "
                    + "checkpoint and the next run resumes them; --drain is for runs without checkpoints");
        }
        long corrections = Stores.corrections(job);
        if (corrections > 0 && !replaceCorrections) {
            throw new ConfigException("output.results", "table " + ((JdbcOutputType.Spec) job.outputs().results()).table() + " holds "
                    + corrections + " CORRECTION rows from tidemark backfill: this run would write over the corrected windows "
                    + "with their streaming results, which miss the late records. Run with --replace-corrections, then "
                    + "tidemark backfill again; or leave the table as it is");
        }
        if (corrections > 0) {
            io.err().println("tidemark: --replace-corrections: this run writes over the " + corrections + " CORRECTION rows of "
                    + "tidemark backfill; run tidemark backfill " + jobFile + " again afterwards to correct the windows");
        }
        RunReport report;
        try {
            report = JobRunner.run(job, new JobRunner.Options(parallelism, io.out(), io.err(),
                    io.terminal() && !noProgress, e, io.control(), monitorPort, fresh, drain));
        } catch (JobRunner.AlreadyFinished done) {
            io.err().println("tidemark: " + done.getMessage());
            return Main.OK;
        }
        if (!quiet) {
            io.out().print(Summary.format(report));
        }
        return exitCode(report, io);
    }

    /** 128 + the signal's number after a stop; 3 over the dead-letter limit; else 0. */
    static int exitCode(RunReport report, Main.Io io) {
        if (report.stoppedBy() != null) {
            return io.control().exitCode();
        }
        return report.overDeadLetterLimit() ? Main.DEAD_LETTERS : Main.OK;
    }
}
