package io.tidemark.streaming.api.functions.async;

import java.util.Collection;

/** Where an {@link AsyncFunction} puts its results (Flink's {@code ResultFuture}); only the first completion counts. */
public interface ResultFuture<OUT> {

    /** The records the call produced (none: an empty collection). */
    void complete(Collection<OUT> result);

    /** The call failed: the job fails with {@code error} (unless a retry strategy retries). */
    void completeExceptionally(Throwable error);

    /** The records {@code supplier} makes, made on the operator's thread. */
    void complete(CollectionSupplier<OUT> supplier);
}
