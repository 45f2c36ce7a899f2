package io.tidemark.streaming.api.functions.async;

import java.util.Collection;

/** Makes the records of a {@link ResultFuture} on the operator's thread (Flink's {@code CollectionSupplier}). */
@FunctionalInterface
public interface CollectionSupplier<OUT> {

    Collection<OUT> get() throws Exception;
}
