package io.tidemark.api.common.functions;

/** One record in, one record out. */
@FunctionalInterface
public interface MapFunction<T, O> extends Function {
    O map(T value) throws Exception;
}
