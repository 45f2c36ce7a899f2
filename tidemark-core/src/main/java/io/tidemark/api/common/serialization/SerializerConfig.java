package io.tidemark.api.common.serialization;

import java.io.Serializable;

/**
 * How types are serialized ({@code env.getConfig().getSerializerConfig()}), where Flink's API asks for
 * it, for example to make a {@code TypeSerializer} with {@code TypeInformation.createSerializer}. The
 * embedded engine serializes no records or state, so there is nothing to configure.
 */
public final class SerializerConfig implements Serializable {

    private static final long serialVersionUID = 1L;
}
