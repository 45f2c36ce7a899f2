package io.tidemark.api.common.functions;

/** Combines two values of the same type into one; must be associative. */
@FunctionalInterface
public interface ReduceFunction<T> extends Function {
    T reduce(T value1, T value2) throws Exception;
}
