package io.tidemark.core.io;

import java.io.IOException;

/**
 * Turns objects into bytes and back, with a version that travels with the bytes (Flink's {@code
 * SimpleVersionedSerializer}): a checkpoint stores the version its writer had; the reader gets it back
 * and can read bytes of an older format. Used for sink committables and sink writer state.
 */
public interface SimpleVersionedSerializer<E> {

    /** The format version {@link #serialize} writes. */
    int getVersion();

    byte[] serialize(E obj) throws IOException;

    /** Reads bytes written by a serializer of format {@code version} (this one's or an older one). */
    E deserialize(int version, byte[] serialized) throws IOException;
}
