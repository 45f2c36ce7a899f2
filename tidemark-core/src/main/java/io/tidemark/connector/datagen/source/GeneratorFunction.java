package io.tidemark.connector.datagen.source;

import io.tidemark.api.common.functions.Function;
import io.tidemark.api.connector.source.SourceReaderContext;

/**
 * Makes the record for an index ({@code 0, 1, 2, ...}) of a {@link DataGeneratorSource}, as Flink's.
 * A lambda is enough; {@link #open} and {@link #close} frame each subtask's run.
 */
@FunctionalInterface
public interface GeneratorFunction<T, O> extends Function {

    /** Called once per subtask before the first record. */
    default void open(SourceReaderContext readerContext) throws Exception {}

    /** Called once per subtask after the last record (also when the job fails or is cancelled). */
    default void close() throws Exception {}

    O map(T value) throws Exception;
}
