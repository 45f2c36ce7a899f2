package io.tidemark.flink.bridge;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.source.legacy.ParallelSourceFunction;
import org.apache.flink.streaming.api.functions.source.legacy.SourceFunction;
import org.apache.flink.streaming.api.operators.StreamSource;

/**
 * A translated source on Flink, bounded when its Tidemark source is: Flink counts every legacy
 * {@code SourceFunction} as unbounded and runs a job in BATCH mode only when all its sources are
 * bounded, so a bounded Tidemark source (collections, sequences, files, generators) is declared
 * {@code BOUNDED} to Flink in BATCH mode.
 */
public final class BoundedSources {

    private BoundedSources() {}

    /** {@code flink.addSource(function, name, type)}, declared bounded when {@code bounded}. */
    public static <T> DataStreamSource<T> add(StreamExecutionEnvironment flink, SourceFunction<T> function, String name,
            TypeInformation<T> type, boolean bounded) {
        if (!bounded) {
            return flink.addSource(function, name, type);
        }
        return new DataStreamSource<>(flink, type, new StreamSource<>(function), function instanceof ParallelSourceFunction,
                name, Boundedness.BOUNDED);
    }
}
