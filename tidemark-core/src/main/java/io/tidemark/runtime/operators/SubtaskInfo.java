package io.tidemark.runtime.operators;

import io.tidemark.api.common.JobID;
import io.tidemark.api.common.JobInfo;
import io.tidemark.api.common.TaskInfo;

/**
 * The {@link TaskInfo} and {@link JobInfo} of one operator subtask of the embedded engine.
 *
 * @param taskName the operator's name
 * @param indexOfThisSubtask from 0
 * @param numberOfParallelSubtasks the operator's parallelism
 * @param maxNumberOfParallelSubtasks the job's maximum parallelism
 * @param attemptNumber 0, one more for each restart
 * @param jobId the job's id
 * @param jobName the job's name
 */
public record SubtaskInfo(String taskName, int indexOfThisSubtask, int numberOfParallelSubtasks, int maxNumberOfParallelSubtasks,
        int attemptNumber, JobID jobId, String jobName) implements TaskInfo, JobInfo {

    /** The job id of subtasks run outside a job (operator tests): all zeros. */
    public static final JobID NO_JOB = new JobID(0, 0);

    /** Subtask {@code index} of {@code parallelism} of a first attempt, outside a job. */
    public static SubtaskInfo of(String taskName, int index, int parallelism) {
        return new SubtaskInfo(taskName, index, parallelism, TaskInfo.defaultMaxParallelism(parallelism), 0, NO_JOB, "Tidemark Job");
    }

    @Override
    public String getTaskName() {
        return taskName;
    }

    @Override
    public int getMaxNumberOfParallelSubtasks() {
        return maxNumberOfParallelSubtasks;
    }

    @Override
    public int getIndexOfThisSubtask() {
        return indexOfThisSubtask;
    }

    @Override
    public int getNumberOfParallelSubtasks() {
        return numberOfParallelSubtasks;
    }

    @Override
    public int getAttemptNumber() {
        return attemptNumber;
    }

    @Override
    public String getTaskNameWithSubtasks() {
        return taskName + " (" + (indexOfThisSubtask + 1) + "/" + numberOfParallelSubtasks + ")#" + attemptNumber;
    }

    @Override
    public String getAllocationIDAsString() {
        return "UNKNOWN";
    }

    @Override
    public JobID getJobId() {
        return jobId;
    }

    @Override
    public String getJobName() {
        return jobName;
    }
}
