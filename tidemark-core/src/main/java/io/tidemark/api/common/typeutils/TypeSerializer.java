package io.tidemark.api.common.typeutils;

import java.io.Serializable;

/**
 * How records of a type are serialized, where Flink's API asks for one (for example
 * {@code DeltaTrigger.of(threshold, deltaFunction, serializer)}). The embedded engine keeps state as
 * objects and never serializes it; on Flink (the runner) the record type's Flink serializer is used.
 *
 * @param <T> the type
 */
public abstract class TypeSerializer<T> implements Serializable {

    private static final long serialVersionUID = 1L;
}
