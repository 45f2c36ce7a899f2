package io.tidemark.cli.job;

import java.io.Serializable;

/**
 * What the job's functions carry to find their run ({@link RunContext}): the run's id and, for a run
 * on a remote Flink cluster, the job file's text and path, from which a TaskManager (another JVM,
 * where the run is not registered) rebuilds the run's job and outputs.
 *
 * @param jobText the job file's YAML, or null when the functions always run in the command's JVM
 * @param jobFile the job file's absolute path (relative paths in it resolve against its folder)
 */
record RunHandle(String runId, String jobText, String jobFile) implements Serializable {

    private static final long serialVersionUID = 1L;

    static RunHandle local(String runId) {
        return new RunHandle(runId, null, null);
    }
}
