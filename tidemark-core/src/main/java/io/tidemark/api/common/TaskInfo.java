package io.tidemark.api.common;

/**
 * Where a parallel instance of a function runs (Flink 2's {@code TaskInfo},
 * {@code getRuntimeContext().getTaskInfo()}): the task's name, this subtask's index among its parallel
 * instances, their number, the maximum parallelism, and the attempt number.
 */
public interface TaskInfo {

    /**
     * The task's name: on the embedded engine the operator's name (Tidemark chains differently from
     * Flink, so it does not name a chain); on Flink, Flink's task name.
     */
    String getTaskName();

    /** The maximum parallelism: {@code pipeline.max-parallelism}, else Flink's default for the parallelism. */
    int getMaxNumberOfParallelSubtasks();

    /** This subtask's index, from 0 to {@code getNumberOfParallelSubtasks() - 1}. */
    int getIndexOfThisSubtask();

    /** The task's parallelism. */
    int getNumberOfParallelSubtasks();

    /** The attempt: 0 for the first run, one more for each restart of the job ({@code restart-strategy}). */
    int getAttemptNumber();

    /** The task's name with its subtask, as Flink writes it: {@code "Map (2/4)#0"}. */
    String getTaskNameWithSubtasks();

    /** The slot the subtask runs in; {@code "UNKNOWN"} on the embedded engine, as Flink says where it does not know. */
    String getAllocationIDAsString();

    /** Flink's default maximum parallelism for {@code parallelism}: 1.5 × it rounded up to a power of two, from 128 to 32768. */
    static int defaultMaxParallelism(int parallelism) {
        int wanted = parallelism + parallelism / 2;
        int power = wanted <= 1 ? 1 : Integer.highestOneBit(wanted - 1) << 1;
        return Math.min(Math.max(power, 128), 32768);
    }
}
