package io.tidemark.api.common.eventtime;

import io.tidemark.time.Clock;
import java.io.Serializable;

/** Creates a {@link WatermarkGenerator} for each place (split, subtask) that generates watermarks. */
@FunctionalInterface
public interface WatermarkGeneratorSupplier<T> extends Serializable {

    WatermarkGenerator<T> createWatermarkGenerator(Context context);

    /** What a supplier can use while creating its generator. */
    interface Context {
        /** The job's processing-time clock: the one idleness and ingestion time must read. */
        Clock getClock();
    }
}
