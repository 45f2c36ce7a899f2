package io.tidemark.bench;

import java.nio.ByteBuffer;

/** An {@link Event} of the keyed workloads as the 24 bytes of a Kafka record's value: key, event time, value. */
public final class EventCodec {

    public static final int SIZE = 24;

    private EventCodec() {}

    public static byte[] encode(long key, long ts, long value) {
        return ByteBuffer.allocate(SIZE).putLong(key).putLong(ts).putLong(value).array();
    }

    public static Event decode(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        return new Event(b.getLong(), b.getLong(), b.getLong(), 0, 0);
    }
}
