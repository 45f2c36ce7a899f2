package io.tidemark.runtime.operators;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.time.Clock;

/** What the engine gives an operator subtask when it is set up. */
public final class OperatorContext {

    private final SubtaskInfo subtask;
    private final ProcessingTimeService processingTimeService;
    private final ExecutionConfig config;
    private final OperatorMetrics metrics;
    private final MailboxExecutor mailbox;
    /** The time of state time-to-live: the processing clock unless a test harness gives its own. */
    private Clock stateTtlClock;

    /** A subtask outside a job (operator tests), run directly on the calling thread. */
    public OperatorContext(String operatorName, int subtaskIndex, int parallelism,
            ProcessingTimeService processingTimeService, ExecutionConfig config) {
        this(SubtaskInfo.of(operatorName, subtaskIndex, parallelism), processingTimeService, config, MailboxExecutor.DIRECT);
    }

    /** With {@code mailbox} to run actions from other threads where the subtask's operators run. */
    public OperatorContext(SubtaskInfo subtask, ProcessingTimeService processingTimeService, ExecutionConfig config,
            MailboxExecutor mailbox) {
        this.mailbox = mailbox;
        this.subtask = subtask;
        this.processingTimeService = processingTimeService;
        this.config = config;
        this.metrics = new OperatorMetrics(subtask.taskName(), subtask.indexOfThisSubtask(), processingTimeService.getClock());
    }

    public String getOperatorName() {
        return subtask.taskName();
    }

    public int getSubtaskIndex() {
        return subtask.indexOfThisSubtask();
    }

    public int getParallelism() {
        return subtask.numberOfParallelSubtasks();
    }

    /** Where this subtask runs and in which job ({@code getRuntimeContext().getTaskInfo()} / {@code getJobInfo()}). */
    public SubtaskInfo getSubtaskInfo() {
        return subtask;
    }

    public ProcessingTimeService getProcessingTimeService() {
        return processingTimeService;
    }

    public Clock getClock() {
        return processingTimeService.getClock();
    }

    /** The clock that state time-to-live reads ({@code StateTtlConfig}): the processing clock by default. */
    public Clock getStateTtlClock() {
        return stateTtlClock != null ? stateTtlClock : getClock();
    }

    /**
     * Makes state time-to-live read {@code clock} instead of the processing clock, as Flink's test
     * harness keeps the two apart ({@code setStateTtlProcessingTime}); before the operator is set up.
     */
    public OperatorContext setStateTtlClock(Clock clock) {
        this.stateTtlClock = clock;
        return this;
    }

    public ExecutionConfig getConfig() {
        return config;
    }

    public OperatorMetrics getMetrics() {
        return metrics;
    }

    /** Runs actions from other threads where this subtask's operators run (read-only questions). */
    public MailboxExecutor getMailbox() {
        return mailbox;
    }
}
