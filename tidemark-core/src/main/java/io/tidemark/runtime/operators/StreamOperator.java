package io.tidemark.runtime.operators;

/**
 * An operator subtask. Life cycle: {@link #setup}, {@link #open}, then input callbacks on the task
 * thread, then {@link #close} (also after a failure or cancellation).
 */
public interface StreamOperator<OUT> {

    void setup(OperatorContext context, Output<OUT> output);

    void open() throws Exception;

    void close() throws Exception;

    OperatorContext getContext();
}
