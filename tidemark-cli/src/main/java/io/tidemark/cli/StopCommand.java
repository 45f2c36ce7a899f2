package io.tidemark.cli;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.job.Engine;
import io.tidemark.cli.job.FlinkRest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "stop", mixinStandardHelpOptions = true,
        description = {"Stops a job on a Flink cluster (one tidemark run --detach started, or any).",
            "With --savepoint DIR: Flink's stop with a savepoint into DIR, whose path it prints;",
            "tidemark run --detach --from-savepoint PATH job.yaml resumes from it. With --drain",
            "too, every window fires first (the job is not meant to resume). Without either:",
            "the job is cancelled; its retained checkpoints (checkpoint.dir/detached/JOB_ID/chk-N)",
            "stay, and --from-savepoint resumes from one of them as from a savepoint."})
final class StopCommand implements Callable<Integer> {

    private final Main.Io io;

    @Parameters(index = "0", paramLabel = "JOB_ID", description = "The Flink job id (tidemark jobs lists them).")
    String jobId;

    @Option(names = "--flink-master", paramLabel = "HOST:PORT", required = true,
            description = "The Flink cluster's REST address (JobManager, port 8081 by default).")
    String flinkMaster;

    @Option(names = "--savepoint", paramLabel = "DIR",
            description = "Stop with a savepoint into DIR: a directory the JobManager and every TaskManager see: a path (a "
                    + "shared mount), or a URI of the cluster's file systems (s3://bucket/path, hdfs://namenode/path), passed as is.")
    String savepoint;

    @Option(names = "--drain", description = "With the savepoint: first the watermark that ends event time, so that every "
            + "window still open fires (the cluster's savepoint directory when --savepoint is not given).")
    boolean drain;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "PT5M",
            description = "How long to wait for the job to end, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    StopCommand(Main.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        Engine.of("flink", flinkMaster); // checks host:port
        if (!jobId.matches("[0-9a-f]{32}")) {
            throw new ConfigException("JOB_ID", "expected Flink's job id, 32 hex digits (tidemark jobs --flink-master "
                    + flinkMaster + " lists them), got '" + jobId + "'");
        }
        FlinkRest rest = new FlinkRest(flinkMaster);
        if (savepoint == null && !drain) {
            String state = rest.cancel(jobId, timeout);
            io.err().println("tidemark: job " + jobId + " " + state.toLowerCase(java.util.Locale.ROOT)
                    + "; its retained checkpoints stay in its checkpoint directory");
            return Main.OK;
        }
        String target = savepoint == null ? null : savepoint.matches("[a-zA-Z][a-zA-Z0-9+.-]*://.*") ? savepoint
                : Path.of(savepoint).toAbsolutePath().toUri().toString();
        String location = rest.stop(jobId, target, drain, timeout);
        if (location.startsWith("file:")) { // Flink names it by URI: the path, as the other commands take it
            location = Path.of(java.net.URI.create(location)).toString();
        }
        io.err().println("tidemark: job " + jobId + " stopped" + (drain ? " after every window fired" : "")
                + " with a savepoint; resume with: tidemark run --detach --from-savepoint " + location + " ...");
        io.out().println(location);
        return Main.OK;
    }
}
