package io.tidemark.streaming.api.transformations;

import io.tidemark.runtime.operators.AbstractStreamOperator;
import java.io.Serializable;
import java.util.function.Supplier;

/**
 * Creates an operator subtask. Serializable, so that every parallel subtask gets its own copy of the
 * user functions the factory captures (as Flink does by shipping serialized functions).
 */
@FunctionalInterface
public interface OperatorFactory<IN, OUT> extends Supplier<AbstractStreamOperator<IN, OUT>>, Serializable {}
