package io.tidemark.streaming.api.transformations;

import io.tidemark.streaming.api.operators.OneInputOperator;
import java.io.Serializable;

/**
 * Creates a subtask of a custom operator ({@code DataStream.transform(name, factory)}) for the engine
 * whose operator it returns: the embedded engine runs one of its {@code AbstractStreamOperator}s and
 * fails the job before it starts for anything else. Serializable, so that every parallel subtask gets
 * its own copy of what the factory captures.
 */
@FunctionalInterface
public interface OperatorFactory<IN, OUT> extends Serializable {

    /** A new operator subtask. */
    OneInputOperator<IN, OUT> createOperator();
}
