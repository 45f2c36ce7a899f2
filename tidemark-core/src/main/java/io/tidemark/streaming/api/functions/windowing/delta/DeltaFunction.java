package io.tidemark.streaming.api.functions.windowing.delta;

import java.io.Serializable;

/**
 * The distance between two elements, for {@code DeltaTrigger} and {@code DeltaEvictor}.
 *
 * @param <DATA> element type
 */
@FunctionalInterface
public interface DeltaFunction<DATA> extends Serializable {

    /** How far {@code newDataPoint} is from {@code oldDataPoint}. */
    double getDelta(DATA oldDataPoint, DATA newDataPoint);
}
