package io.tidemark.api.common.functions;

/** Joins a pair of elements of two streams that share a key (and a window): one result per pair. */
@FunctionalInterface
public interface JoinFunction<IN1, IN2, OUT> extends Function {
    OUT join(IN1 first, IN2 second) throws Exception;
}
