package io.tidemark.cli;

import io.tidemark.cli.job.Engine;
import io.tidemark.cli.job.FlinkRest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "jobs", mixinStandardHelpOptions = true,
        description = {"Lists the jobs of a Flink cluster: id, state, start time (UTC) and name, newest first.",
            "The ids are those tidemark run --detach prints and tidemark stop takes."})
final class JobsCommand implements Callable<Integer> {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    private final Main.Io io;

    @Option(names = "--flink-master", paramLabel = "HOST:PORT", required = true,
            description = "The Flink cluster's REST address (JobManager, port 8081 by default).")
    String flinkMaster;

    JobsCommand(Main.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        Engine.of("flink", flinkMaster); // checks host:port
        List<FlinkRest.Job> jobs = new FlinkRest(flinkMaster).jobs();
        if (jobs.isEmpty()) {
            io.err().println("tidemark: no jobs on the Flink cluster at " + flinkMaster);
            return Main.OK;
        }
        io.out().printf("%-32s  %-11s  %-19s  %s%n", "JOB ID", "STATE", "STARTED (UTC)", "NAME");
        for (FlinkRest.Job j : jobs) {
            io.out().printf("%-32s  %-11s  %-19s  %s%n", j.id(), j.state(), TIME.format(Instant.ofEpochMilli(j.startTime())), j.name());
        }
        return Main.OK;
    }
}
