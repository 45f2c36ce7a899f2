package io.tidemark.api.common.eventtime;

import java.io.Serializable;

/** A {@link TimestampAssigner} that is also {@link Serializable}, so lambdas can run on Flink too. */
@FunctionalInterface
public interface SerializableTimestampAssigner<T> extends TimestampAssigner<T>, Serializable {}
