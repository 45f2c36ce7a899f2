package io.tidemark.runtime.operators;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.time.Clock;

/** What the engine gives an operator subtask when it is set up. */
public final class OperatorContext {

    private final String operatorName;
    private final int subtaskIndex;
    private final int parallelism;
    private final ProcessingTimeService processingTimeService;
    private final ExecutionConfig config;
    private final OperatorMetrics metrics;
    private final MailboxExecutor mailbox;

    public OperatorContext(String operatorName, int subtaskIndex, int parallelism,
            ProcessingTimeService processingTimeService, ExecutionConfig config) {
        this(operatorName, subtaskIndex, parallelism, processingTimeService, config, MailboxExecutor.DIRECT);
    }

    /** With {@code mailbox} to run actions from other threads where the subtask's operators run. */
    public OperatorContext(String operatorName, int subtaskIndex, int parallelism,
            ProcessingTimeService processingTimeService, ExecutionConfig config, MailboxExecutor mailbox) {
        this.mailbox = mailbox;
        this.operatorName = operatorName;
        this.subtaskIndex = subtaskIndex;
        this.parallelism = parallelism;
        this.processingTimeService = processingTimeService;
        this.config = config;
        this.metrics = new OperatorMetrics(operatorName, subtaskIndex, processingTimeService.getClock());
    }

    public String getOperatorName() {
        return operatorName;
    }

    public int getSubtaskIndex() {
        return subtaskIndex;
    }

    public int getParallelism() {
        return parallelism;
    }

    public ProcessingTimeService getProcessingTimeService() {
        return processingTimeService;
    }

    public Clock getClock() {
        return processingTimeService.getClock();
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
